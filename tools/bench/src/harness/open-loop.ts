// A fixed offered rate (issue 13: "at 1,500 bets/s"): operations start on a schedule whatever the earlier ones are
// doing, as requests from many bettors would arrive, and each latency counts from the moment its operation was due.
// A closed loop (N in flight, the next one when one ends) slows its own arrivals when the subject slows, which hides
// exactly the queueing a p99 budget at a given rate is about ("coordinated omission").
import type { Driven } from './interleave';

/** What {@link driveAtRate} measured beyond {@link Driven}: how far behind its schedule the driver itself fell. */
export interface DrivenAtRate extends Driven {
  /** Operations offered per second. */
  offered: number;
  /** The largest delay between an operation's due time and its start, ms (the driver's own lag: information). */
  startLagMs: number;
}

const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/**
 * Starts `total` operations at `perSecond` (operation i is due i / perSecond seconds after the start), without a cap
 * on how many are in flight. Latency is from due time to completion; `seconds` from the start to the last completion,
 * so ok ÷ seconds is the rate the subject sustained (below `perSecond` when it could not keep up).
 */
export async function driveAtRate(
  total: number,
  perSecond: number,
  op: (i: number) => Promise<boolean>,
  clock: () => number = nowMs,
): Promise<DrivenAtRate> {
  const latencies: number[] = [];
  let ok = 0;
  let refused = 0;
  let startLagMs = 0;
  const interval = 1000 / perSecond;
  const start = clock();
  const running: Promise<void>[] = [];
  const launch = async (i: number, due: number): Promise<void> => {
    if (await op(i)) ok++;
    else refused++;
    latencies.push(clock() - due);
  };
  let next = 0;
  while (next < total) {
    const now = clock();
    // Every operation due by now starts now: a late timer delivers what is due, as a socket buffer would.
    while (next < total && start + next * interval <= now) {
      const due = start + next * interval;
      startLagMs = Math.max(startLagMs, now - due);
      running.push(launch(next, due));
      next++;
    }
    if (next < total) {
      const wait = start + next * interval - clock();
      await new Promise<void>((resolve) => (wait >= 1 ? setTimeout(resolve, Math.floor(wait)) : setImmediate(resolve)));
    }
  }
  await Promise.all(running);
  return { ok, refused, seconds: (clock() - start) / 1000, latencies, offered: perSecond, startLagMs };
}
