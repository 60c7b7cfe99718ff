import { createApiClient, createHttpClient } from '@tessera/shared/data-access-api';
import { renderWithProviders, scriptedFetch, testBrandPayload, type ScriptedRoute } from '@tessera/shared/util-testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPEN_BETS_QUOTE_MS, OpenBets } from './open-bets';
import type { HistoryBet } from './wallet.api';
import { historyBet } from './history-bet.fixture';
import { WalletClientProvider } from './wallet.queries';

const AUTHORISED = { status: 'authorised', user: { id: '1001', displayName: 'Ada' } } as const;

function render(routes: Record<string, ScriptedRoute>, sale = true) {
  const { fetch: fetchImpl, seen } = scriptedFetch(routes);
  const client = createApiClient({ http: createHttpClient({ fetch: fetchImpl, baseUrl: 'http://localhost/' }) });
  const brand = testBrandPayload({ language: 'en', config: { coupon: { features: { sale, partSale: false } } } });
  const view = renderWithProviders(
    <WalletClientProvider client={client}>
      <OpenBets />
    </WalletClientProvider>,
    { brand, realLanguage: true, session: AUTHORISED },
  );
  return { ...view, seen };
}

const history = (items: HistoryBet[]) => () => ({ body: { items, pageNumber: 1, pageSize: 50, total: items.length } });
const quote = (saleSumm: number) => ({ body: { betId: 'b_7', saleSumm, partSale: false, minPartSumm: 0.5, summ: 10 } });

describe('OpenBets', () => {
  it('asks for the open bets only and shows a cash-out value that follows the market, marked when it moves', async () => {
    let quotes = 0;
    const view = render({
      '/officeapi/getbetshistory': history([historyBet()]),
      '/service-api/LiveBet/Secure/GetSaleInfo': () => quote((quotes += 1) === 1 ? 8.42 : 9.1),
    });
    const { t } = view;
    const panel = await screen.findByRole('region', { name: t('coupon:openBets.titleCount', { count: 1 }) });
    expect(view.seen.find((r) => r.path === '/officeapi/getbetshistory')?.body).toEqual({
      statuses: ['accepted', 'waiting'],
    });
    expect(await within(panel).findByText('8.42 EUR')).toBeInTheDocument();
    // The value is asked again every OPEN_BETS_QUOTE_MS while the panel is shown: a rise is marked as one.
    expect(await within(panel).findByText('9.10 EUR', {}, { timeout: OPEN_BETS_QUOTE_MS * 2 })).toBeInTheDocument();
    expect(within(panel).getByTitle(t('coupon:history.saleValueUp'))).toHaveTextContent('▲');
    expect(within(panel).getByRole('button', { name: t('coupon:history.sale', { amount: '9.10 EUR' }) })).toBeEnabled();
  }, 15_000);

  it('sells at the value shown after a confirmation counting down on the quote', async () => {
    const view = render({
      '/officeapi/getbetshistory': history([historyBet()]),
      '/service-api/LiveBet/Secure/GetSaleInfo': () => quote(8.42),
      '/service-api/LiveBet/Secure/SaleBet': () => ({
        body: { status: 'sold', betId: 'b_7', saleSumm: 8.42, remainingSumm: 0, balance: 108.42, currency: 'EUR' },
      }),
    });
    const { t } = view;
    await userEvent.click(
      await screen.findByRole('button', { name: t('coupon:history.sale', { amount: '8.42 EUR' }) }),
    );
    const confirm = screen.getByRole('group', { name: t('coupon:history.saleConfirm', { amount: '8.42 EUR' }) });
    expect(within(confirm).getByText(t('coupon:history.saleQuoteHolds', { seconds: 10 }))).toBeInTheDocument();
    expect(view.seen.some((r) => r.path.endsWith('SaleBet'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: t('coupon:history.saleConfirmOk') }));
    expect(await screen.findByText(t('coupon:history.saleDone', { amount: '8.42 EUR' }))).toBeInTheDocument();
    expect(view.seen.find((r) => r.path.endsWith('SaleBet'))?.body).toEqual({ SaleBetId: 'b_7', saleSumm: 8.42 });
  });

  it('says why a bet has no cash-out: still being confirmed, or a market suspended right now', async () => {
    const view = render({
      '/officeapi/getbetshistory': history([
        historyBet({ betId: 'b_8', status: 'waiting', canSale: false, holdReason: 'liveDelay' }),
        historyBet({ betId: 'b_9', canSale: false }),
      ]),
    });
    const { t } = view;
    const waiting = await screen.findByRole('listitem', { name: new RegExp(t('coupon:history.bet', { id: 'b_8' })) });
    expect(within(waiting).getByText(t('coupon:history.saleReason.waiting'))).toBeInTheDocument();
    const paused = screen.getByRole('listitem', { name: new RegExp(t('coupon:history.bet', { id: 'b_9' })) });
    expect(within(paused).getByText(t('coupon:history.saleReason.unavailable'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /8\.42|Cash out/ })).not.toBeInTheDocument();
    // Neither bet asks a quote the server would refuse.
    expect(view.seen.some((r) => r.path.endsWith('GetSaleInfo'))).toBe(false);
  });

  it('says once that the site does not sell bets from the bettor’s country, with no reason per bet', async () => {
    const view = render({ '/officeapi/getbetshistory': history([historyBet({ canSale: false })]) }, false);
    const { t } = view;
    expect(await screen.findByText(t('coupon:history.saleNotOffered'))).toBeInTheDocument();
    await screen.findByRole('listitem', { name: new RegExp(t('coupon:history.bet', { id: 'b_7' })) });
    expect(screen.queryByText(t('coupon:history.saleReason.unavailable'))).not.toBeInTheDocument();
  });

  it('says when there are no open bets, and offers to load again when the list fails', async () => {
    const empty = render({ '/officeapi/getbetshistory': history([]) });
    expect(await screen.findByText(empty.t('coupon:openBets.empty'))).toBeInTheDocument();
    empty.unmount();
    const failing = render({ '/officeapi/getbetshistory': () => ({ status: 500, body: { message: 'down' } }) });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(failing.t('coupon:openBets.error'));
    expect(within(alert).getByRole('button', { name: failing.t('coupon:history.retry') })).toBeEnabled();
  }, 15_000);
});
