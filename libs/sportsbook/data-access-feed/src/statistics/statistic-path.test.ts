import { describe, expect, it } from 'vitest';
import { parseStatisticPath } from './statistic-path';
import { statisticCyberUrl, statisticGameUrl, statisticPlayerUrl, statisticTeamUrl } from './statistic-urls';

/** The part of a built link after `/{lng}/statisticpopup/`, as the route's splat sees it. */
const rest = (url: string) => url.replace(/^\/[^/]+\/statisticpopup\//, '');

describe('parseStatisticPath', () => {
  it('reads back what the game and team link builders write, with or without the sport id', () => {
    expect(parseStatisticPath(rest(statisticGameUrl({ lng: 'en', sportId: 1, gameId: 1795000000001 })))).toEqual({
      kind: 'game',
      sportId: 1,
      gameId: 1795000000001,
      tabName: 'main',
    });
    expect(parseStatisticPath(rest(statisticGameUrl({ lng: 'en', sportId: 0, gameId: 42, tabName: 'h2h' })))).toEqual({
      kind: 'game',
      sportId: undefined,
      gameId: 42,
      tabName: 'h2h',
    });
    expect(parseStatisticPath('game/7/42')).toEqual({ kind: 'game', sportId: 7, gameId: 42, tabName: 'main' });
    expect(parseStatisticPath(rest(statisticTeamUrl({ lng: 'en', sportId: 3, teamId: 88 })))).toEqual({
      kind: 'team',
      sportId: 3,
      teamId: 88,
    });
    expect(parseStatisticPath(rest(statisticTeamUrl({ lng: 'en', teamId: 88 })))).toEqual({
      kind: 'team',
      sportId: undefined,
      teamId: 88,
    });
  });

  it('names the kinds that have no statistics yet', () => {
    expect(parseStatisticPath(rest(statisticPlayerUrl({ lng: 'en', sportId: 1, playerId: 9 })))).toEqual({
      kind: 'unavailable',
      type: 'player',
    });
    expect(parseStatisticPath(rest(statisticCyberUrl({ lng: 'en', sportId: 85, tournId: 3 })))).toEqual({
      kind: 'unavailable',
      type: 'cyber',
    });
  });

  it('refuses unknown kinds and missing, zero, negative or malformed ids', () => {
    for (const path of [
      undefined,
      '',
      'game',
      'game/main',
      'game/0/main',
      'game/1/2/3/main',
      'game/abc/12x/main',
      'game/1/5/<script>',
      'team',
      'team/0',
      'team/1/2/3',
      'team/-4',
      'nothing/1',
      'player',
      '%E0%A4%A/1',
    ]) {
      expect(parseStatisticPath(path), String(path)).toBeUndefined();
    }
  });
});
