import { describe, expect, it } from 'vitest';
import { heldBetRefusal, historyItem } from './bet-history.service';
import type { BetRow, SelectionRow } from './bets.repository';

function bet(over: Partial<BetRow> = {}): BetRow {
  return {
    id: '11',
    betGuid: 'guid-1',
    lineNo: 0,
    ledgerGuid: 'guid-1:0',
    brandId: 'betbet',
    userId: '5',
    currency: 'EUR',
    kind: 'single',
    vid: 0,
    systemK: null,
    status: 'accepted',
    holdReason: null,
    stake: 1_000,
    stakeTax: 50,
    originalStake: 1_000,
    coef: 2.5,
    boostPercent: 0,
    autoBetCf: null,
    potentialWin: 2_375,
    payout: null,
    payoutTax: null,
    soldAmount: 0,
    requestHash: 'h',
    details: {},
    createdAt: new Date('2026-01-02T10:00:00Z'),
    settledAt: null,
    ...over,
  };
}

describe('heldBetRefusal', () => {
  it('names why a held bet was not placed', () => {
    expect(
      heldBetRefusal(bet({ holdReason: 'liveDelay', details: { liveDelay: { refused: 'live_odds_changed' } } })),
    ).toBe('live_odds_changed');
    expect(heldBetRefusal(bet({ holdReason: 'liveDelay' }))).toBe('game_closed');
    expect(heldBetRefusal(bet({ holdReason: 'advance', details: { advance: { refused: 'game_started' } } }))).toBe(
      'game_started',
    );
    const vip = (decision: string, reason?: string) =>
      bet({ holdReason: 'vipApproval', details: { vip: { decision, ...(reason ? { reason } : {}) } } });
    expect(heldBetRefusal(vip('declined'))).toBe('vip_declined');
    expect(heldBetRefusal(vip('lapsed'))).toBe('vip_lapsed');
    expect(heldBetRefusal(vip('unplaceable', 'above_balance'))).toBe('above_balance');
    expect(heldBetRefusal(vip('unplaceable', 'line_changed'))).toBe('game_closed');
    expect(heldBetRefusal(bet({ holdReason: 'vipApproval' }))).toBe('game_closed');
    expect(heldBetRefusal(bet({ holdReason: 'autoBet' }))).toBe('game_closed');
  });
});

describe('historyItem', () => {
  const selection: SelectionRow = {
    betId: '11',
    ord: 0,
    gameId: 7,
    marketId: 'm1',
    outcomeId: 'o1',
    coef: 2.5,
    home: 'Home FC',
    away: 'Away FC',
    result: null,
    name: { marketType: '1x2', marketLine: null, outcomeCode: 'home', outcomeNameKey: 'feed:outcome.home' },
  };

  it('answers amounts in major units, dates as ISO text and the names the line gave', () => {
    expect(historyItem(bet(), [selection], true)).toEqual({
      betId: '11',
      betGuid: 'guid-1',
      vid: 0,
      betType: 'single',
      status: 'accepted',
      summ: 10,
      stakeTax: 0.5,
      coef: 2.5,
      potentialWin: 23.75,
      payout: null,
      saleSumm: null,
      insurance: null,
      currency: 'EUR',
      createdAt: '2026-01-02T10:00:00.000Z',
      settledAt: null,
      expressNum: null,
      canSale: true,
      holdReason: null,
      refusal: null,
      vipDecision: null,
      events: [
        {
          gameId: 7,
          outcomeId: 'o1',
          marketId: 'm1',
          coef: 2.5,
          home: 'Home FC',
          away: 'Away FC',
          result: null,
          marketType: '1x2',
          marketLine: null,
          outcomeCode: 'home',
          outcomeNameKey: 'feed:outcome.home',
        },
      ],
    });
  });

  it('shows a refused VIP bet with the desk word and its refusal, and a sold one with what it paid', () => {
    const refused = historyItem(
      bet({ status: 'rejected', holdReason: 'vipApproval', details: { vip: { decision: 'declined' } } }),
      [],
      false,
    );
    expect(refused).toMatchObject({ refusal: 'vip_declined', vipDecision: 'declined', canSale: false, events: [] });
    const sold = historyItem(
      bet({ status: 'sold', soldAmount: 1_234, payout: 1_234, settledAt: new Date(0) }),
      [],
      false,
    );
    expect(sold).toMatchObject({
      saleSumm: 12.34,
      payout: 12.34,
      settledAt: '1970-01-01T00:00:00.000Z',
      refusal: null,
    });
  });
});
