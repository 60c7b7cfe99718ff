import { describe, expect, it } from 'vitest';
import { testGame, testLineMarket } from './feed-fixtures';
import {
  allowedBettingViews,
  createPreference,
  isGroupCollapsed,
  orderMarketGroups,
  pushSearchHistory,
  rowMarkets,
  SEARCH_HISTORY_MAX,
  toggleId,
} from './sportsbook-preferences';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('createPreference', () => {
  it('stores value and expireDate, and shares the value with every reader', () => {
    const storage = memoryStorage();
    const pref = createPreference<number[]>('favoriteGames', [], { ttlMs: 1000, storage: () => storage });
    let calls = 0;
    pref.subscribe(() => calls++);
    pref.set([5]);
    expect(pref.get()).toEqual([5]);
    expect(calls).toBe(1);
    const stored = JSON.parse(storage.data.get('tessera:favoriteGames') ?? '{}') as {
      value: number[];
      expireDate: number;
    };
    expect(stored.value).toEqual([5]);
    expect(typeof stored.expireDate).toBe('number');
  });

  it('removes an expired value on read and falls back to the default', () => {
    const storage = memoryStorage();
    storage.setItem(
      'tessera:gameCollapsedMarketGroups',
      JSON.stringify({ value: ['main'], expireDate: Date.now() - 1 }),
    );
    const pref = createPreference<string[]>('gameCollapsedMarketGroups', [], { storage: () => storage });
    expect(pref.get()).toEqual([]);
    expect(storage.data.has('tessera:gameCollapsedMarketGroups')).toBe(false);
  });

  it('ignores a stored value of the wrong shape', () => {
    const storage = memoryStorage();
    storage.setItem('tessera:favoriteGames', JSON.stringify({ value: 'oops', expireDate: null }));
    const pref = createPreference<number[]>('favoriteGames', [], {
      storage: () => storage,
      validate: (v): v is number[] => Array.isArray(v),
    });
    expect(pref.get()).toEqual([]);
  });
});

describe('preference helpers', () => {
  it('toggles ids', () => {
    expect(toggleId([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleId([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it('keeps the search history newest first, unique and bounded', () => {
    let history: string[] = [];
    for (let i = 0; i < 15; i++) history = pushSearchHistory(history, `team ${i}`);
    history = pushSearchHistory(history, 'TEAM 14');
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]).toBe('TEAM 14');
    expect(history.filter((h) => h.toLowerCase() === 'team 14')).toHaveLength(1);
    expect(pushSearchHistory(['a'], '   ')).toEqual(['a']);
  });

  it('reads a group as collapsed from the three stored values', () => {
    expect(isGroupCollapsed('main', { collapsed: ['main'], expanded: [], allCollapsed: false })).toBe(true);
    expect(isGroupCollapsed('totals', { collapsed: ['main'], expanded: [], allCollapsed: false })).toBe(false);
    expect(isGroupCollapsed('totals', { collapsed: [], expanded: ['main'], allCollapsed: true })).toBe(true);
    expect(isGroupCollapsed('main', { collapsed: [], expanded: ['main'], allCollapsed: true })).toBe(false);
  });
});

describe('betting views', () => {
  it('offers the Asian view only where the brand allows it in the visitor country', () => {
    expect(allowedBettingViews({ views: [0] }, 'gb')).toEqual(['european']);
    expect(allowedBettingViews({ views: [0, 1], asianViewCountries: [] }, 'gb')).toEqual(['european', 'asian']);
    expect(allowedBettingViews({ views: [0, 1], asianViewCountries: ['id', 'my'] }, 'gb')).toEqual(['european']);
    expect(allowedBettingViews({ views: [0, 1], asianViewCountries: ['id', 'my'] }, 'MY')).toEqual([
      'european',
      'asian',
    ]);
  });

  it('leads with handicaps and totals in the Asian view', () => {
    const groups = [{ id: 'main' }, { id: 'totals' }, { id: 'handicaps' }, { id: 'goals' }];
    expect(orderMarketGroups(groups, 'asian').map((g) => g.id)).toEqual(['handicaps', 'totals', 'main', 'goals']);
    expect(orderMarketGroups(groups, 'european').map((g) => g.id)).toEqual(['main', 'totals', 'handicaps', 'goals']);
  });
});

describe('rowMarkets', () => {
  const handicap = testLineMarket(1, 'handicap', -0.5);
  const total = testLineMarket(1, 'total', 2.5);

  it('shows the main market in the European view and the main handicap and total in the Asian view', () => {
    const row = testGame(1, { mainHandicap: handicap, mainTotal: total });
    expect(rowMarkets(row, 'european').map((m) => m.id)).toEqual(['1:1x2']);
    expect(rowMarkets(row, 'asian').map((m) => m.id)).toEqual(['1:handicap:-0.5', '1:total:2.5']);
  });

  it('keeps what lines a row has, and falls back to the main market when it has none (an older server)', () => {
    expect(rowMarkets(testGame(1, { mainHandicap: null, mainTotal: total }), 'asian').map((m) => m.id)).toEqual([
      '1:total:2.5',
    ]);
    expect(rowMarkets(testGame(1), 'asian').map((m) => m.id)).toEqual(['1:1x2']);
    expect(rowMarkets(testGame(1, { mainMarket: null }), 'asian')).toEqual([]);
  });
});
