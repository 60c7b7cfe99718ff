import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import {
  allMarketGroupsCollapsedPreference,
  collapsedMarketGroupsPreference,
  expandedMarketGroupsPreference,
  LiveStore,
  SportsbookProvider,
  type FeedGameResponse,
  type SocketLike,
} from '@tessera/sportsbook/data-access-feed';
import { fakeFeedClient, feedHttpError, renderFeedView } from '@tessera/sportsbook/testing-feed';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSiteFormat } from '@tessera/shared/util-format';
import { GameTitle } from './game-title';
import { GAME_POLL_MS, GameView } from './game-view';

const answer: FeedGameResponse = {
  kind: 3,
  version: 4,
  game: {
    id: 5,
    kind: 3,
    sportId: 1,
    sportName: 'Football',
    champId: 10,
    champName: 'Premier League',
    countryId: 1,
    home: { id: 1, name: 'Arsenal' },
    away: { id: 2, name: 'Chelsea' },
    startsAt: 1_800_000_000,
    status: 'prematch',
    live: null,
    mainMarket: null,
    marketsCount: 2,
  },
  groups: [
    {
      id: 'main',
      nameKey: 'feed:marketGroup.main',
      markets: [
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
    {
      id: 'totals',
      nameKey: 'feed:marketGroup.totals',
      markets: [
        {
          id: '5:total:2.5',
          type: 'total',
          line: 2.5,
          status: 'open',
          suspendReason: null,
          outcomes: [
            { id: '5:total:2.5:over', code: 'over', nameKey: 'feed:outcome.over', odds: 1.95, status: 'open' },
            { id: '5:total:2.5:under', code: 'under', nameKey: 'feed:outcome.under', odds: 1.85, status: 'open' },
          ],
        },
      ],
    },
  ],
};

const brand = testBrandPayload({ language: 'en' });

function renderGame(send: (url: string) => unknown) {
  return renderFeedView(
    <>
      <h1>
        <GameTitle gameId={5} fallback="Match" />
      </h1>
      <GameView gameId={5} />
    </>,
    (url) => send(url),
    { brand, route: '/en/game/5' },
  );
}

afterEach(() => {
  collapsedMarketGroupsPreference.reset();
  expandedMarketGroupsPreference.reset();
  allMarketGroupsCollapsedPreference.reset();
  window.localStorage.clear();
});

describe('GameView', () => {
  it("is titled with the match, in the heading and the document's title, and shows the kick-off in the brand's formats", async () => {
    renderGame(() => answer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    expect(document.title).toBe(`Arsenal – Chelsea | ${brand.config.global.brandName}`);
    const site = createSiteFormat(brand.config.global, 'en');
    const at = answer.game.startsAt * 1000;
    const kickOff = screen.getByText(`Kick-off ${site.pattern(at, 'EEE')} ${site.date(at)} ${site.time(at)}`);
    expect(kickOff.tagName).toBe('TIME');
    expect(kickOff).toHaveAttribute('datetime', new Date(at).toISOString());
  });

  it('is titled "Match" while the game loads', () => {
    renderGame(() => new Promise(() => undefined));
    expect(screen.getByRole('heading', { level: 1, name: 'Match' })).toBeInTheDocument();
  });

  it('shows every market group with odds buttons named by team, market, outcome and price', async () => {
    renderGame(() => answer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Arsenal – Chelsea, Total, Over 2.5, 1.95' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Arsenal – Chelsea, Both teams to score, Yes, 1.80' })).toBeEnabled();
  });

  it('collapses a group and remembers it in storage with an expiry', async () => {
    const user = userEvent.setup();
    const view = renderGame(() => answer);
    const totals = await screen.findByRole('button', { name: 'Totals' });
    await user.click(totals);
    expect(totals).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /Over 2.5/ })).not.toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem('tessera:gameCollapsedMarketGroups') ?? '{}') as {
      value: string[];
      expireDate: number;
    };
    expect(stored.value).toEqual(['totals']);
    expect(stored.expireDate).toBeGreaterThan(Date.now());

    view.unmount();
    renderGame(() => answer);
    expect(await screen.findByRole('button', { name: 'Totals' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Main' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('collapses all groups at once and opens one of them again', async () => {
    const user = userEvent.setup();
    renderGame(() => answer);
    await user.click(await screen.findByRole('button', { name: 'Collapse all' }));
    expect(screen.getByRole('button', { name: 'Main' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Main' }));
    expect(screen.getByRole('button', { name: 'Main' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Totals' })).toHaveAttribute('aria-expanded', 'false');
    expect(JSON.parse(window.localStorage.getItem('tessera:gameExpandedMarketGroups') ?? '{}')).toMatchObject({
      value: ['main'],
    });
  });

  it('opens the statistics link in the centred popup window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderGame(() => answer);
    const link = await screen.findByRole('link', { name: 'Statistics' });
    expect(link).toHaveAttribute('href', '/en/statisticpopup/game/1/5/main');
    await act(async () => link.click());
    expect(open).toHaveBeenCalledWith(
      '/en/statisticpopup/game/1/5/main',
      expect.any(String),
      expect.stringContaining('width=1024'),
    );
    open.mockRestore();
  });

  it('says plainly when the game is unknown', async () => {
    renderGame(() => {
      throw feedHttpError(404, '/service-api/LineFeed/GetGameZip');
    });
    expect(await screen.findByText('This game is not available.')).toBeInTheDocument();
  });
});

describe('GameView in the Asian view', () => {
  it('leads with handicaps and totals where the brand offers the Asian view', async () => {
    const asianBrand = testBrandPayload({
      language: 'en',
      config: { betting: { views: [0, 1], defaultView: 1, asianViewCountries: [] } },
    });
    renderFeedView(<GameView gameId={5} />, () => answer, { brand: asianBrand, route: '/en/game/5' });
    await screen.findByRole('button', { name: 'Totals' });
    const groups = screen.getAllByRole('button', { expanded: true }).map((b) => b.textContent?.replace(/^[▸▾] /, ''));
    expect(groups).toEqual(['Totals', 'Main']);
    expect(screen.getByRole('combobox', { name: 'View' })).toHaveValue('asian');
  });
});

describe('GameView without the push channel', () => {
  afterEach(() => vi.useRealTimers());

  it('polls a live game every GAME_POLL_MS while the channel is down, and a pre-match game not at all', async () => {
    vi.useFakeTimers();
    const live: FeedGameResponse = {
      ...answer,
      game: {
        ...answer.game,
        status: 'live',
        live: {
          period: 1,
          clockSeconds: 600,
          clockRunning: true,
          score: { home: 1, away: 0 },
          periodScores: [{ home: 1, away: 0 }],
        },
      },
    };
    let current = live;
    const { client, send } = fakeFeedClient(() => current);
    // The channel never says hello and its first socket drops at once: the page is on polling.
    const createSocket = (): SocketLike => {
      const socket: SocketLike = {
        readyState: 0,
        send: () => undefined,
        close: () => undefined,
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
      };
      setTimeout(() => socket.onclose?.({}), 0);
      return socket;
    };
    const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    renderWithProviders(
      <SportsbookProvider client={client} store={new LiveStore()} createSocket={createSocket}>
        <GameView gameId={5} />
      </SportsbookProvider>,
      { brand, realLanguage: true, route: '/en/game/5' },
    );
    await advance(0);
    expect(send).toHaveBeenCalledTimes(1);
    await advance(GAME_POLL_MS);
    expect(send).toHaveBeenCalledTimes(2);
    await advance(GAME_POLL_MS);
    expect(send).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('article', { name: 'Arsenal – Chelsea' })).toBeInTheDocument();

    // The game is answered as not started any more (say, a feed correction): the page stops polling it.
    current = answer;
    await advance(GAME_POLL_MS);
    const calls = send.mock.calls.length;
    await advance(GAME_POLL_MS * 3);
    expect(send).toHaveBeenCalledTimes(calls);
  });
});
