import type { CasinoModule } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';
import { catalogueFor } from './catalogue';

const category = (id: number, order: number, enabled = true) => ({
  id,
  langKey: `casino:category.c${id}`,
  enabled,
  order,
});

function settings(overrides: Partial<CasinoModule> = {}): CasinoModule {
  return {
    enabled: true,
    liveCasino: true,
    demoMode: true,
    slots: { minSpinSeconds: 0, autoplay: true, turbo: true, celebrateWinsBelowStake: true, maxStake: {} },
    hiddenProviders: [],
    tournaments: {},
    categories: {
      popular: category(17, 10),
      new: category(21, 20),
      slots: category(1, 30),
      'live-casino': category(37, 40),
      roulette: category(5, 50),
      blackjack: category(9, 60),
      'crash-games': category(104, 100),
      'fast-games': category(154, 110),
      favourite: category(999, 900),
      all: category(-1, 1000),
    },
    ...overrides,
  };
}

describe('the casino catalogue per brand and country', () => {
  it('lists every in-house game, the categories holding one in order, the provider and the tags', () => {
    const c = catalogueFor(settings());
    expect(c.games).toHaveLength(5);
    expect(c.categories.map((x) => x.slug)).toEqual([
      'popular',
      'new',
      'slots',
      'roulette',
      'blackjack',
      'crash-games',
      'fast-games',
      'favourite',
      'all',
    ]);
    expect(c.tags.map((t) => t.id)).toContain('free-spins');
    expect(c.tags.every((t) => /^casino:tags\.[A-Za-z]+$/.test(t.langKey))).toBe(true);
  });

  it("a category switched off hides its games and leaves it out of the others' lists (Germany: no table games)", () => {
    const base = settings();
    const categories = { ...base.categories };
    for (const slug of ['roulette', 'blackjack', 'popular']) categories[slug] = { ...category(0, 0), enabled: false };
    const c = catalogueFor(settings({ categories }));
    expect(c.games.map((g) => g.id).sort()).toEqual(['aurora-gems', 'crash', 'harbour-fruits']);
    expect(c.categories.map((x) => x.slug)).not.toContain('popular');
    expect(c.games.every((g) => !g.categories.includes('popular'))).toBe(true);
  });

  it('a hidden provider or the casino switched off leaves an empty lobby; demo follows demoMode', () => {
    expect(catalogueFor(settings({ hiddenProviders: [1] }))).toMatchObject({
      enabled: false,
      games: [],
      categories: [],
    });
    expect(catalogueFor(settings({ enabled: false }))).toMatchObject({ enabled: false, games: [] });
    const noDemo = catalogueFor(settings({ demoMode: false }));
    expect(noDemo.demo).toBe(false);
    expect(noDemo.games.every((g) => g.demo === false)).toBe(true);
  });
});
