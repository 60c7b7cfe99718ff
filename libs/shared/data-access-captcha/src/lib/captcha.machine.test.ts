import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { captchaMachine, type CaptchaInput } from './captcha.machine';
import {
  CaptchaDismissedError,
  type AltchaChallenge,
  type CaptchaProvider,
  type CaptchaSession,
  type PuzzleChallenge,
} from './captcha.types';
import { requestCaptchaToken } from './request-captcha-token';

const challenge: PuzzleChallenge = { id: 'c1', trackWidth: 280, pieceWidth: 40, image: 'data:image/png;base64,' };

/** A widget provider whose session the test drives, like a third-party script would. */
function widgetProvider(loadDelayMs = 500) {
  const sessions: CaptchaSession[] = [];
  const cleanup = vi.fn();
  const provider = {
    kind: 'hcaptcha' as const,
    load: vi.fn(() => new Promise<null>((resolve) => setTimeout(() => resolve(null), loadDelayMs))),
    execute: vi.fn((session: CaptchaSession) => {
      sessions.push(session);
      return cleanup;
    }),
  } satisfies CaptchaProvider;
  return { provider, sessions, cleanup };
}

function puzzleProvider(verdicts: Array<string | null | Error>) {
  return {
    kind: 'puzzle' as const,
    load: vi.fn(async () => challenge),
    execute: () => () => undefined,
    verify: vi.fn(async () => {
      const verdict = verdicts.shift() ?? null;
      if (verdict instanceof Error) throw verdict;
      return verdict;
    }),
  } satisfies CaptchaProvider;
}

function start(input: Partial<CaptchaInput> & Pick<CaptchaInput, 'providers'>) {
  const actor = createActor(captchaMachine, {
    input: { config: { captchaType: 'hcaptcha', publicKey: 'k' }, ...input },
  });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('captchaMachine: widget providers', () => {
  it('loads on demand, executes, and a token succeeds with the elapsed time', async () => {
    const { provider, sessions, cleanup } = widgetProvider(500);
    const { actor, emitted } = start({ providers: { hcaptcha: provider } });
    expect(actor.getSnapshot().matches({ active: 'loading' })).toBe(true);
    expect(provider.execute).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().matches({ active: 'executing' })).toBe(true);
    expect(sessions[0]?.config.publicKey).toBe('k');

    await vi.advanceTimersByTimeAsync(2500);
    sessions[0]?.onToken('tok-1');
    expect(actor.getSnapshot().value).toBe('solved');
    expect(actor.getSnapshot().output).toEqual({ status: 'solved', token: 'tok-1', elapsedMs: 3000 });
    expect(emitted).toContainEqual({ type: 'captcha.solved', token: 'tok-1', elapsedMs: 3000 });
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('an empty token is not success', async () => {
    const { provider, sessions } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider } });
    await flush();
    sessions[0]?.onToken('');
    expect(actor.getSnapshot().matches({ active: 'executing' })).toBe(true);
  });

  it('expiry rejects with Dismissed captcha and reports the elapsed time', async () => {
    const { provider, sessions } = widgetProvider(0);
    const { actor, emitted } = start({ providers: { hcaptcha: provider } });
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    sessions[0]?.onExpired();
    expect(actor.getSnapshot().output).toEqual({
      status: 'dismissed',
      reason: 'expired',
      message: 'Dismissed captcha',
      elapsedMs: 1000,
    });
    expect(emitted).toContainEqual({
      type: 'captcha.dismissed',
      reason: 'expired',
      message: 'Dismissed captcha',
      elapsedMs: 1000,
    });
  });

  it('closing the widget rejects with Dismissed captcha', async () => {
    const { provider, sessions } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider } });
    await flush();
    sessions[0]?.onClose();
    expect(actor.getSnapshot().value).toBe('dismissed');
    await expect(requestCaptchaToken(actor)).rejects.toMatchObject({ message: 'Dismissed captcha', reason: 'closed' });
  });

  it('closing while the script still loads dismisses too, and the widget never runs', async () => {
    const { provider } = widgetProvider(1000);
    const { actor } = start({ providers: { hcaptcha: provider } });
    actor.send({ type: 'captcha.close' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(provider.execute).not.toHaveBeenCalled();
  });

  it('an outside click cancels', async () => {
    const { provider } = widgetProvider(0);
    const { actor, emitted } = start({ providers: { hcaptcha: provider } });
    await flush();
    actor.send({ type: 'captcha.outsideClick' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(emitted).toContainEqual(expect.objectContaining({ type: 'captcha.dismissed', reason: 'cancelled' }));
    await expect(requestCaptchaToken(actor)).rejects.toBeInstanceOf(CaptchaDismissedError);
  });

  it('the overall timeout dismisses a captcha nobody answers', async () => {
    const { provider } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider }, timeoutMs: 30_000 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().output).toMatchObject({ status: 'dismissed', reason: 'timeout', elapsedMs: 30_000 });
  });

  it('item 13: a script that cannot load waits for a retry and never yields a request without a token', async () => {
    let attempts = 0;
    const provider = {
      kind: 'hcaptcha' as const,
      load: vi.fn(() =>
        ++attempts === 1 ? Promise.reject(new Error('The script could not be loaded')) : Promise.resolve(null),
      ),
      execute: vi.fn((session: CaptchaSession) => {
        session.onToken('after-retry');
        return () => undefined;
      }),
    } satisfies CaptchaProvider;
    const { actor } = start({ providers: { hcaptcha: provider } });
    const token = requestCaptchaToken(actor);
    await flush();
    expect(actor.getSnapshot().matches({ active: 'unavailable' })).toBe(true);
    expect(actor.getSnapshot().context.loadError).toBe('The script could not be loaded');
    expect(actor.getSnapshot().status).toBe('active');
    // A widget brand has no built-in alternative the server would accept: only a retry.
    expect(actor.getSnapshot().can({ type: 'captcha.useAltcha' })).toBe(false);
    actor.send({ type: 'captcha.retry' });
    await flush();
    await expect(token).resolves.toBe('after-retry');
    expect(provider.load).toHaveBeenCalledTimes(2);
  });

  it('item 13: closing a check that could not load is a dismissal, not a pass', async () => {
    const provider = {
      kind: 'hcaptcha' as const,
      load: () => Promise.reject(new Error('Not ready after 300 tries')),
      execute: () => () => undefined,
    };
    const { actor } = start({ providers: { hcaptcha: provider } });
    const token = requestCaptchaToken(actor);
    await flush();
    actor.send({ type: 'captcha.close' });
    await expect(token).rejects.toBeInstanceOf(CaptchaDismissedError);
  });

  it('requestCaptchaToken resolves with the token', async () => {
    const { provider, sessions } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider } });
    const token = requestCaptchaToken(actor);
    await flush();
    sessions[0]?.onToken('tok-2');
    await expect(token).resolves.toBe('tok-2');
  });
});

describe('captchaMachine: off', () => {
  it('a setting can force it off: no load, token null', async () => {
    const { provider } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider }, forcedOff: true });
    expect(actor.getSnapshot().value).toBe('disabled');
    expect(provider.load).not.toHaveBeenCalled();
    await expect(requestCaptchaToken(actor)).resolves.toBeNull();
  });

  it.each(['disabled', 'custom', '', 'unknown'])('captcha type %j gives no captcha', (captchaType) => {
    const { actor } = start({ providers: {}, config: { captchaType } });
    expect(actor.getSnapshot().output).toEqual({ status: 'disabled' });
  });

  it('a configured kind without a provider on the page gives no captcha', () => {
    const { actor } = start({ providers: {}, config: { captchaType: 'grecaptcha' } });
    expect(actor.getSnapshot().value).toBe('disabled');
  });
});

describe('captchaMachine: built-in puzzle', () => {
  it('loads a challenge, verifies the answer and succeeds with the token', async () => {
    const provider = puzzleProvider(['puzzle-token']);
    const { actor } = start({ providers: { puzzle: provider }, config: { captchaType: 'painPuzzle' } });
    await flush();
    expect(actor.getSnapshot().context.challenge).toEqual(challenge);
    actor.send({ type: 'captcha.answer', answer: { position: 120, trail: [{ x: 120, t: 300 }] } });
    expect(actor.getSnapshot().matches({ active: 'verifying' })).toBe(true);
    await flush();
    expect(provider.verify).toHaveBeenCalledWith(
      challenge,
      { position: 120, trail: [{ x: 120, t: 300 }] },
      expect.anything(),
    );
    expect(actor.getSnapshot().output).toMatchObject({ status: 'solved', token: 'puzzle-token' });
  });

  it('a wrong answer brings a fresh challenge and counts the miss', async () => {
    const provider = puzzleProvider([null, new Error('network'), 'tok']);
    const { actor } = start({ providers: { puzzle: provider }, config: { captchaType: 'puzzle' } });
    await flush();
    actor.send({ type: 'captcha.answer', answer: { position: 3, trail: [] } });
    await flush();
    expect(provider.load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.wrongAnswers).toBe(1);
    actor.send({ type: 'captcha.answer', answer: { position: 3, trail: [] } });
    await flush();
    expect(actor.getSnapshot().context.wrongAnswers).toBe(2);
    actor.send({ type: 'captcha.answer', answer: { position: 120, trail: [] } });
    await flush();
    expect(actor.getSnapshot().value).toBe('solved');
  });

  it('offers the ALTCHA check instead: it loads the challenge, verifies the payload, and a refusal brings a new one', async () => {
    const challenges: AltchaChallenge[] = [
      { kind: 'altcha', challenge: { n: 1 }, maxCounter: 50_000 },
      { kind: 'altcha', challenge: { n: 2 }, maxCounter: 50_000 },
    ];
    const provider = {
      ...puzzleProvider([null, 'altcha-token']),
      loadAltcha: vi.fn(async () => challenges.shift() as AltchaChallenge),
    };
    const { actor, emitted } = start({
      providers: { puzzle: provider },
      config: { captchaType: 'painPuzzle', lng: 'de' },
    });
    await flush();
    expect(actor.getSnapshot().can({ type: 'captcha.useAltcha' })).toBe(true);
    actor.send({ type: 'captcha.useAltcha' });
    expect(actor.getSnapshot().matches({ active: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context.challenge).toBeNull();
    await flush();
    expect(provider.loadAltcha).toHaveBeenCalledWith({ captchaType: 'painPuzzle', lng: 'de' }, expect.anything());
    expect(actor.getSnapshot().context.challenge).toMatchObject({ kind: 'altcha', challenge: { n: 1 } });
    // Already on the ALTCHA check: no second switch.
    expect(actor.getSnapshot().can({ type: 'captcha.useAltcha' })).toBe(false);
    actor.send({ type: 'captcha.answer', answer: { payload: 'p1' } });
    await flush();
    expect(provider.verify).toHaveBeenLastCalledWith(
      expect.objectContaining({ challenge: { n: 1 } }),
      { payload: 'p1' },
      expect.anything(),
    );
    expect(provider.loadAltcha).toHaveBeenCalledTimes(2);
    expect(provider.load).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({
      wrongAnswers: 1,
      mode: 'altcha',
      challenge: { challenge: { n: 2 } },
    });
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'captcha.answer', answer: { payload: 'p2' } });
    await flush();
    expect(actor.getSnapshot().output).toMatchObject({ status: 'solved', token: 'altcha-token', elapsedMs: 2000 });
    expect(emitted).toContainEqual({ type: 'captcha.solved', token: 'altcha-token', elapsedMs: 2000 });
  });

  it('switching while the puzzle still loads, or when it could not load, runs the ALTCHA check; a provider without it cannot switch', async () => {
    const altcha = (): Promise<AltchaChallenge> => Promise.resolve({ kind: 'altcha', challenge: {}, maxCounter: 1 });
    const provider = { ...puzzleProvider(['tok']), loadAltcha: vi.fn(altcha) };
    const { actor } = start({ providers: { puzzle: provider }, config: { captchaType: 'puzzle' } });
    actor.send({ type: 'captcha.useAltcha' });
    await flush();
    expect(actor.getSnapshot().context.challenge).toMatchObject({ kind: 'altcha' });
    const down = {
      ...puzzleProvider([]),
      load: vi.fn(() => Promise.reject(new Error('offline'))),
      loadAltcha: vi.fn(altcha),
    };
    const failed = start({ providers: { puzzle: down }, config: { captchaType: 'puzzle' } });
    await flush();
    expect(failed.actor.getSnapshot().matches({ active: 'unavailable' })).toBe(true);
    failed.actor.send({ type: 'captcha.useAltcha' });
    await flush();
    expect(failed.actor.getSnapshot().context).toMatchObject({
      mode: 'altcha',
      loadError: null,
      challenge: { kind: 'altcha' },
    });
    const plain = start({ providers: { puzzle: puzzleProvider([]) }, config: { captchaType: 'puzzle' } });
    await flush();
    expect(plain.actor.getSnapshot().can({ type: 'captcha.useAltcha' })).toBe(false);
  });

  it('the overall time keeps running across the switch to the ALTCHA check', async () => {
    const provider = {
      ...puzzleProvider([]),
      loadAltcha: vi.fn(async (): Promise<AltchaChallenge> => ({ kind: 'altcha', challenge: {}, maxCounter: 1 })),
    };
    const { actor } = start({ providers: { puzzle: provider }, config: { captchaType: 'puzzle' }, timeoutMs: 10_000 });
    await flush();
    vi.advanceTimersByTime(6000);
    actor.send({ type: 'captcha.useAltcha' });
    await flush();
    vi.advanceTimersByTime(4000);
    expect(actor.getSnapshot().output).toMatchObject({ status: 'dismissed', reason: 'timeout' });
  });

  it('answers are ignored before a challenge exists', () => {
    const { provider } = widgetProvider(0);
    const { actor } = start({ providers: { hcaptcha: provider } });
    expect(actor.getSnapshot().can({ type: 'captcha.answer', answer: { position: 1, trail: [] } })).toBe(false);
  });
});
