import { GUEST_SESSION } from '@tessera/account/data-access-session';
import { createI18n, translator } from '@tessera/shared/util-i18n';
import { testBrandPayload } from '@tessera/shared/util-testing';
import type { FeedGameResponse, FeedGameRow } from '@tessera/sportsbook/data-access-feed';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/app-providers';
import { createRoutes } from '../app/routes';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const row: FeedGameRow = {
  id: 5,
  kind: 1,
  sportId: 1,
  sportName: 'Football',
  champId: 10,
  champName: 'Premier League',
  countryId: 1,
  home: { id: 31, name: 'Arsenal' },
  away: { id: 32, name: 'Chelsea' },
  // 2027-01-15 20:00 UTC
  startsAt: 1_800_043_200,
  status: 'live',
  live: {
    period: 2,
    clockSeconds: 4025,
    clockRunning: true,
    score: { home: 2, away: 1 },
    periodScores: [
      { home: 1, away: 1 },
      { home: 1, away: 0 },
    ],
  },
  mainMarket: null,
  marketsCount: 1,
};

const game: FeedGameResponse = {
  kind: 3,
  version: 7,
  game: row,
  groups: [
    {
      id: 'main',
      nameKey: 'feed:marketGroup.main',
      markets: [
        {
          id: '5:1x2',
          type: '1x2',
          line: null,
          status: 'open',
          suspendReason: null,
          outcomes: [
            { id: '5:1x2:home', code: 'home', nameKey: 'feed:outcome.home', odds: 2.1, status: 'open' },
            { id: '5:1x2:draw', code: 'draw', nameKey: 'feed:outcome.draw', odds: 3.4, status: 'open' },
            { id: '5:1x2:away', code: 'away', nameKey: 'feed:outcome.away', odds: 3.2, status: 'open' },
          ],
        },
      ],
    },
  ],
};

type Answer = { status: number; body: unknown };

/** The feed as the browser reaches it: answers by path (a function answers each call anew) and records the paths. */
function stubFeed(answers: Record<string, Answer | (() => Answer)>) {
  const paths: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    paths.push(`${url.pathname}${url.search}`);
    const entry = answers[url.pathname];
    const answer = (typeof entry === 'function' ? entry() : entry) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  // No push channel in a unit test: the page polls as it does when the channel is down.
  vi.stubGlobal(
    'WebSocket',
    class {
      constructor() {
        throw new Error('no push channel here');
      }
    },
  );
  return paths;
}

function renderPopup(url: string) {
  const brand = testBrandPayload({ language: 'en', config: { global: { timezone: 'UTC', dateFormat: 'dd.MM.yyyy' } } });
  const i18n = createI18n({ language: brand.language, dictionary: brand.dictionary });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes({ session: GUEST_SESSION, config: brand.config, queryClient }), {
    initialEntries: [url],
  });
  render(
    <AppProviders brand={brand} session={GUEST_SESSION} i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { t: translator(i18n) };
}

describe('the statistics popup page', () => {
  it("shows a live game's teams, championship, start, score, clock, period scores and main markets, without the site's header and footer", async () => {
    const paths = stubFeed({ '/service-api/LineFeed/GetGameZip': { status: 200, body: game } });
    const { t } = renderPopup('/en/statisticpopup/game/1/5/main');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    expect(main.getByRole('heading', { level: 1, name: t('sportsbook:statistic.title') })).toBeInTheDocument();
    // The skeleton first, then the game.
    expect(main.getByRole('status', { name: t('sportsbook:statistic.loading') })).toBeInTheDocument();
    expect(await main.findByRole('heading', { level: 2, name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    expect(main.getByText('Football · Premier League')).toBeInTheDocument();
    expect(main.getByText('15.01.2027 20:00')).toBeInTheDocument();
    expect(main.getByText('2:1')).toBeInTheDocument();
    // Football's periods are halves (named per sport and language).
    expect(main.getByText('Half 2 · 67:05')).toBeInTheDocument();
    const periods = main.getByRole('table', { name: t('sportsbook:statistic.periods') });
    expect(within(periods).getByRole('row', { name: 'Arsenal 1 1' })).toBeInTheDocument();
    expect(within(periods).getByRole('row', { name: 'Chelsea 1 0' })).toBeInTheDocument();
    expect(main.getByRole('listitem').textContent).toBe('Match result: 1 2.10 · X 3.40 · 2 3.20');
    // A popup window: no site header, footer or bet slip.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(paths.filter((p) => p.startsWith('/service-api/LineFeed/GetGameZip'))[0]).toMatch(/\bid=5\b/);
  });

  it("lists a team's games from both feeds, named after the team", async () => {
    const prematch = {
      ...row,
      id: 6,
      status: 'prematch' as const,
      live: null,
      home: { id: 40, name: 'Everton' },
      away: { id: 31, name: 'Arsenal' },
    };
    const paths = stubFeed({
      '/service-api/LiveFeed/GetGamesTeamZip': { status: 200, body: { kind: 1, version: 3, games: [row] } },
      '/service-api/LineFeed/GetGamesTeamZip': { status: 200, body: { kind: 3, version: 3, games: [prematch] } },
    });
    const { t } = renderPopup('/en/statisticpopup/team/1/31');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    expect(await main.findByRole('heading', { level: 2, name: 'Arsenal' })).toBeInTheDocument();
    const list = main.getByRole('list', { name: t('sportsbook:statistic.teamGames', { name: 'Arsenal' }) });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Arsenal – Chelsea', 'Everton – Arsenal']);
    expect(paths.filter((p) => p.includes('GetGamesTeamZip')).every((p) => /\bteams=31\b/.test(p))).toBe(true);
  });

  it.each(['player/1/9', 'stage/1/77?tt=2', 'tournament/1/3/2026', 'rating/1/4', 'horse/12', 'graph/5', 'cyber/85/3'])(
    'says plainly that %s statistics are not available yet',
    async (rest) => {
      const paths = stubFeed({});
      const { t } = renderPopup(`/en/statisticpopup/${rest}`);
      const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
      expect(await main.findByText(t('sportsbook:statistic.unavailable'))).toBeInTheDocument();
      expect(paths).toEqual([]);
    },
  );

  it('says an unknown game is not available', async () => {
    stubFeed({ '/service-api/LineFeed/GetGameZip': { status: 404, body: { message: 'Game not found' } } });
    const { t } = renderPopup('/en/statisticpopup/game/1/999999999/main');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    expect(await main.findByText(t('sportsbook:game.notFound'))).toBeInTheDocument();
  });

  it('offers a retry when the feed fails, and shows the game once it answers', async () => {
    let up = false;
    stubFeed({
      '/service-api/LineFeed/GetGameZip': () =>
        up ? { status: 200, body: game } : { status: 503, body: { message: 'Unavailable' } },
    });
    const { t } = renderPopup('/en/statisticpopup/game/5/main');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    const retry = await main.findByRole('button', { name: t('sportsbook:common.retry') }, { timeout: 15_000 });
    expect(main.getByText(t('sportsbook:common.error'))).toBeInTheDocument();
    up = true;
    await userEvent.click(retry);
    expect(await main.findByRole('heading', { level: 2, name: 'Arsenal – Chelsea' })).toBeInTheDocument();
  });

  it('answers an address no statistic link builds with the not-found page', async () => {
    stubFeed({});
    const { t } = renderPopup('/en/statisticpopup/game/abc/main');
    const main = within(await screen.findByRole('main', {}, { timeout: 15_000 }));
    expect(await main.findByRole('heading', { level: 1, name: t('errors:notFound.title') })).toBeInTheDocument();
  });
});
