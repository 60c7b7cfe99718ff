import { describe, expect, it } from 'vitest';
import { CHAMPIONSHIPS, COUNTRIES, SPORTS, SPORT_ID, championshipsOfSport, countryById, sportById } from './lookups';
import { scoreDistribution } from './game-model';
import { MARKET_GROUPS, createMarkets } from './markets';
import { FEED_KIND } from './model';
import { rulesOf } from './sport-rules';

describe('lookup tables', () => {
  it('uses the spec ids for sports, including the cyber sports', () => {
    expect(sportById(1)?.name).toBe('Football');
    expect(sportById(2)?.name).toBe('Ice Hockey');
    expect(sportById(3)?.name).toBe('Basketball');
    expect(sportById(4)?.name).toBe('Tennis');
    expect(sportById(44)?.scoring).toBe('race');
    expect(sportById(46)?.name).toBe('Curling');
    const cyber = SPORTS.filter((s) => s.kind === 'cyber')
      .map((s) => s.id)
      .sort((a, b) => a - b);
    expect(cyber).toEqual([40, 85, 86, 97, 4046]);
    expect(SPORT_ID.cs2).toBe(4046);
  });

  it('uses the spec ids for countries, leaves 100 free and marks regions', () => {
    expect(countryById(1)).toMatchObject({ iso: 'RU', name: 'Russia' });
    expect(countryById(2)).toMatchObject({ iso: 'UA', name: 'Ukraine' });
    expect(countryById(100)).toBeUndefined();
    const regions = COUNTRIES.filter((c) => c.region).map((c) => c.name);
    expect(regions).toEqual(expect.arrayContaining(['Europe', 'World', 'Africa', 'Asia']));
    expect(new Set(COUNTRIES.map((c) => c.id)).size).toBe(COUNTRIES.length);
  });

  it('has championships for every sport, each pointing at a known country', () => {
    for (const sport of SPORTS) expect(championshipsOfSport(sport.id).length).toBeGreaterThan(0);
    for (const champ of CHAMPIONSHIPS) expect(countryById(champ.countryId)).toBeDefined();
    expect(new Set(CHAMPIONSHIPS.map((c) => c.id)).size).toBe(CHAMPIONSHIPS.length);
  });

  it('has the spec feed kinds', () => {
    expect(FEED_KIND).toEqual({ LIVE: 1, LINE: 3 });
  });
});

describe('translation keys', () => {
  it('names every sport, market and outcome with a feed namespace key', () => {
    const keys = [
      ...SPORTS.map((s) => s.nameKey),
      ...MARKET_GROUPS.map((g) => g.nameKey),
      ...createMarkets(
        1,
        rulesOf(1),
        scoreDistribution(
          rulesOf(1),
          0,
          { side: 0, total: 0 },
          { score: { home: 0, away: 0 }, remainingSeconds: 5400, setPoints: { home: 0, away: 0 } },
        ),
        0.05,
      ).flatMap((m) => [m.nameKey, ...m.outcomes.map((o) => o.nameKey)]),
    ];
    for (const key of keys) expect(key).toMatch(/^feed:(sport|marketGroup|market|outcome)\.[a-zA-Z0-9]+$/);
    expect(new Set(SPORTS.map((s) => s.nameKey)).size).toBe(SPORTS.length);
  });
});
