import { ApiClientProvider, createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CasinoGamePage } from './casino-game-page';
import { roundErrorKey } from './round-player';
import { celebrates, nextSpinAt, slotPlayOf } from './slot-pacing';
import { preloadCasinoCopy } from './use-casino-t';

// The casino route loads the copy of the page language before it renders (apps/web casino-page); so do these tests.
beforeAll(() => preloadCasinoCopy('en'));

// One test per slot rule of the jurisdictions (UKGC-SLOT-1/2/3, DEGGL-SLOT-1, UKGC-NP-1) as the game page honours
// them: the settings arrive with the launch (`rules.play`, the site's `modules.casino.slots`).

const HASH = 'a'.repeat(64);
const game = {
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

interface Play {
  maxStake?: Record<string, number>;
  minSpinSeconds?: number;
  autoplay?: boolean;
  turbo?: boolean;
  celebrateWinsBelowStake?: boolean;
}

function round(n: number, win: number) {
  const window = Array.from({ length: 5 }, () => ['diamond', 'diamond', 'ruby']);
  const spin = {
    window,
    lineWins: win > 0 ? [{ line: 0, symbol: 'diamond', count: 3, win }] : [],
    scatters: 0,
    scatterWin: 0,
    freeSpinsAwarded: 0,
    win,
  };
  return {
    roundId: `round-${n}`,
    gameId: 'aurora-gems',
    status: 'settled',
    stake: 20,
    win,
    currency: 'EUR',
    nonce: n,
    serverSeedHash: HASH,
    clientSeed: 'mine',
    step: 0,
    outcome: { stake: 20, base: spin, freeSpins: [], win },
    createdAt: '2026-11-26T10:00:00.000Z',
    settledAt: '2026-11-26T10:00:00.000Z',
    replayed: false,
  };
}

function render(play: Play, options: { win?: number; config?: Record<string, unknown> } = {}) {
  const spins: number[] = [];
  let net = 0;
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/web-api/casino/games/aurora-gems/launch')
      return json({
        mode: 'real',
        game,
        rules: { stakeStep: 20, lines: [[1, 1, 1, 1, 1]], play: { maxStake: {}, ...play } },
        seed: { serverSeedHash: HASH, clientSeed: 'mine', nextNonce: 0 },
        openRound: null,
        currency: 'EUR',
      });
    if (url.pathname === '/account-api/user/balance')
      return json({ accounts: [{ money: 50 + net, iso: 'EUR', symbol: '€', isActive: true }] });
    if (url.pathname === '/web-api/responsible/session')
      return json({
        startedAt: '2026-11-26T10:00:00.000Z',
        acknowledgedAt: '2026-11-26T10:00:00.000Z',
        nextCheckAt: null,
        minutesPlayed: 12,
        wagered: spins.length * 0.2,
        netPosition: net,
        currency: 'EUR',
        serverTime: '2026-11-26T10:12:05.000Z',
        show: { sessionTimer: true, netPosition: true },
      });
    if (url.pathname === '/web-api/casino/rounds') {
      spins.push(Date.now());
      const win = options.win ?? 0;
      net = Math.round((net - 0.2 + win / 100) * 100) / 100;
      return json(round(spins.length, win));
    }
    return new Response('{}', { status: 404 });
  }) as typeof fetch;
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  renderWithProviders(
    <ApiClientProvider client={client}>
      <CasinoGamePage gameId="aurora-gems" demo={false} signedIn />
    </ApiClientProvider>,
    {
      brand: testBrandPayload({ language: 'en', config: { global: { timezone: 'UTC' }, ...options.config } }),
      realLanguage: true,
    },
  );
  return { spins };
}

afterEach(() => sessionStorage.clear());

describe('slot rules on the game page', { timeout: 30_000 }, () => {
  it('UKGC-SLOT-1 / DEGGL-SLOT-1: the spin button waits the minimum time, with a countdown and a progress bar', async () => {
    const user = userEvent.setup();
    const { spins } = render({ minSpinSeconds: 2, autoplay: false, turbo: false });
    const spin = await screen.findByRole('button', { name: 'Spin' });
    expect(screen.getByText('A spin lasts at least 2 seconds here.')).toBeVisible();
    await user.click(spin);
    expect(await screen.findByText('No win this time.', {}, { timeout: 3000 })).toBeVisible();
    // The reels have stopped but the next spin is not yet allowed: the page says how long is left.
    expect(screen.getByRole('button', { name: 'Spin' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Time until the next spin' })).toBeVisible();
    expect(screen.getByText(/^Next spin in \d\.\d s$/)).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Spin' })).toBeEnabled(), { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    await waitFor(() => expect(spins).toHaveLength(2));
    // Counted from the first answer, so the server (counting from the first start) never refuses the second.
    expect((spins[1] ?? 0) - (spins[0] ?? 0)).toBeGreaterThanOrEqual(2000);
  });

  it('UKGC-SLOT-2 / DEGGL-SLOT-1: no autoplay control where autoplay is off', async () => {
    render({ autoplay: false, turbo: false });
    await screen.findByRole('button', { name: 'Spin' });
    expect(screen.queryByRole('button', { name: 'Start autoplay' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Autoplay spins' })).toBeNull();
  });

  it('autoplay where the site offers it: spins without a click each, and stops when asked', async () => {
    const user = userEvent.setup();
    const { spins } = render({ autoplay: true, turbo: true });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Autoplay spins' }), '10');
    await user.click(screen.getByRole('button', { name: 'Start autoplay' }));
    await waitFor(() => expect(spins.length).toBeGreaterThanOrEqual(2), { timeout: 6000 });
    expect(screen.getByRole('button', { name: 'Spin' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Stop autoplay' }));
    const stoppedAt = spins.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(spins.length).toBeLessThanOrEqual(stoppedAt + 1);
    expect(screen.getByRole('button', { name: 'Start autoplay' })).toBeVisible();
  });

  it('UKGC-SLOT-1: no turbo or quick stop where turbo is off', async () => {
    const user = userEvent.setup();
    render({ turbo: false, autoplay: false });
    await user.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(screen.queryByRole('button', { name: 'Stop the reels' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Turbo spins' })).toBeNull();
    expect(await screen.findByText('No win this time.', {}, { timeout: 3000 })).toBeVisible();
  });

  it('quick stop where turbo is on: the reels stop on a click, before their full turn', async () => {
    const user = userEvent.setup();
    render({ turbo: true, autoplay: false });
    expect(await screen.findByRole('checkbox', { name: 'Turbo spins' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    const region = screen.getByRole('region', { name: 'Slot machine' });
    await user.click(await screen.findByRole('button', { name: 'Stop the reels' }));
    expect(await within(region).findByText('No win this time.', {}, { timeout: 500 })).toBeVisible();
  });

  it('UKGC-SLOT-3: a win smaller than the stake is a plain return where celebration is off', async () => {
    const user = userEvent.setup();
    render({ celebrateWinsBelowStake: false }, { win: 10 });
    await user.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(await screen.findByText(/0\.10.* of your .*0\.20.* stake returned\./, {}, { timeout: 3000 })).toBeVisible();
    expect(screen.queryByRole('img', { name: 'Win!' })).toBeNull();
    expect(screen.queryByText(/You won/)).toBeNull();
  });

  it('a win smaller than the stake is celebrated where the site allows it; a win above the stake always is', async () => {
    expect(celebrates(10, 20, { celebrateWinsBelowStake: true })).toBe(true);
    expect(celebrates(20, 20, { celebrateWinsBelowStake: false })).toBe(false);
    expect(celebrates(21, 20, { celebrateWinsBelowStake: false })).toBe(true);
    expect(celebrates(0, 20, { celebrateWinsBelowStake: true })).toBe(false);
    const user = userEvent.setup();
    render({ celebrateWinsBelowStake: true }, { win: 10 });
    await user.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(await screen.findByRole('img', { name: 'Win!' }, { timeout: 3000 })).toBeVisible();
    expect(screen.getByText(/You won .*0\.10/)).toBeVisible();
  });

  it('UKGC-NP-1: session time and net position in the game frame where the site shows them, following each round', async () => {
    const user = userEvent.setup();
    render({}, { config: { responsible: { showSessionTimer: true, showNetPosition: true } } });
    const line = await screen.findByRole('group', { name: 'Your session' });
    expect(within(line).getByText(/^Session time 0:12:0\d$/)).toBeVisible();
    expect(within(line).getByText(/^Net position .*0\.00/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    await waitFor(() => expect(within(line).getByText(/^Net position .*0\.20/)).toBeVisible(), { timeout: 3000 });
  });

  it('no session line where the site does not ask for one', async () => {
    render({}, { config: { responsible: { showSessionTimer: false, showNetPosition: false } } });
    await screen.findByRole('button', { name: 'Spin' });
    expect(screen.queryByRole('group', { name: 'Your session' })).toBeNull();
  });

  it('DEGGL-SLOT-2: offers no stake above the largest of the currency, and explains a refusal of one', async () => {
    render({ maxStake: { EUR: 1, RUB: 50 } });
    const stake = await screen.findByRole('combobox', { name: 'Stake' });
    const offered = within(stake)
      .getAllByRole('option')
      .map((o) => Number((o as HTMLOptionElement).value));
    expect(offered.length).toBeGreaterThan(0);
    expect(Math.max(...offered)).toBeLessThanOrEqual(100);
    expect(roundErrorKey({ body: { raw: { error_code: 1851 } }, status: 422 })).toBe('casino:errors.maxStake');
    expect(roundErrorKey({ body: { raw: { error_code: 1850 } }, status: 429 })).toBe('casino:errors.tooSoon');
  });

  it('reads the settings strictly and counts the minimum from the answer', () => {
    expect(slotPlayOf({})).toEqual({
      minSpinMs: 0,
      autoplay: false,
      turbo: false,
      celebrateWinsBelowStake: false,
      maxStakeMinor: {},
    });
    expect(slotPlayOf({ play: { minSpinSeconds: 2.5, autoplay: true } })).toMatchObject({
      minSpinMs: 2500,
      autoplay: true,
    });
    expect(nextSpinAt({ startedAt: 1000, answeredAt: 1100, revealMs: 900 }, 5000)).toBe(6100);
    expect(nextSpinAt({ startedAt: 1000, answeredAt: 1100, revealMs: 900 }, 0)).toBe(1900);
  });
});
