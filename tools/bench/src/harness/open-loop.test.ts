import { describe, expect, it } from 'vitest';
import { driveAtRate } from './open-loop';

describe('driveAtRate', () => {
  it('starts operations on their schedule, not when earlier ones end, and counts latency from the due time', async () => {
    // A fake clock that moves only when the driver waits: 10 operations at 1,000/s are due 1 ms apart.
    let now = 0;
    const started: number[] = [];
    const slow: Array<() => void> = [];
    const result = await driveAtRate(
      10,
      1_000,
      (i) => {
        started.push(now);
        now += 1;
        // The first operation hangs until all others have started: a closed loop would never have started them.
        if (i === 0) return new Promise<boolean>((resolve) => slow.push(() => resolve(true)));
        if (i === 9) slow.forEach((release) => release());
        return Promise.resolve(i % 2 === 0);
      },
      () => now,
    );
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(result.ok + result.refused).toBe(10);
    expect(result.ok).toBe(5);
    expect(result.offered).toBe(1_000);
    expect(result.latencies).toHaveLength(10);
    // The hung first operation completed last, 10 ms after it was due.
    expect(Math.max(...result.latencies)).toBe(10);
  });
});
