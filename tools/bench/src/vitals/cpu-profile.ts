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

