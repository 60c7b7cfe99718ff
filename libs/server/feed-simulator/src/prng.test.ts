import { describe, expect, it } from 'vitest';
import { Prng, deriveSeed } from './prng';

describe('Prng', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const c = new Prng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    const seqB = Array.from({ length: 20 }, () => b.next());
    const seqC = Array.from({ length: 20 }, () => c.next());
    expect(seqA).toEqual(seqB);
    expect(seqA).not.toEqual(seqC);
  });

  it('pins the first values of seed 1 so a change of algorithm is noticed', () => {
    const p = new Prng(1);
    expect(p.next()).toBeCloseTo(0.6270739405881613, 12);
    expect(p.next()).toBeCloseTo(0.002735721180215478, 12);
  });

  it('stays in range and is roughly uniform', () => {
    const p = new Prng(7);
    const buckets = new Array<number>(10).fill(0);
    let outOfRange = 0;
    for (let i = 0; i < 20_000; i++) {
      const x = p.next();
      if (x < 0 || x >= 1) outOfRange++;
      else buckets[Math.floor(x * 10)] = (buckets[Math.floor(x * 10)] ?? 0) + 1;
    }
    expect(outOfRange).toBe(0);
    for (const n of buckets) expect(n).toBeGreaterThan(1_800);
    const ints = new Set(Array.from({ length: 500 }, () => p.int(1, 6)));
    expect([...ints].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('draws normals with the requested mean and spread', () => {
    const p = new Prng(3);
    const xs = Array.from({ length: 20_000 }, () => p.normal(10, 2));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(mean).toBeCloseTo(10, 1);
    expect(sd).toBeCloseTo(2, 1);
  });

  it('clone continues identically without moving the original', () => {
    const p = new Prng(9);
    p.next();
    const q = p.clone();
    expect(q.next()).toBe(p.next());
  });
});

describe('deriveSeed', () => {
  it('is stable and separates labels', () => {
    expect(deriveSeed(1, 'game:1')).toBe(deriveSeed(1, 'game:1'));
    expect(deriveSeed(1, 'game:1')).not.toBe(deriveSeed(1, 'game:2'));
    expect(deriveSeed(1, 'game:1')).not.toBe(deriveSeed(2, 'game:1'));
  });
});
