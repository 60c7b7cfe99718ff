import { ApiClientProvider, createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CasinoGamePage } from './casino-game-page';
import { preloadCasinoCopy } from './use-casino-t';

// The casino route loads the copy of the page language before it renders (apps/web casino-page); so do these tests.
beforeAll(() => preloadCasinoCopy('en'));

type Route = (body: Record<string, unknown>, method: string) => { status?: number; body?: unknown };

const HASH = 'a'.repeat(64);
const slotEntry = {
  id: 'aurora-gems',
  kind: 'slot',
  nameKey: 'casino:games.auroraGems.name',
  helpKey: 'casino:games.auroraGems.help',
  provider: 1,
  categories: ['slots'],
  tags: [],
  isNew: true,
  rtpPercent: '96.48',
  rtpSource: 'exact',
  maxWinMultiple: 63550,
  demo: true,
};
const slotRules = {
  rows: 3,
  reels: 5,
  lines: Array.from({ length: 20 }, () => [1, 1, 1, 1, 1]),
  wild: 'wild',
  scatter: 'star',
  pays: { diamond: { '3': 40, '4': 150, '5': 750 } },
  scatterPays: { '3': 2 },
  freeSpins: { awards: { '3': 10 }, multiplier: 2 },
  symbols: ['diamond', 'star', 'wild'],
  stakeStep: 20,
};
const window = Array.from({ length: 5 }, () => ['diamond', 'diamond', 'ruby']);

function round(roundId: string, win: number) {
  return {
    roundId,
    gameId: 'aurora-gems',
    status: 'settled',
    stake: 20,
    win,
    currency: 'EUR',
    nonce: 0,
    serverSeedHash: HASH,
    clientSeed: 'mine',
    step: 0,
    outcome: {
      stake: 20,
      base: {
        window,
        lineWins: win > 0 ? [{ line: 0, symbol: 'diamond', count: 5, win }] : [],
        scatters: 0,
        scatterWin: 0,
        freeSpinsAwarded: 0,
        win,
      },
      freeSpins: [],
      win,
    },
    createdAt: '2026-11-26T10:00:00.000Z',
    settledAt: '2026-11-26T10:00:00.000Z',
    replayed: false,
  };
}

function render(routes: Record<string, Route>, props: { demo?: boolean; signedIn?: boolean } = {}) {
  const seen: { path: string; method: string; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>;
    seen.push({ path: url.pathname, method, body });
    const answer = routes[url.pathname]?.(body, method) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  renderWithProviders(
    <ApiClientProvider client={client}>
      <CasinoGamePage gameId="aurora-gems" demo={props.demo ?? false} signedIn={props.signedIn ?? true} />
    </ApiClientProvider>,
    { brand: testBrandPayload({ language: 'en', config: { global: { timezone: 'UTC' } } }), realLanguage: true },
  );
  return { seen };
}

afterEach(() => sessionStorage.clear());

// userEvent and the first render of a lazy library take seconds on a loaded CI machine.
describe('CasinoGamePage', { timeout: 20_000 }, () => {
  it('spins for real money, shows the win and the wallet balance after it, with the rules and RTP in its help', async () => {
    const user = userEvent.setup();
    let money = 50;
    const { seen } = render({
      '/web-api/casino/games/aurora-gems/launch': () => ({
        body: {
          mode: 'real',
          game: slotEntry,
          rules: slotRules,
          seed: { serverSeedHash: HASH, clientSeed: 'mine', nextNonce: 0 },
          openRound: null,
          currency: 'EUR',
        },
      }),
      '/account-api/user/balance': () => ({ body: { accounts: [{ money, iso: 'EUR', symbol: '€', isActive: true }] } }),
      '/web-api/casino/rounds': (body) => {
        money = 50 - 0.2 + 1.5;
        return { body: round(String(body['roundId']), 150) };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Aurora Gems' })).toBeVisible();
    const balance = screen.getByRole('status', { name: 'Balance' });
    expect(await within(balance).findByText(/50\.00/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await screen.findByText(/You won 1\.50/)).toBeVisible();
    expect(await within(balance).findByText(/51\.30/)).toBeVisible();
    const play = seen.find((r) => r.path === '/web-api/casino/rounds');
    expect(play?.body).toMatchObject({ gameId: 'aurora-gems', bet: { stake: 20 } });
    expect(String(play?.body['roundId'])).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // Nothing is left pending once the round is answered.
    expect(sessionStorage.getItem('tessera.casino.pending.aurora-gems')).toBeNull();
    await user.click(screen.getByText('Rules, paytable and help'));
    expect(screen.getByText(/96\.48%, computed exactly from the game's tables/)).toBeInTheDocument();
    expect(screen.getByText(/A round never pays more than 63,550 times the stake/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Line pays \(20 lines\)/ })).toBeInTheDocument();
  });

  it('a page reloaded while a round was on its way asks for that round and shows it', async () => {
    sessionStorage.setItem('tessera.casino.pending.aurora-gems', 'interrupted-round-1');
    render({
      '/web-api/casino/games/aurora-gems/launch': () => ({
        body: {
          mode: 'real',
          game: slotEntry,
          rules: slotRules,
          seed: { serverSeedHash: HASH, clientSeed: 'mine', nextNonce: 1 },
          openRound: null,
          currency: 'EUR',
        },
      }),
      '/account-api/user/balance': () => ({
        body: { accounts: [{ money: 10, iso: 'EUR', symbol: '€', isActive: true }] },
      }),
      '/web-api/casino/rounds/interrupted-round-1': () => ({ body: round('interrupted-round-1', 0) }),
    });
    expect(await screen.findByText('No win this time.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Verify round' })).toHaveAttribute(
      'href',
      '/en/casino/verify?round=interrupted-round-1',
    );
    expect(sessionStorage.getItem('tessera.casino.pending.aurora-gems')).toBeNull();
  });

  it('demo play moves play credits only and says so', async () => {
    const user = userEvent.setup();
    const { seen } = render(
      {
        '/web-api/casino/games/aurora-gems/launch': () => ({
          body: { mode: 'demo', game: slotEntry, rules: slotRules, seed: null, openRound: null, currency: null },
        }),
        '/web-api/casino/demo/rounds': () => ({
          body: {
            ...round('x', 0),
            roundId: undefined,
            replayed: undefined,
            currency: undefined,
            nonce: undefined,
            createdAt: undefined,
            settledAt: undefined,
            token: null,
            serverSeed: 'b'.repeat(64),
          },
        }),
      },
      { demo: true, signedIn: false },
    );
    expect(await screen.findByText(/Demo play: play credits only/)).toBeVisible();
    const balance = screen.getByRole('status', { name: 'Balance' });
    expect(await within(balance).findByText(/1,?000\.00 play credits/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await within(balance).findByText(/999\.80 play credits/)).toBeVisible();
    expect(seen.some((r) => r.path === '/account-api/user/balance')).toBe(false);
    expect(seen.some((r) => r.path === '/web-api/casino/rounds')).toBe(false);
  });
});
