import { ApiClientProvider, createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import type {
  CasinoTournamentResponse,
  CasinoTournamentSummary,
  CasinoTournamentsResponse,
} from '@tessera/shared/contract-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CasinoLobby } from './casino-lobby';
import { CasinoTournaments } from './casino-tournaments';
import { preloadCasinoCopy } from './use-casino-t';

// The casino route loads the copy of the page language before it renders (apps/web casino-page); so do these tests.
beforeAll(() => Promise.all([preloadCasinoCopy('en'), preloadCasinoCopy('ar')]));

const HOUR = 3_600_000;

const summary = (overrides: Partial<CasinoTournamentSummary> = {}): CasinoTournamentSummary => ({
  id: 'spring-spins',
  name: 'Spring spins',
  status: 'active',
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 26 * HOUR + 5 * 60_000 + 30_000).toISOString(),
  currency: 'EUR',
  minStake: 100,
  points: { rule: 'stake', perUnit: 1, minMultiplier: 1 },
  prizes: [
    { rank: 1, amount: 10_000 },
    { rank: 2, amount: 5_000 },
  ],
  gameIds: ['aurora-gems', 'harbour-fruits'],
  paid: false,
  ...overrides,
});

const entry = (rank: number, points: number, me = false) => ({
  rank,
  player: `10****${rank}${rank}`,
  points,
  reachedAt: '2026-11-26T10:00:00.000Z',
  prize: rank === 1 ? 10_000 : rank === 2 ? 5_000 : null,
  me,
});

type Answer = CasinoTournamentsResponse | CasinoTournamentResponse | 'error' | 'missing';

/** Answers the tournaments calls by path; counts the calls of each path. */
function render(
  answers: Record<string, Answer>,
  options: { id?: string; language?: 'en' | 'ar'; signedIn?: boolean; held?: Promise<void> } = {},
) {
  const calls: Record<string, number> = {};
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls[url.pathname] = (calls[url.pathname] ?? 0) + 1;
    // A held answer waits until the test releases it (the skeleton shows meanwhile).
    await options.held;
    const answer = answers[url.pathname];
    if (answer === 'missing')
      return new Response(
        JSON.stringify({ message: 'Tournament not found', detail: 'tournament_not_found: no', error_code: 1860 }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      );
    if (!answer || answer === 'error')
      return new Response(JSON.stringify({ message: 'Unavailable' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  renderWithProviders(
    <ApiClientProvider client={client}>
      <CasinoTournaments signedIn={options.signedIn ?? true} {...(options.id ? { tournamentId: options.id } : {})} />
    </ApiClientProvider>,
    { brand: testBrandPayload({ language: options.language ?? 'en' }), realLanguage: true },
  );
  return { calls, answers };
}

const LIST = '/web-api/casino/tournaments';
const DETAIL = '/web-api/casino/tournaments/spring-spins';

describe('CasinoTournaments', { timeout: 20_000 }, () => {
  it('shows a skeleton while loading, then the running tournament with countdown, prizes, games and the board', async () => {
    const active = summary();
    const upcoming = summary({ id: 'night-owls', name: 'Night owls', status: 'upcoming' });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    render(
      {
        [LIST]: { tournaments: [active, upcoming] },
        [DETAIL]: {
          tournament: active,
          leaderboard: [entry(1, 40), entry(2, 25, true), entry(3, 9)],
          me: entry(2, 25, true),
        },
      },
      { held },
    );
    expect(screen.getByRole('status', { name: 'Loading the tournaments' })).toHaveAttribute('aria-busy', 'true');
    release();
    const nav = await screen.findByRole('navigation', { name: 'All tournaments' });
    expect(within(nav).getByRole('link', { name: 'Spring spins · Running' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Night owls · Coming soon' })).toHaveAttribute(
      'href',
      '/en/casino/tournaments/night-owls',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Spring spins' })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent(/^Ends in 1 d 02:0[45]:\d\d$/);
    const prizes = screen.getByRole('region', { name: 'Prizes' });
    expect(
      within(prizes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. place: 100.00 EUR', '2. place: 50.00 EUR']);
    expect(screen.getByText('Points for every 1 EUR staked: 1.')).toBeVisible();
    expect(screen.getByText('Rounds staking at least 1.00 EUR count.')).toBeVisible();
    const games = screen.getByRole('region', { name: 'Qualifying games' });
    expect(within(games).getByRole('link', { name: 'Aurora Gems' })).toHaveAttribute(
      'href',
      '/en/casino/game/aurora-gems',
    );
    const board = screen.getByRole('table', { name: 'Leaderboard' });
    const rows = within(board).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', '10****11', '40', '100.00 EUR'],
      ['2', '10****22 (You)', '25', '50.00 EUR'],
      ['3', '10****33', '9', ''],
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Your place: 2 with 25 points.')).toBeVisible();
  });

  it("adds the player's own row below the top when it ranks lower, and says so for a guest", async () => {
    const active = summary();
    render({
      [LIST]: { tournaments: [active] },
      [DETAIL]: { tournament: active, leaderboard: [entry(1, 40), entry(2, 25)], me: entry(57, 3, true) },
    });
    const board = await screen.findByRole('table', { name: 'Leaderboard' });
    const last = within(board).getAllByRole('row').at(-1);
    expect(last).toHaveAttribute('aria-current', 'true');
    expect(within(last as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('57');
  });

  it('a guest is asked to sign in; an empty board says no one has scored', async () => {
    const active = summary();
    render(
      { [LIST]: { tournaments: [active] }, [DETAIL]: { tournament: active, leaderboard: [], me: null } },
      { signedIn: false },
    );
    expect(await screen.findByText('Sign in and play for real money to take part.')).toBeVisible();
    expect(screen.getByText('No one has scored yet.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a finished tournament shows when it ended and that the prizes were paid', async () => {
    const finished = summary({ status: 'finished', endsAt: '2026-11-20T18:00:00.000Z', paid: true });
    render({
      [LIST]: { tournaments: [finished] },
      [DETAIL]: { tournament: finished, leaderboard: [entry(1, 40)], me: null },
    });
    expect(await screen.findByText(/^Ended on /)).toBeVisible();
    expect(screen.getByText('The prizes have been paid.')).toBeVisible();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('says so where the brand runs no tournaments', async () => {
    render({ [LIST]: { tournaments: [] } });
    expect(await screen.findByText('There are no tournaments at the moment.')).toHaveAttribute('role', 'status');
  });

  it('an error offers to try again, which loads the page', async () => {
    const active = summary();
    const { answers, calls } = render({ [LIST]: 'error' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The tournaments could not be loaded.');
    answers[LIST] = { tournaments: [active] };
    answers[DETAIL] = { tournament: active, leaderboard: [], me: null };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Spring spins' })).toBeVisible();
    expect(calls[LIST]).toBe(2);
  });

  it('an unknown tournament says it does not exist', async () => {
    render({ [LIST]: { tournaments: [summary()] }, '/web-api/casino/tournaments/gone': 'missing' }, { id: 'gone' });
    expect(await screen.findByText('This tournament does not exist.')).toBeVisible();
  });

  it('speaks the page language, right to left included', async () => {
    const active = summary();
    render(
      {
        [LIST]: { tournaments: [active] },
        [DETAIL]: { tournament: active, leaderboard: [entry(1, 5, true)], me: entry(1, 5, true) },
      },
      { language: 'ar' },
    );
    expect(await screen.findByRole('table', { name: 'لوحة المتصدرين' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'النقاط' })).toBeVisible();
    expect(screen.getByRole('timer')).toHaveTextContent(/^تنتهي خلال/);
  });

  it.each([
    ['links the tournaments from the lobby where the brand runs any', true],
    ['shows no tournaments link where the brand runs none', false],
  ])('%s', async (_, runs) => {
    const catalogue = { enabled: true, demo: true, categories: [], providers: [], tags: [], games: [] };
    const fetchImpl = (async () =>
      new Response(JSON.stringify(catalogue), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
    const tournaments = runs
      ? {
          'spring-spins': {
            names: { en: 'Spring spins' },
            startsAt: '2026-01-01T00:00:00Z',
            endsAt: '2099-01-01T00:00:00Z',
            currency: 'EUR',
            prizes: [10],
          },
        }
      : {};
    renderWithProviders(
      <ApiClientProvider client={client}>
        <CasinoLobby signedIn={false} />
      </ApiClientProvider>,
      {
        brand: testBrandPayload({ language: 'en', config: { modules: { casino: { tournaments } } } }),
        realLanguage: true,
      },
    );
    await screen.findByRole('navigation', { name: 'Game categories' });
    const link = screen.queryByRole('link', { name: 'Tournaments' });
    if (runs) expect(link).toHaveAttribute('href', '/en/casino/tournaments');
    else expect(link).toBeNull();
  });
});
