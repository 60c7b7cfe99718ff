import { act, screen, waitFor, within } from '@testing-library/react';
import type { FeedGameResponse } from '@tessera/sportsbook/data-access-feed';
import { feedBrand, feedGame, feedMainMarket, renderFeedView } from '@tessera/sportsbook/testing-feed';
import { describe, expect, it } from 'vitest';
import { GameView } from './game-view';
import { playedPeriods, trackerEvents } from './match-tracker';

const liveAnswer: FeedGameResponse = {
  kind: 1,
  version: 4,
  game: feedGame(5, 'Arsenal', 'Chelsea', {
    kind: 1,
    home: { id: 1, name: 'Arsenal' },
    away: { id: 2, name: 'Chelsea' },
    status: 'live',
    live: {
      period: 2,
      clockSeconds: 3000,
      clockRunning: true,
      score: { home: 1, away: 0 },
      periodScores: [
        { home: 1, away: 0 },
        { home: 0, away: 0 },
      ],
    },
    mainMarket: null,
    marketsCount: 2,
  }),
  groups: [
    {
      id: 'main',
      nameKey: 'feed:marketGroup.main',
      markets: [
        { ...feedMainMarket(5, [1.5, 4.0, 6.0]), status: 'suspended', suspendReason: 'goal' },
        {
          id: '5:btts',
          type: 'btts',
          line: null,
          status: 'open',
          suspendReason: null,
          outcomes: [
            { id: '5:btts:yes', code: 'yes', nameKey: 'feed:outcome.yes', odds: 1.8, status: 'open' },
            { id: '5:btts:no', code: 'no', nameKey: 'feed:outcome.no', odds: 2.0, status: 'open' },
          ],
        },
      ],
    },
  ],
};

const brand = feedBrand();

function renderLiveGame(answer: FeedGameResponse = liveAnswer) {
  return renderFeedView(<GameView gameId={5} />, () => answer, { brand, route: '/en/game/5' }).store;
}

describe('trackerEvents', () => {
  const base = {
    period: 1,
    clockSeconds: 600,
    clockRunning: true,
    score: { home: 0, away: 0 },
    periodScores: [{ home: 0, away: 0 }],
  };
  let n = 0;
  const next = () => (n += 1);

  it('turns every point scored into an event with its side and clock, newest first', () => {
    const events = trackerEvents(base, { ...base, clockSeconds: 700, score: { home: 1, away: 1 } }, next);
    expect(events.map((e) => (e.kind === 'score' ? `${e.side} ${e.home}:${e.away} @${e.clock}` : e.kind))).toEqual([
      'away 1:1 @700',
      'home 1:0 @700',
    ]);
  });

  it('says when a new period starts and when the clock stops for a break; a score taken back is no event', () => {
    expect(trackerEvents(base, { ...base, score: { home: 0, away: 0 } }, next)).toEqual([]);
    expect(trackerEvents({ ...base, score: { home: 1, away: 0 } }, base, next)).toEqual([]);
    expect(trackerEvents(base, { ...base, clockRunning: false }, next)).toMatchObject([{ kind: 'break', period: 1 }]);
    expect(trackerEvents(base, { ...base, period: 2 }, next)).toMatchObject([{ kind: 'period', period: 2 }]);
    expect(trackerEvents(null, base, next)).toEqual([]);
  });

  it('summarises the periods played before the tracker opened', () => {
    expect(playedPeriods(liveAnswer.game.live ?? base, next)).toMatchObject([
      { kind: 'summary', period: 1, home: 1, away: 0 },
    ]);
  });
});

describe('MatchTracker on the live game page', () => {
  it('shows the teams, the score, the period and the running clock, and the periods already played', async () => {
    renderLiveGame();
    const tracker = await screen.findByRole('region', { name: 'Match tracker' });
    expect(within(tracker).getByText('Score: Arsenal 1:0 Chelsea')).toBeInTheDocument();
    expect(within(tracker).getByTestId('tracker-score-5')).toHaveTextContent('1:0');
    expect(within(tracker).getByText('Live')).toBeInTheDocument();
    expect(within(tracker).getByTestId('tracker-clock-5')).toHaveTextContent('50:00');
    // The clock runs on between the feed's updates while the feed says it runs.
    // (A busy machine may paint a later second first: any second past 50:00 shows it running.)
    await waitFor(
      () => expect(within(tracker).getByTestId('tracker-clock-5')).toHaveTextContent(/^50:(0[1-9]|[1-5]\d)$/),
      {
        timeout: 3000,
      },
    );
    expect(within(tracker).getByRole('listitem')).toHaveTextContent('Half 1 ended 1:0');
    // Simple statistics: the score of each period with the totals.
    const table = within(tracker).getByRole('table', { name: 'Score by period' });
    expect(within(table).getByRole('row', { name: /Arsenal/ })).toHaveTextContent('Arsenal101');
    expect(within(table).getByRole('row', { name: /Chelsea/ })).toHaveTextContent('Chelsea000');
  }, 15_000); // the file's first render loads the page's code and copy: slow on a busy machine

  it('lists a goal the feed pushes with its minute, and a break when the clock stops', async () => {
    const store = renderLiveGame();
    const tracker = await screen.findByRole('region', { name: 'Match tracker' });
    act(() =>
      store.apply(
        [
          {
            kind: 'score',
            gameId: 5,
            period: 2,
            score: { home: 1, away: 1 },
            periodScores: [
              { home: 1, away: 0 },
              { home: 0, away: 1 },
            ],
          },
          { kind: 'clock', gameId: 5, period: 2, clockSeconds: 3125, clockRunning: true },
        ],
        5,
      ),
    );
    expect(within(tracker).getByText('Score: Arsenal 1:1 Chelsea')).toBeInTheDocument();
    const events = within(tracker).getAllByRole('listitem');
    expect(events[0]).toHaveTextContent("53'Chelsea scores, 1:1");
    act(() => store.apply([{ kind: 'clock', gameId: 5, period: 2, clockSeconds: 3130, clockRunning: false }], 6));
    expect(within(tracker).getAllByRole('listitem')[0]).toHaveTextContent('Break in Half 2, 1:1');
    expect(within(tracker).getByText('Break')).toBeInTheDocument();
  });

  it('says a suspended market is suspended, with the reason on the tracker, and clears it when the market reopens', async () => {
    const store = renderLiveGame({
      ...liveAnswer,
      game: { ...liveAnswer.game, mainMarket: liveAnswer.groups[0]?.markets[0] ?? null },
    });
    const tracker = await screen.findByRole('region', { name: 'Match tracker' });
    expect(within(tracker).getByRole('status')).toHaveTextContent('Suspended: goal');
    const main = screen.getByRole('region', { name: 'Main' });
    expect(within(main).getByRole('heading', { level: 4, name: /Match result/ })).toHaveTextContent('Suspended');
    expect(within(main).getByRole('heading', { level: 4, name: /Both teams to score/ })).not.toHaveTextContent(
      'Suspended',
    );
    expect(screen.getByRole('button', { name: 'Arsenal – Chelsea, Match result, 1, Suspended' })).toBeDisabled();

    act(() => store.apply([{ kind: 'suspension', gameId: 5, marketId: '5:1x2', suspended: false }], 7));
    expect(within(tracker).queryByRole('status')).not.toBeInTheDocument();
    expect(within(main).getByRole('heading', { level: 4, name: /Match result/ })).not.toHaveTextContent('Suspended');
    expect(screen.getByRole('button', { name: 'Arsenal – Chelsea, Match result, 1, 1.50' })).toBeEnabled();
  });

  it('is not shown before the game starts', async () => {
    renderLiveGame({ ...liveAnswer, game: { ...liveAnswer.game, status: 'prematch', live: null } });
    expect(await screen.findByRole('article', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Match tracker' })).not.toBeInTheDocument();
  });
});
