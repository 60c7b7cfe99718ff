import type { CasinoCatalogueResponse } from '@tessera/shared/contract-api';
import { describe, expect, it } from 'vitest';
import { partsFrom } from './casino.area';
import { catalogueShortfall } from './casino-lobby';
import { processCpuSeconds } from './casino-spin';

const base: CasinoCatalogueResponse = {
  enabled: true,
  demo: true,
  categories: [{ slug: 'slots', langKey: 'casino:category.slots', order: 30 }],
  providers: [{ id: 1, slug: 'tessera', name: 'Tessera Originals', games: 1 }],
  tags: [],
  games: [
    {
      id: 'aurora-gems',
      kind: 'slot',
      nameKey: 'casino:games.auroraGems.name',
      helpKey: 'casino:games.auroraGems.help',
      provider: 1,
      categories: ['slots'],
      tags: [],
      isNew: true,
      rtpPercent: '96.00',
      rtpSource: 'exact',
      maxWinMultiple: 1000,
      demo: true,
    },
  ],
};

describe('casino bench area', () => {
  it("measures the lobby only when the server's catalogue really holds the games, distinct ones", () => {
    const many = (n: number, id: (i: number) => string) => ({
      ...base,
      games: Array.from({ length: n }, (_, i) => ({ ...(base.games[0] as (typeof base.games)[number]), id: id(i) })),
    });
    expect(
      catalogueShortfall(
        many(1000, (i) => `g-${i}`),
        1000,
      ),
    ).toBeUndefined();
    expect(
      catalogueShortfall(
        many(1005, (i) => `g-${i}`),
        1000,
      ),
    ).toBeUndefined();
    expect(
      catalogueShortfall(
        many(999, (i) => `g-${i}`),
        1000,
      ),
    ).toMatch(/999 distinct games, not 1000/);
    expect(
      catalogueShortfall(
        many(1000, (i) => `g-${i % 500}`),
        1000,
      ),
    ).toMatch(/500 distinct/);
    expect(catalogueShortfall({ ...many(1000, (i) => `g-${i}`), enabled: false }, 1000)).toMatch(/casino is off/);
  });

  it('runs every part unless BENCH_CASINO_PARTS names some, and refuses an unknown part', () => {
    expect(partsFrom(undefined)).toEqual(['rtp', 'spin', 'lobby']);
    expect(partsFrom('spin, lobby')).toEqual(['spin', 'lobby']);
    expect(() => partsFrom('spin,speed')).toThrow(/unknown part speed/);
  });
});

describe('processCpuSeconds', () => {
  it('reads user and system time from /proc stat, past a command name with spaces and parentheses', () => {
    const stat = '4242 (node (api) x) S 1 2 3 4 5 6 7 8 9 10 250 50 0 0 20 0 11 0 100';
    expect(processCpuSeconds(4242, () => stat)).toBe(3);
    expect(
      processCpuSeconds(1, () => {
        throw new Error('no /proc');
      }),
    ).toBeNaN();
  });
});
