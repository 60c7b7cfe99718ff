import type { HistoryBet } from './wallet.api';

/** An accepted single on Arsenal v Chelsea at 2.5 for 10 EUR, cash-out offered: the office tests' open bet. */
export function historyBet(overrides: Partial<HistoryBet> = {}): HistoryBet {
  return {
    betId: 'b_7',
    betGuid: 'g',
    vid: 0,
    betType: 'single',
    status: 'accepted',
    summ: 10,
    stakeTax: 0,
    coef: 2.5,
    potentialWin: 25,
    payout: null,
    saleSumm: null,
    currency: 'EUR',
    createdAt: '2026-11-22T08:00:00.000Z',
    settledAt: null,
    expressNum: null,
    canSale: true,
    events: [
      {
        gameId: 1,
        outcomeId: '1:1x2:home',
        marketId: '1:1x2',
        coef: 2.5,
        home: 'Arsenal',
        away: 'Chelsea',
        result: null,
      },
    ],
    ...overrides,
  };
}
