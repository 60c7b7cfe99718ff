import { describe, expect, it } from 'vitest';
import { calibrateRate, nextRate } from './calibrate';

/** A fake page: the index is the host's speed divided by the rate, with a fixed overhead factor when throttled. */
function fakePage(hostIndex: number, efficiency = 1) {
  const calls: number[] = [];
  return {
    calls,
    measure: async (rate: number) => {
      calls.push(rate);
      return rate === 1 ? hostIndex : (hostIndex / rate) * efficiency;
    },
  };
}

describe('nextRate', () => {
  it('scales the rate by how far the index is from the target', () => {
    expect(nextRate(1, 4_000, 1_000, 1, 20)).toBe(4);
    expect(nextRate(4, 800, 1_000, 1, 20)).toBe(3.2);
  });
  it('stays within the bounds', () => {
    expect(nextRate(1, 100_000, 1_000, 1, 20)).toBe(20);
    expect(nextRate(2, 100, 1_000, 1, 20)).toBe(1);
    expect(nextRate(2, 0, 1_000, 1, 20)).toBe(20);
  });
});

describe('calibrateRate', () => {
  it('finds the slowdown that brings a quiet host to the reference index', async () => {
    const page = fakePage(4_000);
    const c = await calibrateRate(page.measure, { target: 1_000 });
    expect(c).toMatchObject({ rate: 4, hostIndex: 4_000, index: 1_000, reached: true });
    expect(page.calls).toEqual([1, 4]);
  });
  it('gives a busy host a smaller slowdown for the same reference', async () => {
    const c = await calibrateRate(fakePage(2_000).measure, { target: 1_000 });
    expect(c.rate).toBe(2);
  });
  it('corrects a throttle that slows less than its rate in a few steps', async () => {
    const c = await calibrateRate(fakePage(4_000, 1.3).measure, { target: 1_000, tolerance: 0.05 });
    expect(c.reached).toBe(true);
    expect(Math.abs(c.index / 1_000 - 1)).toBeLessThanOrEqual(0.05);
    expect(c.rate).toBeGreaterThan(4);
    expect(c.steps.length).toBeLessThanOrEqual(5);
  });
  it('answers rate 1, not reached, when the host is already slower than the reference', async () => {
    const c = await calibrateRate(fakePage(700).measure, { target: 1_000 });
    expect(c).toMatchObject({ rate: 1, reached: false, index: 700 });
  });
  it('keeps the best step when the page never comes within the tolerance', async () => {
    const noisy = [5_000, 600, 1_500, 700, 1_400];
    let i = 0;
    const c = await calibrateRate(async () => noisy[i++] ?? 1_000, { target: 1_000, tolerance: 0.05, maxSteps: 4 });
    expect(c.reached).toBe(false);
    expect(c.index).toBe(700);
  });
});
