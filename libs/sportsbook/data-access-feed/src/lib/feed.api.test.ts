import { describe, expect, it } from 'vitest';
import { cutSearchText, feedApi, SEARCH_MAX_LENGTH } from './feed.api';
import { feedKeys } from './feed.queries';

describe('feedApi', () => {
  it('uses the spec paths and parameter names, ids de-duplicated and sorted, defaults left out', () => {
    const built = feedApi.line.games1x2.build({
      lng: 'en',
      sport: 1,
      champs: [30, 10, 30],
      count: 50,
      virtualSports: true,
    });
    expect(built.method).toBe('GET');
    expect(built.url).toBe('/service-api/LineFeed/Get1x2_VZip');
    expect(built.query).toEqual({ lng: 'en', sport: 1, champs: '10,30', count: 50 });
  });

  it('sends virtualSports only when a brand turns virtual sports off', () => {
    expect(feedApi.live.sportsShort.build({ lng: 'de', virtualSports: false }).query).toEqual({
      lng: 'de',
      virtualSports: false,
    });
    expect(feedApi.live.sportsShort.build({ lng: 'de' }).url).toBe('/service-api/LiveFeed/GetSportsShortZip');
  });

  it('leaves out empty id lists', () => {
    expect(feedApi.line.favorites.build({ lng: 'en', games: [] }).query).toEqual({ lng: 'en' });
  });

  it('refuses a game call without an id', () => {
    expect(() => feedApi.line.game.build({ lng: 'en' } as never)).toThrow();
  });
});

describe('cutSearchText', () => {
  it('cuts to 100 characters instead of refusing, counting characters not code units', () => {
    expect(cutSearchText('a'.repeat(150))).toHaveLength(SEARCH_MAX_LENGTH);
    expect([...cutSearchText('⚽'.repeat(120))]).toHaveLength(100);
    expect(cutSearchText('  arsenal ')).toBe('arsenal');
  });
});

describe('feedKeys', () => {
  it('makes feedKeys.champ(id) a prefix of every feed and language entry of that championship', () => {
    const prefix = feedKeys.champ(42);
    const full = feedKeys.champ(42, 'live', { lng: 'en' });
    expect(full.slice(0, prefix.length)).toEqual(prefix);
    expect(feedKeys.champ(42, 'line', { lng: 'en' })).not.toEqual(feedKeys.champ(42, 'line', { lng: 'de' }));
  });

  it('keys games by the sorted, unique championship ids', () => {
    expect(feedKeys.games({ champIds: [3, 1, 3] })).toEqual(feedKeys.games({ champIds: [1, 3] }));
  });
});
