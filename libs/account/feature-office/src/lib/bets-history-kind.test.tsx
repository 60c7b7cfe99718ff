import { createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BetsHistory } from './bets-history';
import type { HistoryBet } from './wallet.api';
import { WalletClientProvider } from './wallet.queries';

const AUTHORISED = { status: 'authorised', user: { id: '1001', displayName: 'Ada' } } as const;

function selection(gameId: number) {
  const outcomeId = `${gameId}:1x2:home`;
  return { gameId, outcomeId, marketId: `${gameId}:1x2`, coef: 2, home: `Home ${gameId}`, away: `Away ${gameId}` };
}

/** A Yankee (libs/server/bets README, "Full-cover bets") as the history answers it: 11 lines at 1.00. */
const yankee: HistoryBet = {
  betId: 'b_11',
  betGuid: 'g',
  vid: 4,
  betType: 'fullCover',
  fullCover: 'yankee',
  status: 'accepted',
  summ: 11,
  stakeTax: 0,
  coef: 6.5455,
  potentialWin: 72,
  payout: null,
  saleSumm: null,
  currency: 'EUR',
  createdAt: '2026-11-22T08:00:00.000Z',
  settledAt: null,
  expressNum: 2,
  canSale: false,
  events: [1, 2, 3, 4].map((g) => ({ ...selection(g), result: null })),
};

describe('BetsHistory of a full-cover bet', () => {
  it('names the bet by its kind (Yankee, not "Full cover") and offers no cash-out', async () => {
    const fetchImpl = (async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const body =
        url.pathname === '/officeapi/getbetshistory'
          ? { items: [yankee], pageNumber: 1, pageSize: 50, total: 1 }
          : { message: 'Not found' };
      return new Response(JSON.stringify(body), {
        status: url.pathname === '/officeapi/getbetshistory' ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
    const brand = testBrandPayload({ language: 'en', config: { coupon: { features: { sale: true } } } });
    const { t } = renderWithProviders(
      <WalletClientProvider client={client}>
        <BetsHistory />
      </WalletClientProvider>,
      { brand, realLanguage: true, session: AUTHORISED },
    );
    const heading = await screen.findByRole('heading', { name: new RegExp(t('coupon:history.bet', { id: 'b_11' })) });
    expect(heading).toHaveTextContent(t('coupon:betType.yankee'));
    expect(heading).not.toHaveTextContent(t('coupon:betType.fullCover'));
    // Like a system, a full cover is not sold (canSale false): no cash-out button.
    const cashOut = t('coupon:history.sale', { amount: '' }).trim();
    expect(screen.queryByRole('button', { name: new RegExp(`^${cashOut}`) })).toBeNull();
  });
});
