import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { item } from './checked';
import { createMarkets, isDecided, priceMarket } from './markets';
import { scoreDistribution } from './game-model';
import {
  fairProbabilities,
  goalsDistribution,
  normalCdf,
  oddsWithMargin,
  overround,
  poissonPmf,
  pointsDistribution,
  roundOdds,
  setWinProbability,
  setsDistribution,
} from './pricing';
import { SPORT_RULES, rulesOf } from './sport-rules';

const sum = (xs: number[]): number => xs.reduce((s, x) => s + x, 0);

describe('probability building blocks', () => {
  it('computes Poisson and normal reference values', () => {
    const p = poissonPmf(1.5, 3);
    expect(p[0]).toBeCloseTo(Math.exp(-1.5), 12);
    expect(p[2]).toBeCloseTo((Math.exp(-1.5) * 1.5 ** 2) / 2, 12);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 3);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });

  it('prices two equal goals teams symmetrically with the known 0:0 probability', () => {
    const d = goalsDistribution(1.3, 1.3, { home: 0, away: 0 }, true);
    const probs = fairProbabilities('1x2', undefined, d);
    expect(probs[0]).toBeCloseTo(item(probs, 2), 10);
    expect(sum(probs)).toBeCloseTo(1, 9);
    // P(0:0) = e^-2.6; P(total 0) = that too.
    expect(d.total.p[0]).toBeCloseTo(Math.exp(-2.6), 10);
    expect(d.bothScore).toBeCloseTo((1 - Math.exp(-1.3)) ** 2, 10);
  });

  it('adds the current score: a 2:0 lead with nothing left to play is a certain home win', () => {
    const d = goalsDistribution(0, 0, { home: 2, away: 0 }, true);
    expect(fairProbabilities('1x2', undefined, d)).toEqual([1, 0, 0]);
    expect(fairProbabilities('total', 2.5, d)).toEqual([0, 1]);
    expect(fairProbabilities('btts', undefined, d)).toEqual([0, 1]);
  });

  it('removes draws in drawless sports', () => {
    const d = pointsDistribution(
      { marginMean: 0, marginSd: 12, totalMean: 160, totalSd: 15 },
      { home: 0, away: 0 },
      false,
    );
    const probs = fairProbabilities('winner', undefined, d);
    expect(probs[0]).toBeCloseTo(0.5, 6);
    expect(sum(probs)).toBeCloseTo(1, 9);
  });

  it('solves set races: even players win half, deuce follows p^2/(p^2+q^2)', () => {
    const tennis = { target: 6, winBy: 2, decidingAt: 6 };
    expect(setWinProbability(0.5, 0, 0, tennis)).toBeCloseTo(0.5, 10);
    expect(setWinProbability(0.6, 5, 0, tennis)).toBeGreaterThan(0.99);
    const cs = { target: 13, winBy: 2 };
    expect(setWinProbability(0.6, 12, 12, cs)).toBeCloseTo(0.36 / (0.36 + 0.16), 10);
    expect(setWinProbability(0.6, 13, 12, cs)).toBeCloseTo(0.6 + 0.4 * (0.36 / 0.52), 10);
    expect(setWinProbability(0.7, 0, 0, { target: 1, winBy: 1 })).toBeCloseTo(0.7, 12);
  });

  it('gives best-of-three match probabilities: p^2 (1 + 2q)', () => {
    const d = setsDistribution(2, { home: 0, away: 0 }, 0.6, 0.6);
    const [home] = fairProbabilities('winner', undefined, d);
    expect(home).toBeCloseTo(0.36 * (1 + 0.8), 10);
    const [over] = fairProbabilities('total', 2.5, d);
    expect(over).toBeCloseTo(2 * 0.6 * 0.4, 10);
  });
});

describe('odds with margin', () => {
  it('loads more margin on long shots than on favourites (power method)', () => {
    const odds = oddsWithMargin([0.8, 0.2], 0.05);
    const fairOdds = [1 / 0.8, 1 / 0.2];
    const cut = odds.map((o, i) => o / item(fairOdds, i));
    expect(item(cut, 1)).toBeLessThan(item(cut, 0));
    expect(Math.max(...odds.map((o) => 1 / o))).toBeLessThan(1);
  });

  it('rounds to the feed precision and clamps', () => {
    expect(roundOdds(1.005)).toBe(1.01);
    expect(roundOdds(2.345)).toBeCloseTo(2.35, 10);
    expect(roundOdds(12.34)).toBe(12.3);
    expect(roundOdds(123.4)).toBe(123);
    expect(roundOdds(9999)).toBe(500);
  });

  it('makes the implied probabilities of a market sum to 1 + margin (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 2, maxLength: 3 }),
        fc.constantFrom(0.03, 0.05, 0.08),
        (weights, margin) => {
          const fair = weights.map((w) => w / sum(weights));
          fc.pre(Math.max(...fair) <= 0.97);
          const odds = oddsWithMargin(fair, margin);
          expect(Math.abs(overround(odds) - (1 + margin))).toBeLessThan(0.012);
        },
      ),
    );
  });

  it('prices every pre-match market of every sport with the configured margin', () => {
    for (const [sportId, rules] of Object.entries(SPORT_RULES)) {
      const regular = rules.scoring === 'sets' ? 0 : rules.periods * rules.periodSeconds;
      const dist = scoreDistribution(
        rules,
        0.2,
        { side: 0, total: 0 },
        { score: { home: 0, away: 0 }, remainingSeconds: regular, setPoints: { home: 0, away: 0 } },
      );
      const markets = createMarkets(Number(sportId), rules, dist, 0.05);
      expect(markets.length).toBeGreaterThanOrEqual(3);
      expect(new Set(markets.map((m) => m.groupId)).size).toBeGreaterThanOrEqual(
        3 - (rules.scoring === 'goals' && rules.drawPossible ? 0 : 1),
      );
      for (const m of markets) {
        if (m.status !== 'open') continue;
        const expected = m.type === 'double-chance' ? 2 * 1.05 : 1.05;
        const got = overround(m.outcomes.map((o) => o.odds));
        expect({ sport: sportId, market: m.id, ok: Math.abs(got - expected) < 0.02 }).toEqual({
          sport: sportId,
          market: m.id,
          ok: true,
        });
      }
    }
  });

  it('gives realistic reference prices for evenly matched teams', () => {
    const none = { side: 0, total: 0 };
    const kickOff = { score: { home: 0, away: 0 }, setPoints: { home: 0, away: 0 } };
    const football = fairProbabilities(
      '1x2',
      undefined,
      scoreDistribution(rulesOf(1), 0, none, { ...kickOff, remainingSeconds: 5400 }),
    );
    // Typical for even sides with home advantage: home about 45%, draw about 26%, away about 29%.
    expect(football[0]).toBeGreaterThan(0.4);
    expect(football[0]).toBeLessThan(0.5);
    expect(football[1]).toBeGreaterThan(0.23);
    expect(football[1]).toBeLessThan(0.3);
    const basketball = fairProbabilities(
      'winner',
      undefined,
      scoreDistribution(rulesOf(3), 0, none, { ...kickOff, remainingSeconds: 2400 }),
    );
    expect(basketball[0]).toBeGreaterThan(0.55);
    expect(basketball[0]).toBeLessThan(0.65);
    const cs2 = fairProbabilities(
      'winner',
      undefined,
      scoreDistribution(rulesOf(4046), 0, none, { ...kickOff, remainingSeconds: 0 }),
    );
    expect(cs2[0]).toBeCloseTo(0.5, 10);
  });

  it('offers football the five market types, quarter lines included, in four groups', () => {
    const rules = rulesOf(1);
    const dist = scoreDistribution(
      rules,
      0,
      { side: 0, total: 0 },
      { score: { home: 0, away: 0 }, remainingSeconds: 5400, setPoints: { home: 0, away: 0 } },
    );
    const markets = createMarkets(7, rules, dist, 0.05);
    expect(new Set(markets.map((m) => m.type))).toEqual(new Set(['1x2', 'double-chance', 'total', 'handicap', 'btts']));
    expect(new Set(markets.map((m) => m.groupId))).toEqual(new Set(['main', 'totals', 'handicaps', 'goals']));
    const totals = markets.filter((m) => m.type === 'total').map((m) => m.line);
    expect(totals).toEqual([1.5, 2, 2.25, 2.5, 2.75, 3, 3.5]);
    expect(markets.find((m) => m.type === 'total' && m.line === 2.5)?.id).toBe('7:total:2.5');
    expect(markets[0]?.outcomes.map((o) => o.id)).toEqual(['7:1x2:home', '7:1x2:draw', '7:1x2:away']);
    // The stronger home side (home advantage) is the favourite.
    const outcomes = item(markets, 0).outcomes;
    expect(item(outcomes, 0).odds).toBeLessThan(item(outcomes, 2).odds);
  });

  it('moves live odds with score and clock, and closes decided markets', () => {
    const rules = rulesOf(1);
    const at = (home: number, away: number, remaining: number) =>
      scoreDistribution(
        rules,
        0,
        { side: 0, total: 0 },
        { score: { home, away }, remainingSeconds: remaining, setPoints: { home: 0, away: 0 } },
      );
    const kickOff = priceMarket({ type: '1x2' }, at(0, 0, 5400), 0.05).odds[0] ?? 0;
    const leading = priceMarket({ type: '1x2' }, at(1, 0, 2700), 0.05).odds[0] ?? 0;
    const leadingLate = priceMarket({ type: '1x2' }, at(1, 0, 600), 0.05).odds[0] ?? 0;
    expect(leading).toBeLessThan(kickOff);
    expect(leadingLate).toBeLessThan(leading);
    expect(priceMarket({ type: 'total', line: 2.5 }, at(3, 0, 600), 0.05).decided).toBe(true);
    expect(isDecided([0.5, 0.5], 'winner')).toBe(false);
  });
});
