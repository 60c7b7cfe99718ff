// Calibrating Chromium's CPU throttle to a reference device (issue 19), as Lighthouse does with its benchmark index:
// time a fixed workload in the page, then choose the CDP Emulation.setCPUThrottlingRate that brings the page's index
// to the reference device's. A busy host gets a smaller slowdown, a quiet one a larger, so both emulate the same phone.

/** The search's knobs. */
export interface CalibrationOptions {
  /** The reference device's index (units of the workload per second). */
  target: number;
  /** Accept a measured index within this fraction of the target (default 0.1). */
  tolerance?: number;
  /** Measurements after the unthrottled one (default 4). */
  maxSteps?: number;
  /** Throttling rate bounds: 1 is no slowdown (Chromium refuses less), the top guards against a stalled page. */
  minRate?: number;
  maxRate?: number;
}

/** What calibration found. */
export interface Calibration {
  /** The rate to use for this round. */
  rate: number;
  /** The page's index without throttling: the host's speed as the browser sees it. */
  hostIndex: number;
  /** The index measured at `rate`. */
  index: number;
  /** Whether `index` came within the tolerance of the target. */
  reached: boolean;
  /** Every (rate, index) measured, in order. */
  steps: { rate: number; index: number }[];
}

/** The next rate to try: throttling divides speed, so scale the rate by how far the index is from the target. */
export function nextRate(rate: number, index: number, target: number, minRate: number, maxRate: number): number {
  if (!(index > 0) || !(target > 0)) return maxRate;
  const r = rate * (index / target);
  return Math.min(maxRate, Math.max(minRate, Math.round(r * 100) / 100));
}

/**
 * Finds the throttling rate that makes `measure(rate)` (the page's index at that rate) come within the tolerance
 * of the target. A host slower than the reference gets rate 1 and `reached` false: the round ran slower than the
 * reference device and the report says so.
 */
export async function calibrateRate(
  measure: (rate: number) => Promise<number>,
  options: CalibrationOptions,
): Promise<Calibration> {
  const tolerance = options.tolerance ?? 0.1;
  const maxSteps = options.maxSteps ?? 4;
  const minRate = options.minRate ?? 1;
  const maxRate = options.maxRate ?? 20;
  const target = options.target;
  const hostIndex = await measure(1);
  const steps = [{ rate: 1, index: hostIndex }];
  const close = (index: number): boolean => Math.abs(index / target - 1) <= tolerance;
  if (hostIndex <= target * (1 + tolerance))
    return { rate: 1, hostIndex, index: hostIndex, reached: close(hostIndex), steps };
  let best = steps[0] as { rate: number; index: number };
  let rate = nextRate(1, hostIndex, target, minRate, maxRate);
  for (let i = 0; i < maxSteps; i++) {
    const index = await measure(rate);
    steps.push({ rate, index });
    if (Math.abs(index / target - 1) < Math.abs(best.index / target - 1)) best = { rate, index };
    if (close(index)) break;
    const next = nextRate(rate, index, target, minRate, maxRate);
    if (next === rate) break;
    rate = next;
  }
  return { rate: best.rate, hostIndex, index: best.index, reached: close(best.index), steps };
}
