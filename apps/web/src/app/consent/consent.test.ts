import { describe, expect, it, vi } from 'vitest';
import { createAnalytics, type AnalyticsEvent } from './analytics';
import { CONSENT_COOKIE, consentCookie, levelOf, readConsent, scopeOf } from './consent';

const NOW = 1_800_000_000;

describe('consent levels (spec: 0 disable, 1 only functionality, 2 only marketing, 3 all)', () => {
  it('maps each level to what it allows and back', () => {
    expect([0, 1, 2, 3].map((l) => scopeOf(l as 0 | 1 | 2 | 3))).toEqual([
      { functional: false, marketing: false },
      { functional: true, marketing: false },
      { functional: false, marketing: true },
      { functional: true, marketing: true },
    ]);
    for (const l of [0, 1, 2, 3] as const) expect(levelOf(scopeOf(l))).toBe(l);
  });

  it('remembers a choice for rememberDays and forgets a stale or malformed one', () => {
    const set = consentCookie(1, 180, NOW, true);
    expect(set).toBe(`${CONSENT_COOKIE}=1.${NOW}; Max-Age=15552000; Path=/; SameSite=Lax; Secure`);
    const cookie = `other=x; ${set.split(';')[0]}`;
    expect(readConsent(cookie, 180, NOW + 10)).toEqual({ level: 1, at: NOW });
    expect(readConsent(cookie, 180, NOW + 181 * 86_400)).toBeUndefined();
    expect(readConsent(`${CONSENT_COOKIE}=7.${NOW}`, 180, NOW)).toBeUndefined();
    expect(readConsent(`${CONSENT_COOKIE}=all`, 180, NOW)).toBeUndefined();
    expect(readConsent('', 180, NOW)).toBeUndefined();
  });
});

function fakeTimers() {
  let tick: (() => void) | undefined;
  return {
    timers: {
      setInterval: ((fn: () => void) => {
        tick = fn;
        return 1;
      }) as unknown as typeof setInterval,
      clearInterval: vi.fn() as unknown as typeof clearInterval,
    },
    tick: () => tick?.(),
  };
}

describe('analytics under consent', () => {
  const settings = { enabled: true, sendIntervalMs: 3000, eventsPerSend: 2 };

  it('sends nothing without marketing consent, and batches of eventsPerSend once it is given', () => {
    const sent: (readonly AnalyticsEvent[])[] = [];
    const { timers, tick } = fakeTimers();
    const analytics = createAnalytics(settings, 1, (batch) => (sent.push(batch), true), timers);
    analytics.track('page_view', { path: '/en' });
    tick();
    expect(sent).toEqual([]);
    expect(analytics.pending()).toBe(0);
    analytics.setConsent(3);
    for (const path of ['/en', '/en/line', '/en/live']) analytics.track('page_view', { path });
    tick();
    expect(sent.map((b) => b.map((e) => e.data?.['path']))).toEqual([['/en', '/en/line']]);
    tick();
    expect(sent.map((b) => b.length)).toEqual([2, 1]);
  });

  it('drops what is waiting when consent is withdrawn, and keeps a batch the transport refuses', () => {
    let accept = false;
    const sent: (readonly AnalyticsEvent[])[] = [];
    const { timers, tick } = fakeTimers();
    const analytics = createAnalytics(settings, 2, (batch) => (accept ? (sent.push(batch), true) : false), timers);
    analytics.track('page_view');
    tick();
    expect(analytics.pending()).toBe(1);
    analytics.setConsent(0);
    expect(analytics.pending()).toBe(0);
    accept = true;
    tick();
    expect(sent).toEqual([]);
  });

  it('does nothing at all where the brand has analytics off, whatever the consent', () => {
    const transport = vi.fn(() => true);
    const { timers, tick } = fakeTimers();
    const analytics = createAnalytics({ ...settings, enabled: false }, 3, transport, timers);
    analytics.track('page_view');
    tick();
    analytics.flush();
    expect(transport).not.toHaveBeenCalled();
    expect(analytics.pending()).toBe(0);
  });
});
