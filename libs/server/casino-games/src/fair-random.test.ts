import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FairRandom,
  hashServerSeed,
  isValidClientSeed,
  newServerSeed,
  random52,
  randomInt,
  type RandomSource,
} from './fair-random';
import { ScriptedRandom } from './testing/scripted-random';

const serverSeed = 'a'.repeat(64);

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe('the provably fair stream', () => {
  it('is HMAC-SHA256 keyed by the server seed over clientSeed:nonce:cursor, read as big-endian 32-bit words', () => {
    const random = new FairRandom({ serverSeed, clientSeed: 'player-seed', nonce: 7 });
    const words = Array.from({ length: 10 }, () => random.nextUint32());
    const block = (cursor: number) => createHmac('sha256', serverSeed).update(`player-seed:7:${cursor}`).digest();
    const expected = [0, 4, 8, 12, 16, 20, 24, 28].map((o) => block(0).readUInt32BE(o));
    expected.push(block(1).readUInt32BE(0), block(1).readUInt32BE(4));
    expect(words).toEqual(expected);
    expect(random.blocksUsed).toBe(2);
  });

  it('pins reference values, so a change of the stream cannot pass unnoticed', () => {
    expect(hashServerSeed(serverSeed)).toBe(REFERENCE.hash);
    const random = new FairRandom({ serverSeed, clientSeed: 'player-seed', nonce: 0 });
    expect([randomInt(random, 37), randomInt(random, 37), randomInt(random, 312)]).toEqual(REFERENCE.draws);
  });

  it('gives another stream for another nonce, client seed or server seed', () => {
    const first = (seeds: { serverSeed: string; clientSeed: string; nonce: number }) =>
      new FairRandom(seeds).nextUint32();
    const base = first({ serverSeed, clientSeed: 'c', nonce: 0 });
    expect(first({ serverSeed, clientSeed: 'c', nonce: 1 })).not.toBe(base);
    expect(first({ serverSeed, clientSeed: 'd', nonce: 0 })).not.toBe(base);
    expect(first({ serverSeed: 'b'.repeat(64), clientSeed: 'c', nonce: 0 })).not.toBe(base);
  });

  it('refuses malformed seeds and nonces', () => {
    expect(() => new FairRandom({ serverSeed: 'xyz', clientSeed: 'c', nonce: 0 })).toThrow(RangeError);
    expect(() => new FairRandom({ serverSeed, clientSeed: 'has space', nonce: 0 })).toThrow(RangeError);
    expect(() => new FairRandom({ serverSeed, clientSeed: 'c', nonce: -1 })).toThrow(RangeError);
    expect(isValidClientSeed('x'.repeat(65))).toBe(false);
    expect(newServerSeed()).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('randomInt', () => {
  it('rejects draws at or above the largest multiple of the range, so no outcome is favoured', () => {
    // 2^32 mod 3 = 1: the value 2^32 − 1 is the one rejected draw for a range of 3.
    const source = new ScriptedRandom([0xffffffff, 0xfffffffe, 5]);
    expect(randomInt(source, 3)).toBe(0xfffffffe % 3);
    expect(source.used).toBe(2);
    expect(randomInt(source, 3)).toBe(2);
  });

  it('stays in range for every range and stream (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), fc.integer({ min: 0, max: 1000 }), (n, nonce) => {
        const value = randomInt(new FairRandom({ serverSeed, clientSeed: 'prop', nonce }), n);
        return Number.isInteger(value) && value >= 0 && value < n;
      }),
    );
  });

  it('is uniform enough: chi-square over 37 pockets and 100,000 draws below the 0.1% critical value', () => {
    const random = new FairRandom({ serverSeed: newServerSeed(), clientSeed: 'uniform', nonce: 0 });
    const counts = new Array<number>(37).fill(0);
    for (let i = 0; i < 100_000; i += 1) {
      const pocket = randomInt(random, 37);
      counts[pocket] = (counts[pocket] ?? 0) + 1;
    }
    // 36 degrees of freedom: the 99.9% quantile is 67.99.
    expect(chiSquare(counts)).toBeLessThan(67.99);
  });

  it('draws 52-bit integers over the whole range, halves equally often', () => {
    const random: RandomSource = new FairRandom({ serverSeed: newServerSeed(), clientSeed: 'wide', nonce: 3 });
    let high = 0;
    let low = Infinity;
    let top = -Infinity;
    for (let i = 0; i < 20_000; i += 1) {
      const r = random52(random);
      low = Math.min(low, r);
      top = Math.max(top, r);
      if (r >= 2 ** 51) high += 1;
    }
    expect(low).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(2 ** 52);
    expect(Number.isInteger(low) && Number.isInteger(top)).toBe(true);
    // A fair coin 20,000 times: 4.4 standard deviations is 310.
    expect(Math.abs(high - 10_000)).toBeLessThan(310);
  });
});

const REFERENCE = { hash: 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb', draws: [14, 15, 0] };
