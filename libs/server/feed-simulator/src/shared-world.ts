import { FeedSimulator, type FeedSimulatorOptions } from './feed-simulator';
import { SimClock } from './sim-clock';

/** Options of {@link simulatorSince}. */
export interface SharedWorldOptions extends Omit<FeedSimulatorOptions, 'clock' | 'firstGameId'> {
  /** The instant the world starts (epoch ms), the same on every server of a cluster. */
  start: number;
  /** Simulated seconds per wall second. */
  speed: number;
  /** The wall clock (epoch ms); default Date.now. */
  now?: () => number;
}

/**
 * A simulator whose world began at `start` and has run at `speed` since, caught up to now: every server of a cluster
 * that builds one with the same seed, start and speed has the same games, odds and sequence numbers, so a new feed
 * leader continues where the old one stopped (FeedSimulator.replay). The catch-up costs about a second of one core
 * per simulated hour.
 */
export function simulatorSince(options: SharedWorldOptions): FeedSimulator {
  const { start, speed, now = Date.now, ...rest } = options;
  const clock = new SimClock({ start, speed, wallNow: now });
  const simulator = new FeedSimulator({ ...rest, clock, firstGameId: Math.floor(start / 1000) * 1000 + 1 });
  // The world's time is start + (wall − start) × speed at every moment, whatever the simulator took to build: the
  // clock is anchored to that, not moved on by the wall time since start once (which left a server ahead by its
  // build time × speed, simulated seconds on a busy host: a new feed leader then stored results before the world had
  // them).
  clock.anchor(start, start);
  simulator.advance();
  return simulator;
}
