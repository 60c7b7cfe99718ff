/**
 * Simulated time. Simulated milliseconds = start + (wall time elapsed) x speed + manual steps.
 * The wall source is injectable so tests never wait on real time.
 */

/** Options of a simulated clock. */
export interface SimClockOptions {
  /** Simulated epoch milliseconds at creation. */
  start: number;
  /** How many simulated milliseconds pass per wall millisecond; 0 freezes the clock (manual stepping only). */
  speed?: number;
  /** Wall time source in milliseconds; defaults to Date.now. */
  wallNow?: () => number;
}

/** A clock whose speed can be raised (60x, 600x) and which can be stepped by hand. */
export class SimClock {
  private readonly wallNow: () => number;
  private baseSim: number;
  private baseWall: number;
  private currentSpeed: number;

  /** Creates a clock at `start`; speed 1 follows the wall clock, speed 0 only moves with `advance`. */
  constructor(options: SimClockOptions) {
    this.wallNow = options.wallNow ?? Date.now;
    this.baseSim = options.start;
    this.baseWall = this.wallNow();
    this.currentSpeed = checkSpeed(options.speed ?? 1);
  }

  /** The current simulated time in epoch milliseconds. */
  now(): number {
    return this.baseSim + (this.wallNow() - this.baseWall) * this.currentSpeed;
  }

  /** The current speed factor. */
  get speed(): number {
    return this.currentSpeed;
  }

  /** Changes the speed from now on; time already passed is kept, so the clock never jumps back. */
  setSpeed(speed: number): void {
    this.rebase();
    this.currentSpeed = checkSpeed(speed);
  }

  /** Moves simulated time forward by hand (tests, catch-up); never backwards. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`SimClock.advance: expected ms >= 0, found ${ms}`);
    this.rebase();
    this.baseSim += ms;
  }

  /**
   * Ties the clock to the wall: simulated `sim` at wall instant `wall`, moving at the clock's speed from there (every
   * server of a cluster that anchors alike reads the same simulated time at the same wall time, however long it took
   * to get there). Ignored where it would take the clock back.
   */
  anchor(wall: number, sim: number): void {
    const now = this.now();
    if (sim + (this.wallNow() - wall) * this.currentSpeed < now) return;
    this.baseWall = wall;
    this.baseSim = sim;
  }

  /** Moves simulated time forward to an absolute instant; earlier instants are ignored. */
  advanceTo(at: number): void {
    const now = this.now();
    if (at > now) this.advance(at - now);
  }

  private rebase(): void {
    const wall = this.wallNow();
    this.baseSim += (wall - this.baseWall) * this.currentSpeed;
    this.baseWall = wall;
  }
}

/** A clock frozen at `start` that moves only when stepped: the usual choice in tests. */
export function createManualClock(start: number): SimClock {
  return new SimClock({ start, speed: 0, wallNow: () => 0 });
}

function checkSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed < 0) throw new RangeError(`SimClock: expected a speed >= 0, found ${speed}`);
  return speed;
}
