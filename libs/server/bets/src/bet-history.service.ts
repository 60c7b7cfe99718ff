import type { Queryable } from '@tessera/server/db';
import type {
  BetHistoryItem,
  BetsHistoryRequest,
  BetsHistoryResponse,
  BetStatusResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits } from '@tessera/shared/util-format';
import type { FullCoverBetName } from '@tessera/sportsbook/util-coupon';
import type { AdvanceHold } from './advance.service';
import { BET_STATUSES } from '@tessera/shared/contract-api';
import type { BetRules } from './bets.config';
import { findBetsByGuid, findSelections, listBets, type BetRow, type SelectionRow } from './bets.repository';
import { insuranceOf, type Bettor } from './bets.service';
import type { LineModel } from './line.port';
import type { LiveDelayHold } from './live-delay.service';
import { refusal } from './refusals';
import { canSell } from './sale.service';
import type { VipOutcome } from './vip-approval.service';

/** Bets per page of the history. */
export const HISTORY_PAGE = 50;

/** Why a held bet was not placed, as a refusal code word the site translates (ADR 0136). */
export function heldBetRefusal(bet: BetRow): string {
  if (bet.holdReason === 'liveDelay')
    return (bet.details['liveDelay'] as LiveDelayHold | undefined)?.refused ?? 'game_closed';
  if (bet.holdReason === 'advance')
    return (bet.details['advance'] as AdvanceHold | undefined)?.refused ?? 'game_closed';
  const vip = bet.details['vip'] as VipOutcome | undefined;
  if (bet.holdReason !== 'vipApproval' || !vip?.decision) return 'game_closed';
  if (vip.decision === 'declined') return 'vip_declined';
  if (vip.decision === 'lapsed') return 'vip_lapsed';
  return vip.reason === 'above_balance' ? 'above_balance' : 'game_closed';
}

/** An insured bet's insurance in major units; what a loss pays back is the stake held now, after tax. */
function insuranceFor(bet: BetRow): { premium: number; amount: number } | null {
  const insurance = insuranceOf(bet);
  return insurance
    ? { premium: fromMinorUnits(insurance.premium), amount: fromMinorUnits(bet.stake - bet.stakeTax) }
    : null;
}

/** A stored bet with its selections as the history lists it. */
export function historyItem(bet: BetRow, selections: readonly SelectionRow[], sellable: boolean): BetHistoryItem {
  return {
    betId: bet.id,
    betGuid: bet.betGuid,
    vid: bet.vid,
    betType: bet.kind,
    // A full cover's name (Trixie, Yankee, ...) for the history to show its kind (migration 0540).
    ...(bet.kind === 'fullCover' && typeof bet.details['fullCover'] === 'string'
      ? { fullCover: bet.details['fullCover'] as FullCoverBetName }
      : {}),
    status: bet.status,
    summ: fromMinorUnits(bet.originalStake),
    stakeTax: fromMinorUnits(bet.stakeTax),
    coef: bet.coef,
    potentialWin: fromMinorUnits(bet.potentialWin),
    payout: bet.payout === null ? null : fromMinorUnits(bet.payout),
    saleSumm: bet.soldAmount > 0 ? fromMinorUnits(bet.soldAmount) : null,
    insurance: insuranceFor(bet),
    currency: bet.currency,
    createdAt: bet.createdAt.toISOString(),
    settledAt: bet.settledAt ? bet.settledAt.toISOString() : null,
    expressNum: bet.systemK,
    canSale: sellable,
    holdReason: bet.holdReason,
    refusal: bet.status === 'rejected' && bet.holdReason !== null ? heldBetRefusal(bet) : null,
    vipDecision:
      bet.holdReason === 'vipApproval' ? ((bet.details['vip'] as VipOutcome | undefined)?.decision ?? null) : null,
    events: selections.map((s) => ({
      gameId: s.gameId,
      outcomeId: s.outcomeId,
      marketId: s.marketId,
      coef: s.coef,
      home: s.home,
      away: s.away,
      result: s.result,
      // The names the line gave at placement, for the history to show in the bettor's language (migration 0404).
      ...(s.name ?? {}),
    })),
  };
}

/** What the bets history reads. */
export interface BetHistoryContext {
  db: Queryable;
  model: () => LineModel;
  clock: () => Date;
}

/**
 * A page of the bettor's bets, newest first: the last `coupon.historyDays` days unless dates are given, only the known
 * statuses asked for, each with whether it can be sold now.
 */
export async function betsHistory(
  ctx: BetHistoryContext,
  bettor: Bettor,
  rules: BetRules,
  query: BetsHistoryRequest,
): Promise<BetsHistoryResponse> {
  const now = ctx.clock();
  const to = query.dateTo ? new Date(query.dateTo) : now;
  const from = query.dateFrom ? new Date(query.dateFrom) : new Date(now.getTime() - rules.historyDays * 86_400_000);
  const page = query.page_number ?? 1;
  const statuses = query.statuses?.filter((s) => BET_STATUSES.includes(s));
  const { rows, total } = await listBets(ctx.db, {
    userId: bettor.userId,
    brandId: bettor.brandId,
    from,
    to,
    ...(statuses ? { statuses } : {}),
    limit: HISTORY_PAGE,
    offset: (page - 1) * HISTORY_PAGE,
  });
  const selections = await findSelections(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byBet = new Map<string, SelectionRow[]>();
  for (const s of selections) byBet.set(s.betId, [...(byBet.get(s.betId) ?? []), s]);
  const model = ctx.model();
  return {
    items: rows.map((bet) => {
      const own = byBet.get(bet.id) ?? [];
      return historyItem(bet, own, canSell(model, rules, bet, own));
    }),
    pageNumber: page,
    pageSize: HISTORY_PAGE,
    total,
  };
}

/** Where the bettor's placement under a betGUID stands (GetBetStatus); another bettor's guid is not found. */
export async function betStatus(db: Queryable, bettor: Bettor, betGuid: string): Promise<BetStatusResponse> {
  const rows = (await findBetsByGuid(db, betGuid.toLowerCase())).filter(
    (r) => r.userId === bettor.userId && r.brandId === bettor.brandId,
  );
  const first = rows[0];
  if (!first) throw refusal('bet_not_found', 'no bet under this betGUID');
  if (first.status === 'waiting') return { status: 'waiting', betId: first.id };
  if (first.status === 'rejected')
    return { status: 'rejected', betId: first.id, reason: 'validation', message: heldBetRefusal(first) };
  return { status: 'accepted', betId: first.id };
}
