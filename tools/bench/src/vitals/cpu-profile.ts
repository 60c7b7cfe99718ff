// Self time from a Chrome DevTools Protocol CPU profile (Profiler.stop), grouped by any key (script, function).

/** A node of a CDP `Profiler.stop` profile. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
/** A CDP CPU profile: nodes, and samples with the time since the previous sample (µs). */
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time in ms per key, from a CDP CPU profile's samples and time deltas. */
export function selfTimes(profile: Profile, key: (n: ProfileNode) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] ?? -1);
    const next = deltas[i + 1] ?? 0;
    if (!node) continue;
    const k = key(node);
    out.set(k, (out.get(k) ?? 0) + next / 1000);
  }
  return out;
}

/** Busy stretches of the profile: consecutive samples not in `(idle)`, with their start (µs, profile clock) and length (ms). */
export function busyStretches(profile: Profile, minMs = 50): { start: number; ms: number; samples: number[] }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const out: { start: number; ms: number; samples: number[] }[] = [];
  let t = profile.startTime;
  let current: { start: number; ms: number; samples: number[] } | undefined;
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    const idle = byId.get(samples[i] ?? -1)?.callFrame.functionName === '(idle)';
    const ms = (deltas[i + 1] ?? 0) / 1000;
    if (idle) {
      if (current && current.ms >= minMs) out.push(current);
      current = undefined;
    } else {
      current ??= { start: t, ms: 0, samples: [] };
      current.ms += ms;
      current.samples.push(i);
    }
  }
  if (current && current.ms >= minMs) out.push(current);
  return out;
}

/** For the given sample indexes: total time per function anywhere on the stack (inclusive), by key. */
export function inclusiveTimes(
  profile: Profile,
  sampleIndexes: readonly number[],
  key: (n: ProfileNode) => string | undefined,
): Map<string, number> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const deltas = profile.timeDeltas ?? [];
  const out = new Map<string, number>();
  for (const i of sampleIndexes) {
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let id: number | undefined = profile.samples?.[i]; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id);
      const k = node ? key(node) : undefined;
      if (k && !seen.has(k)) {
        seen.add(k);
        out.set(k, (out.get(k) ?? 0) + ms);
      }
    }
  }
  return out;
}
