import type { ConsentLevel } from './consent';
import { scopeOf } from './consent';

/** One analytics event: what happened and when (unix milliseconds). */
export interface AnalyticsEvent {
  name: string;
  at: number;
  data?: Readonly<Record<string, string | number | boolean>>;
}

/** The analytics settings the sender reads (thirdParty.analytics). */
export interface AnalyticsSettings {
  enabled: boolean;
  sendIntervalMs: number;
  eventsPerSend: number;
}

/** Where batches go: the browser's beacon in the site, a fake in tests. Answers whether the batch was handed over. */
export type AnalyticsTransport = (batch: readonly AnalyticsEvent[]) => boolean;

/** What {@link createAnalytics} gives. */
export interface Analytics {
  /** Records an event; dropped at once unless analytics is on and the visitor allows marketing cookies. */
  track(name: string, data?: AnalyticsEvent['data']): void;
  /** Sends up to `eventsPerSend` waiting events (the timer calls it every `sendIntervalMs`). */
  flush(): void;
  /** The visitor changed their consent: without marketing, everything waiting is discarded, never sent. */
  setConsent(level: ConsentLevel): void;
  /** Events waiting to be sent. */
  pending(): number;
  /** Stops the timer. */
  stop(): void;
}

/**
 * First-party analytics that honours cookie consent (ADR 0371): events are kept and sent only while
 * `thirdParty.analytics.enabled` is on and the visitor's level includes marketing (2 or 3). Withdrawing consent drops
 * what is waiting. Batches of `eventsPerSend` go out every `sendIntervalMs`; a batch the transport refuses stays.
 */
export function createAnalytics(
  settings: AnalyticsSettings,
  initialLevel: ConsentLevel,
  transport: AnalyticsTransport,
  timers: { setInterval: typeof setInterval; clearInterval: typeof clearInterval } = globalThis,
): Analytics {
  let level = initialLevel;
  let queue: AnalyticsEvent[] = [];
  const allowed = () => settings.enabled && scopeOf(level).marketing;
  const flush = () => {
    if (!allowed() || queue.length === 0) return;
    const batch = queue.slice(0, settings.eventsPerSend);
    if (transport(batch)) queue = queue.slice(batch.length);
  };
  const timer = settings.enabled ? timers.setInterval(flush, settings.sendIntervalMs) : undefined;
  return {
    track(name, data) {
      if (!allowed()) return;
      queue.push({ name, at: Date.now(), ...(data ? { data } : {}) });
    },
    flush,
    setConsent(next) {
      level = next;
      if (!scopeOf(level).marketing) queue = [];
    },
    pending: () => queue.length,
    stop() {
      if (timer !== undefined) timers.clearInterval(timer);
    },
  };
}

/** The site's analytics endpoint (first party; batches as JSON). */
export const ANALYTICS_PATH = '/web-api/analytics/events';

/** The browser's transport: a beacon that survives the page being closed. */
export function beaconTransport(path: string = ANALYTICS_PATH): AnalyticsTransport {
  return (batch) =>
    typeof navigator !== 'undefined' &&
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(path, new Blob([JSON.stringify({ events: batch })], { type: 'application/json' }));
}
