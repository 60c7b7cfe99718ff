import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The test-mode server clock (TEST_CLOCK=movable in test mode): the wall clock plus offsets that only grow, so a
 * browser test can pass a cooling-off or a reality-check interval in a moment (`POST /__dev/clock/advance`).
 *
 * The endpoint moves the clock of the caller's session only: browser tests share one server, and a week passed for
 * one player must not put a reality check in front of every other test's player. Requests run "within" their
 * session's clock (an AsyncLocalStorage context set by an onRequest hook), so every gate a request reaches reads it.
 * `advance(ms)` without a session moves the clock of everything (integration tests that own their server).
 */
export class TestClock {
  private offsetMs = 0;
  private readonly sessionOffsets = new Map<string, number>();
  private readonly session = new AsyncLocalStorage<string>();

  /** The clock to hand to buildApp's `clock` option. */
  readonly now = (): Date => {
    const key = this.session.getStore();
    return new Date(Date.now() + this.offsetMs + (key === undefined ? 0 : (this.sessionOffsets.get(key) ?? 0)));
  };

  /** Runs `next` (the rest of a request) on the clock of the session `key`; without a session, the common clock. */
  within<T>(key: string | undefined, next: () => T): T {
    return key === undefined ? next() : this.session.run(key, next);
  }

  /** Moves the clock forward by `ms`: of one session when `sessionKey` is given, else of everything; answers that clock's time. */
  advance(ms: number, sessionKey?: string): Date {
    if (!(ms > 0)) throw new RangeError('the test clock only moves forward');
    if (sessionKey === undefined) {
      this.offsetMs += ms;
      return this.now();
    }
    this.sessionOffsets.set(sessionKey, (this.sessionOffsets.get(sessionKey) ?? 0) + ms);
    return this.session.run(sessionKey, this.now);
  }
}
