/**
 * The test-mode server clock (TEST_CLOCK=movable in test mode): the wall clock plus an offset that only grows, so a
 * browser test can pass a cooling-off or a reality-check interval in a moment (`POST /__dev/clock/advance`).
 */
export class TestClock {
  private offsetMs = 0;

  /** The clock to hand to buildApp's `clock` option. */
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);

  /** Moves the clock forward by `ms`; answers the new time. */
  advance(ms: number): Date {
    if (!(ms > 0)) throw new RangeError('the test clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }
}
