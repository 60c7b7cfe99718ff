import { ApiError } from '@tessera/server/api-errors';
import type { VipDecision } from '@tessera/server/bets';
import type {
  BackofficeVipBetsResponse,
  BackofficeVipDecisionRequest,
  BackofficeVipDecisionResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { type Actor, audit, type BackofficeContext, scopeParam } from './context';
import { betIn, riskBetColumns, type RiskBetRow, withSelections } from './risk-desk';

interface VipHoldDetails {
  decideBy?: string;
  maxBet?: number;
}

/**
 * The VIP desk's queue: every VIP bet held for a decision in the operator's brands, the nearest deadline first, with
 * the player's main balance in the bet's currency (an approval above it is refused). No personal data (the account id
 * links to the player's page, whose view is audited), so the queue, refreshed every few seconds, is not audited.
 */
export async function vipQueue(ctx: BackofficeContext, actor: Actor): Promise<BackofficeVipBetsResponse> {
  const { rows } = await ctx.db.query<RiskBetRow & { balance: string }>(
    `select ${riskBetColumns},
            (select coalesce(sum(lb.balance), 0)::text from ledger_accounts a
               left join ledger_balances lb on lb.account_id = a.id
              where a.owner_kind = 'user' and a.owner_id = b.user_id and a.purpose = 'main'
                and a.currency = b.currency) as balance
       from bets b
      where b.status = 'waiting' and b.hold_reason = 'vipApproval'
        and ($1::text[] is null or b.brand_id = any($1::text[]))
      order by b.details->'vip'->>'decideBy', b.id limit 200`,
    [scopeParam(actor.operator)],
  );
  const bets = await withSelections(ctx.db, rows);
  return {
    bets: rows.map((row, i) => {
      const hold = (row.details['vip'] ?? {}) as VipHoldDetails;
      return {
        bet: bets[i] as BackofficeVipDecisionResponse['bet'],
        decideBy: new Date(hold.decideBy ?? row.created_at).toISOString(),
        maxBet: hold.maxBet === undefined ? null : fromMinorUnits(hold.maxBet),
        balance: fromMinorUnits(Number(row.balance)),
      };
    }),
  };
}

const refused = (field: string, message: string) =>
  new ApiError(422, 'Refused', { detail: message, validation_errors: [{ field, message }] });

/** The request as the bets' decision, checked against the bid (a counter-offer is lower, never higher). */
function decisionOf(request: BackofficeVipDecisionRequest, bid: { stake: number; odds: number; legs: number }) {
  if (request.decision === 'reject') return { kind: 'declined', reason: 'trader_declined' } satisfies VipDecision;
  const asked = toMinorUnits(bid.stake);
  if (request.decision === 'accept') {
    if (request.stake !== undefined || request.odds !== undefined)
      throw refused('decision', 'An acceptance takes the bid as asked: send a counter-offer to change it');
    return { kind: 'approved', stake: asked } satisfies VipDecision;
  }
  if (request.stake === undefined && request.odds === undefined)
    throw refused('stake', 'A counter-offer names a lower stake, lower odds or both');
  const stake = request.stake === undefined ? asked : toMinorUnits(request.stake);
  if (stake > asked || stake < 1) throw refused('stake', `The stake offered must be above 0 and at most ${bid.stake}`);
  if (request.odds !== undefined) {
    if (bid.legs !== 1) throw refused('odds', 'Lower odds can be offered on a bet of one selection only');
    if (request.odds > bid.odds) throw refused('odds', `The odds offered must be at most ${bid.odds}`);
  }
  if (stake === asked && (request.odds === undefined || request.odds === bid.odds))
    throw refused('stake', 'A counter-offer must lower the stake or the odds');
  return {
    kind: 'approved',
    stake,
    ...(request.odds !== undefined ? { coef: request.odds } : {}),
  } satisfies VipDecision;
}

/**
 * A trader's decision on a held VIP bet: accept as asked, counter-offer a lower stake and/or lower odds (placed at
 * once, as the trading desk's counter-offers are: ADR 0136), or reject. The bets' own decision places the bet in one
 * transaction (ledger stake, bet accepted) or rejects it; the bettor's slip, polling the bet's status, shows the
 * answer. 409 when the bid is no longer held (decided, lapsed, settled). Audited as `vip.accept`, `vip.counter` or
 * `vip.reject` with the bid before and the bet after; an approval that the balance or the line no longer allowed
 * answers `rejected` and is audited as such.
 */
export async function decideVipBet(
  ctx: BackofficeContext,
  actor: Actor,
  betId: string,
  request: BackofficeVipDecisionRequest,
): Promise<BackofficeVipDecisionResponse> {
  const before = await betIn(ctx.db, actor, betId);
  if (before.status !== 'waiting' || before.holdReason !== 'vipApproval')
    throw new ApiError(409, 'Already decided', { detail: `The bet is ${before.status}: it is no longer held` });
  if (!ctx.decideVipBet)
    throw new ApiError(503, 'Unavailable', { detail: 'This server takes no VIP bets: there is no desk to decide' });
  const decision = decisionOf(request, { stake: before.stake, odds: before.odds, legs: before.selections.length });
  const status = await ctx.decideVipBet(betId, decision);
  if (status === undefined)
    throw new ApiError(409, 'Already decided', { detail: 'The bet was decided, lapsed or settled meanwhile' });
  const after = await betIn(ctx.db, actor, betId);
  const reason = request.reason.trim();
  await audit(ctx, actor, {
    action: `vip.${request.decision}`,
    targetType: 'bet',
    targetId: betId,
    brandId: before.brandId,
    reason,
    before: { status: before.status, stake: before.stake, odds: before.odds, currency: before.currency },
    after: {
      status: after.status,
      stake: after.stake,
      odds: after.odds,
      currency: after.currency,
      ...(decision.kind === 'approved' && status === 'rejected' ? { refused: 'balance or line changed' } : {}),
    },
  });
  return { outcome: status, bet: after };
}
