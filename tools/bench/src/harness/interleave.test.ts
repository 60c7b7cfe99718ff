import { describe, expect, it } from 'vitest';
import { driveInterleaved, sliceSizes } from './interleave';

describe('sliceSizes', () => {
  it('splits a total into slices that add up to it', () => {
    expect(sliceSizes(10, 3)).toEqual([3, 3, 4]);
    expect(sliceSizes(2, 6)).toEqual([1, 1]);
  });
});

describe('driveInterleaved', () => {
  it('alternates the phases slice by slice, rotating who goes first, and sums each phase', async () => {
    const order: string[] = [];
    const phase = (name: string) => async (total: number, offset: number) => {
      order.push(`${name}${offset}`);
      return { ok: total, refused: 0, seconds: total / 100, latencies: [offset] };
    };
    const r = await driveInterleaved({ base: phase('b'), subject: phase('s') }, 9, 3);
    expect(order).toEqual(['b0', 's0', 's3', 'b3', 'b6', 's6']);
    expect(r.base).toEqual({ ok: 9, refused: 0, seconds: 0.09, latencies: [0, 3, 6] });
    expect(r.subject.ok).toBe(9);
  });
});
