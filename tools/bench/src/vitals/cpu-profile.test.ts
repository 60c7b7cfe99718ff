import { describe, expect, it } from 'vitest';
import { busyStretches, inclusiveTimes, selfTimes, type Profile } from './cpu-profile';

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

describe('busyStretches and inclusiveTimes', () => {
  const profile: Profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 4] },
      { id: 2, callFrame: frame('render', 'http://x/a.js'), children: [3] },
      { id: 3, callFrame: frame('format', 'http://x/b.js') },
      { id: 4, callFrame: frame('(idle)', '') },
    ],
    startTime: 0,
    endTime: 1_000_000,
    // render 30 ms, format 40 ms (inside render), idle 100 ms, render 10 ms, idle
    samples: [2, 3, 4, 2, 4],
    timeDeltas: [0, 30_000, 40_000, 100_000, 10_000],
  };

  it('finds stretches of work at least as long as asked, between idle samples', () => {
    const stretches = busyStretches(profile, 50);
    expect(stretches).toHaveLength(1);
    expect(stretches[0]?.ms).toBeCloseTo(70);
    expect(stretches[0]?.samples).toEqual([0, 1]);
  });

  it('counts a function once per sample wherever it is on the stack', () => {
    const times = inclusiveTimes(profile, [0, 1], (n) => (n.callFrame.url ? n.callFrame.functionName : undefined));
    expect(times.get('render')).toBeCloseTo(70);
    expect(times.get('format')).toBeCloseTo(40);
  });
});
