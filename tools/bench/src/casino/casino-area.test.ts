import type { CasinoCatalogueResponse } from '@tessera/shared/contract-api';
import { describe, expect, it } from 'vitest';
import { partsFrom } from './casino.area';
import { catalogueOf } from './casino-lobby';
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
  it('fills the server catalogue up to 1,000 distinct games of a provider it lists, keeping the server games first', () => {
    const big = catalogueOf(base, 1000);
    expect(big.games).toHaveLength(1000);
    expect(new Set(big.games.map((g) => g.id)).size).toBe(1000);
    expect(big.games[0]).toEqual(base.games[0]);
    const added = big.providers.find((p) => p.id !== 1);
    expect(added?.games).toBe(999);
    expect(big.games.slice(1).every((g) => g.provider === added?.id && g.external === true)).toBe(true);
    expect(catalogueOf(base, 1000)).toEqual(big);
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
