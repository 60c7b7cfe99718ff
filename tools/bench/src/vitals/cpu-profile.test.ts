import { describe, expect, it } from 'vitest';
import { selfTimes, type Profile } from './cpu-profile';

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0, columnNumber: 0 });

describe('selfTimes', () => {
  it('gives each sample the time until the next one, grouped by the key', () => {
    const profile: Profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('render', 'http://x/a.js') },
        { id: 3, callFrame: frame('format', 'http://x/b.js') },
      ],
      startTime: 0,
      endTime: 10_000,
      samples: [2, 3, 2, 1],
      // µs since the previous sample: 2 ran 1 ms, 3 ran 4 ms, 2 ran 2 ms; the last sample has no end and counts 0.
      timeDeltas: [0, 1_000, 4_000, 2_000],
    };
    const byScript = selfTimes(profile, (n) => n.callFrame.url);
    expect(byScript.get('http://x/a.js')).toBeCloseTo(3);
    expect(byScript.get('http://x/b.js')).toBeCloseTo(4);
    expect(byScript.get('')).toBe(0);
  });

  it('ignores samples of unknown nodes', () => {
    const profile: Profile = { nodes: [], startTime: 0, endTime: 1, samples: [9], timeDeltas: [0] };
    expect(selfTimes(profile, () => 'k').size).toBe(0);
  });
});
