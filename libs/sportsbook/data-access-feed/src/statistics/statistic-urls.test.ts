import { describe, expect, it } from 'vitest';
import {
  hasCyberStatistics,
  statisticCyberUrl,
  statisticGameUrl,
  statisticGraphUrl,
  statisticHorseUrl,
  statisticPlayerUrl,
  statisticRatingUrl,
  statisticStageUrl,
  statisticTeamUrl,
  statisticTournamentUrl,
  statisticUrl,
  StatisticUrlError,
} from './statistic-urls';

describe('statistic popup paths', () => {
  it('game: sport, game and tab, the tab defaulting to main', () => {
    expect(statisticGameUrl({ lng: 'en', sportId: 1, gameId: 555 })).toBe('/en/statisticpopup/game/1/555/main');
    expect(statisticGameUrl({ lng: 'en', sportId: 1, gameId: '555', tabName: 'h2h' })).toBe(
      '/en/statisticpopup/game/1/555/h2h',
    );
    expect(statisticGameUrl({ lng: 'en', sportId: 1, gameId: 555, tabName: '' })).toBe(
      '/en/statisticpopup/game/1/555/main',
    );
  });

  it('team, player and rating', () => {
    expect(statisticTeamUrl({ lng: 'ru', sportId: 3, teamId: 77 })).toBe('/ru/statisticpopup/team/3/77');
    expect(statisticPlayerUrl({ lng: 'ru', sportId: 3, playerId: 'p9' })).toBe('/ru/statisticpopup/player/3/p9');
    expect(statisticRatingUrl({ lng: 'ru', sportId: 3, ratingId: 12 })).toBe('/ru/statisticpopup/rating/3/12');
  });

  it('stage with the optional tt query: 1 net, 2 table', () => {
    expect(statisticStageUrl({ lng: 'en', sportId: 1, stageId: 'abc' })).toBe('/en/statisticpopup/stage/1/abc');
    expect(statisticStageUrl({ lng: 'en', sportId: 1, stageId: 'abc', tt: 1 })).toBe(
      '/en/statisticpopup/stage/1/abc?tt=1',
    );
    expect(statisticStageUrl({ lng: 'en', sportId: 1, stageId: 'abc', tt: 2 })).toBe(
      '/en/statisticpopup/stage/1/abc?tt=2',
    );
  });

  it('tournament, horse and graph', () => {
    expect(statisticTournamentUrl({ lng: 'en', sportId: 1, tournamentId: 10, seasonId: 2026 })).toBe(
      '/en/statisticpopup/tournament/1/10/2026',
    );
    expect(statisticHorseUrl({ lng: 'en', horseId: 'h1' })).toBe('/en/statisticpopup/horse/h1');
    expect(statisticGraphUrl({ lng: 'en', gameId: 5, coefficientView: 2 })).toBe('/en/statisticpopup/graph/5/2');
    expect(statisticGraphUrl({ lng: 'en', gameId: 5 })).toBe('/en/statisticpopup/graph/5');
  });

  it('drops zero and empty segments', () => {
    expect(statisticGameUrl({ lng: 'en', sportId: 0, gameId: 555 })).toBe('/en/statisticpopup/game/555/main');
    expect(statisticTeamUrl({ lng: 'en', sportId: '', teamId: 77 })).toBe('/en/statisticpopup/team/77');
    expect(statisticTournamentUrl({ lng: 'en', sportId: 1, tournamentId: 10, seasonId: '0' })).toBe(
      '/en/statisticpopup/tournament/1/10',
    );
    expect(statisticGraphUrl({ lng: 'en', gameId: 5, coefficientView: 0 })).toBe('/en/statisticpopup/graph/5');
  });

  it('throws when the main id is missing, zero or empty', () => {
    expect(() => statisticGameUrl({ lng: 'en', sportId: 1, gameId: 0 })).toThrow(StatisticUrlError);
    expect(() => statisticTeamUrl({ lng: 'en', sportId: 1, teamId: '' })).toThrow('needs a non-empty teamId');
    expect(() => statisticHorseUrl({ lng: 'en', horseId: ' ' })).toThrow(StatisticUrlError);
    expect(() => statisticTournamentUrl({ lng: 'en', tournamentId: undefined as unknown as number })).toThrow(
      'tournamentId',
    );
  });

  it('throws without a language', () => {
    expect(() => statisticHorseUrl({ lng: '', horseId: 1 })).toThrow('needs a language');
  });

  it('encodes segment text', () => {
    expect(statisticPlayerUrl({ lng: 'en', sportId: 1, playerId: 'a b/c' })).toBe(
      '/en/statisticpopup/player/1/a%20b%2Fc',
    );
  });
});

describe('cyber statistics', () => {
  it.each([85, 89, 144, '144'])('builds the path for sport id %s', (sportId) => {
    expect(statisticCyberUrl({ lng: 'en', sportId, tournId: 7, seasonId: 3 })).toBe(
      `/en/statisticpopup/cyber/${sportId}/7/3`,
    );
  });

  it.each([1, 40, 0, ''])('throws for sport id %j', (sportId) => {
    expect(() => statisticCyberUrl({ lng: 'en', sportId, tournId: 7 })).toThrow(StatisticUrlError);
  });

  it('needs a tournament id and drops an empty season', () => {
    expect(() => statisticCyberUrl({ lng: 'en', sportId: 85, tournId: 0 })).toThrow('tournId');
    expect(statisticCyberUrl({ lng: 'en', sportId: 85, tournId: 7, seasonId: 0 })).toBe(
      '/en/statisticpopup/cyber/85/7',
    );
  });

  it('hasCyberStatistics tells the UI whether to offer the link', () => {
    expect([85, 89, 144, 1, undefined].map(hasCyberStatistics)).toEqual([true, true, true, false, false]);
  });
});

describe('statisticUrl', () => {
  it('dispatches on the kind', () => {
    expect(statisticUrl({ kind: 'horse', lng: 'en', horseId: 3 })).toBe('/en/statisticpopup/horse/3');
    expect(statisticUrl({ kind: 'stage', lng: 'en', sportId: 1, stageId: 2, tt: 2 })).toBe(
      '/en/statisticpopup/stage/1/2?tt=2',
    );
    expect(statisticUrl({ kind: 'cyber', lng: 'en', sportId: 89, tournId: 4 })).toBe('/en/statisticpopup/cyber/89/4');
  });
});
