import { ApiClientProvider, createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import type { CasinoHistoryResponse } from '@tessera/shared/contract-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CasinoHistory } from './casino-history';
import { preloadCasinoCopy } from './use-casino-t';

// The casino route loads the copy of the page language before it renders (apps/web casino-page); so do these tests.
beforeAll(() => preloadCasinoCopy('en'));

type HistoryRound = CasinoHistoryResponse['rounds'][number];

const TESSERA = { id: 1, slug: 'tessera', name: 'Tessera Originals' };
const NORTHLIGHT = { id: 2, slug: 'northlight', name: 'Northlight Games' };

const inHouse = (roundId: string, at: string, stake: number, win: number | null): HistoryRound => ({
  source: 'in-house',
  roundId,
  gameId: 'aurora-gems',
  provider: TESSERA,
  status: win === null ? 'open' : 'settled',
  stake,
  win,
  currency: 'EUR',
  createdAt: at,
  rolledBack: false,
  transactions: [],
});

const SETTLED: HistoryRound = {
  source: 'external',
  roundId: 'nl-round-7',
  gameId: 'northlight-lucky-lanterns',
  gameName: 'Lucky Lanterns',
  provider: NORTHLIGHT,
  status: 'settled',
  stake: 200,
  win: 540,
  currency: 'EUR',
  createdAt: '2026-11-26T10:05:00.000Z',
  rolledBack: false,
  transactions: [
    {
      transactionId: 'nl-bet-7',
      platformTransactionId: 'northlight:nl-bet-7',
      kind: 'bet',
      amount: 200,
      status: 'done',
      createdAt: '2026-11-26T10:05:00.000Z',
    },
    {
      transactionId: 'nl-win-7',
      platformTransactionId: 'northlight:nl-win-7',
      kind: 'win',
      amount: 540,
      status: 'done',
      createdAt: '2026-11-26T10:05:01.000Z',
    },
  ],
};

const ROLLED_BACK: HistoryRound = {
  ...SETTLED,
  roundId: 'nl-round-8',
  status: 'rolled-back',
  stake: 0,
  win: 0,
  createdAt: '2026-11-26T10:06:00.000Z',
  rolledBack: true,
  transactions: [
    {
      transactionId: 'nl-bet-8',
      platformTransactionId: 'northlight:nl-bet-8',
      kind: 'bet',
      amount: 300,
      status: 'rolled-back',
      createdAt: '2026-11-26T10:06:00.000Z',
    },
    {
      transactionId: 'nl-rb-8',
      platformTransactionId: 'northlight:nl-rb-8',
      kind: 'rollback',
      amount: 300,
      status: 'done',
      referenceTransactionId: 'nl-bet-8',
      createdAt: '2026-11-26T10:06:05.000Z',
    },
  ],
};

/** Answers the history call from `pages` by its cursor (none: the first page), recording each query. */
function render(pages: Record<string, CasinoHistoryResponse | 'error'>) {
  const queries: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    queries.push(url.search);
    const page = url.pathname === '/web-api/casino/history' ? pages[url.searchParams.get('cursor') ?? ''] : undefined;
    if (!page || page === 'error')
      return new Response(JSON.stringify({ message: 'Unavailable' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  renderWithProviders(
    <ApiClientProvider client={client}>
      <CasinoHistory />
    </ApiClientProvider>,
    { brand: testBrandPayload({ language: 'en' }), realLanguage: true },
  );
  return { queries };
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return within(row);
};

describe('CasinoHistory', { timeout: 20_000 }, () => {
  it("lists external providers' rounds beside in-house ones, with provider, transaction ids and rollbacks marked", async () => {
    render({
      '': {
        rounds: [ROLLED_BACK, SETTLED, inHouse('r-inhouse-00000001', '2026-11-26T10:00:00.000Z', 100, 250)],
        next: null,
      },
    });
    const table = await screen.findByRole('table', { name: 'Your casino rounds, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Game', 'Provider', 'Stake', 'Win', 'Round']);
    // In-house: the translated name, the house provider, its id linking to the fair-play proof.
    const own = rowOf('Aurora Gems');
    expect(own.getByText('Tessera Originals')).toBeVisible();
    expect(own.getByRole('link', { name: 'Fair-play proof of round r-inhouse-00000001' })).toHaveAttribute(
      'href',
      '/en/casino/verify?round=r-inhouse-00000001',
    );
    // External, settled: the provider's name of the game, stake and win, the provider's round and transaction ids.
    const settled = within(screen.getByRole('list', { name: 'Provider transactions of round nl-round-7' }));
    const settledRow = rowOf('nl-round-7');
    expect(settledRow.getByText('Northlight Games')).toBeVisible();
    expect(settledRow.getByText('Lucky Lanterns')).toBeVisible();
    expect(settledRow.queryByRole('link')).toBeNull();
    expect(settled.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Bet .*2\.00.* · nl-bet-7$/),
      expect.stringMatching(/^Win .*5\.40.* · nl-win-7$/),
    ]);
    // External, rolled back: marked in the win column and on the bet it reversed.
    const rolled = rowOf('nl-round-8');
    expect(rolled.getAllByText('rolled back', { exact: false }).length).toBeGreaterThanOrEqual(1);
    const rolledItems = within(screen.getByRole('list', { name: 'Provider transactions of round nl-round-8' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rolledItems).toEqual([
      expect.stringMatching(/^Bet .*3\.00.* · nl-bet-8 \(rolled back\)$/),
      expect.stringMatching(/^Rollback .*3\.00.* · nl-rb-8$/),
    ]);
  });

  it('pages with the cursor the server gives, across both kinds, until there is no next page', async () => {
    const user = userEvent.setup();
    const { queries } = render({
      '': { rounds: [SETTLED], next: 'cursor-1' },
      'cursor-1': { rounds: [inHouse('r-inhouse-00000002', '2026-11-26T09:00:00.000Z', 100, null)], next: null },
    });
    expect(await screen.findByText('nl-round-7')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const own = await screen.findByRole('link', { name: 'Fair-play proof of round r-inhouse-00000002' });
    expect(within(own.closest('tr') as HTMLElement).getByText('open')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(queries.filter((q) => q.includes('cursor=cursor-1'))).toHaveLength(1);
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('says so when there is no round yet', async () => {
    render({ '': { rounds: [], next: null } });
    expect(await screen.findByText('No casino rounds yet.')).toBeVisible();
  });

  it('offers a retry when the history cannot be loaded', async () => {
    render({ '': 'error' });
    expect(await screen.findByText('Your rounds could not be loaded.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
