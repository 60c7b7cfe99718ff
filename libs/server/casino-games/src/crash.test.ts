import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCrashTarget, crashPayout, crashPointFromDraw, crashRtp, playCrash } from './crash';
import { FairRandom } from './fair-random';
import { crash } from './games';
import { toNumber } from './rational';

const N = 2 ** 52;

describe('crash', () => {
  it('reaches a target t from exactly floor(97 × 2^52 ÷ t) of the 2^52 draws', () => {
    for (const t of [101, 150, 200, 333, 1000, 100_000]) {
      const reaching = (97n * 2n ** 52n) / BigInt(t);
      const first = N - Number(reaching);
      expect(crashPointFromDraw(first), `t=${t}`).toBeGreaterThanOrEqual(t);
      expect(crashPointFromDraw(first - 1), `t=${t}`).toBeLessThan(t);
    }
  });

  it('returns 97% on every target, less than 10^-10 below it', () => {
    for (const t of [101, 200, 1234, 100_000]) {
      expect(Math.abs(toNumber(crashRtp(t)) - 0.97)).toBeLessThan(1e-10);
      expect(toNumber(crashRtp(t))).toBeLessThanOrEqual(0.97);
    }
    expect(crash.info.rtpPercent).toBe('97.00');
  });

  it('crashes at 1.00× at the bottom of the range and grows without bound at the top', () => {
    expect(crashPointFromDraw(0)).toBe(100);
    expect(crashPointFromDraw(N - 1)).toBeGreaterThan(1e15);
  });

  it('pays stake × target when reached, never more (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 101, max: 100_000 }),
        fc.nat(),
        (stake, target, nonce) => {
          const r = playCrash(new FairRandom({ serverSeed: 'e'.repeat(64), clientSeed: 'c', nonce }), stake, target);
          return r.win === (r.crashPoint >= target ? crashPayout(stake, target) : 0) && r.win <= (stake * target) / 100;
        },
      ),
    );
    expect(() => checkCrashTarget(100)).toThrow('target must be an integer of hundredths from 101 to 100000');
  });
});
