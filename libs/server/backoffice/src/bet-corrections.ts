import { ApiError } from '@tessera/server/api-errors';
import { type BetRow, findBet, findSelections, settle } from '@tessera/server/bets';
import type { Queryable } from '@tessera/server/db';
import {
  findTransactionByKey,
  InsufficientFundsError,
  type LedgerTransaction,
  platformAccount,
  post,
  type Posting,
  settleBet,
  stakeKey,
} from '@tessera/server/ledger';
import { lockStakeUsage } from '@tessera/server/responsible';
import { cashierRefusal } from '@tessera/server/wallet';
import type { BackofficeBetCorrectionRequest, BackofficeBetCorrectionResponse } from '@tessera/shared/contract-api';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { type Actor, auditIn, type BackofficeContext, inScope, notFound } from './context';
import { betIn } from './risk-desk';
import { type CorrectionNotice, tellPlayerOfCorrection } from './bet-notice';

type Outcome = 'won' | 'lost' | 'returned';

/** One correction as the bet's `details.corrections` keeps it (the latest last). */
interface CorrectionRecord {
  requestId: string;
  action: BackofficeBetCorrectionRequest['action'];
  outcome: Outcome;
  from: string;
  to: string;
  payout: number;
  reason: string;
  operator: string;
  at: string;
  /** The ledger transaction that closes the bet now (its key), and the reversal of the one before, if any. */
  closeKey: string;
  reversalId: string | null;
  closeId: string;
}

const settledStatuses = new Set(['won', 'lost', 'returned', 'half_won', 'half_lost']);

/** What a bet pays when it ends as `outcome` (its own maths, the taxes it was placed under): gross, tax, status. */
function endingOf(bet: BetRow, selections: ReadonlyArray<{ coef: number }>, outcome: Outcome) {
  const netStake = bet.stake - bet.stakeTax;
  // The stake tax went to the tax account at placement: a returned bet gives back what the ledger holds, the net stake.
  if (outcome === 'returned') return { status: 'returned' as const, gross: netStake, tax: 0, payout: netStake };
  const settled = settle(
    {
      kind: bet.kind,
      systemK: bet.systemK,
      netStake,
      coef: bet.coef,
      boostPercent: bet.boostPercent,
      selections: selections.map((s) => ({ coef: s.coef, result: outcome === 'won' ? 'won' : 'lost' })),
    },
    bet.details['taxes'] as Parameters<typeof settle>[1],
  );
  if (!settled.done) throw new Error('a bet with every result known settles');
  // An insured bet that loses pays its stake after tax back (libs/server/bets README, "Bet insurance").
  if (bet.details['insurance'] && (settled.status === 'lost' || settled.status === 'half_lost'))
    return { status: settled.status, gross: netStake, tax: 0, payout: netStake };
  const tax = settled.status === 'won' || settled.status === 'half_won' ? settled.payoutTax : 0;
  return { status: settled.status, gross: settled.grossReturn, tax, payout: settled.grossReturn - tax };
}

/** The postings that close a held stake for a gross return (the ledger's own rule for settling a bet). */
async function closingPostings(q: Queryable, bet: BetRow, gross: number, tax: number): Promise<Posting[]> {
  const stake = await findTransactionByKey(q, stakeKey(bet.ledgerGuid));
  const held = stake?.postings.find((p) => p.account.purpose === 'bets_held');
  const wallet = stake?.postings.find((p) => p.account.ownerKind === 'user');
  if (!held || !wallet) throw new ApiError(409, 'Not correctable', { detail: 'The bet has no stake in the ledger' });
  const { currency } = wallet.account;
  const brand = held.account.ownerId;
  return [
    { account: platformAccount(brand, currency, 'bets_held'), amount: -held.amount },
    { account: wallet.account, amount: gross - tax },
    { account: platformAccount(brand, currency, 'taxes_payable'), amount: tax },
    { account: platformAccount(brand, currency, 'house'), amount: held.amount - gross },
  ].filter((p) => p.amount !== 0);
}

/**
 * Voids (ends as returned: the stake back) or resettles (as won, lost or returned, by the bet's own maths and the
 * taxes it was placed under) one bet of the operator's brands, with a reason. An open bet is settled through the
 * ledger's `settleBet` (its one closing key, so the feed's settlement cannot close it again); a settled bet's closing
 * transaction is reversed (every posting negated) and a new one closes it, both balanced. The player's main balance
 * never goes below zero: a reversal of winnings already spent is refused (422 `above_balance`) and nothing is written.
 * Idempotent by `requestId` (the same one again answers the first correction, `replayed`). Bets held, rejected or
 * sold are not corrected (409). Audited `bet.void` or `bet.resettle` with the bet before and after, in the same
 * transaction.
 */
export async function correctBet(
  ctx: BackofficeContext,
  actor: Actor,
  betId: string,
  request: BackofficeBetCorrectionRequest,
): Promise<BackofficeBetCorrectionResponse> {
  const outcome: Outcome = request.action === 'void' ? 'returned' : (request.outcome ?? 'returned');
  if (request.action === 'resettle' && !request.outcome)
    throw new ApiError(422, 'Refused', {
      detail: 'A resettlement names the outcome',
      validation_errors: [{ field: 'outcome', message: 'Required for resettle' }],
    });
  const reason = request.reason.trim();
  let notice: CorrectionNotice | undefined;
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      notice = undefined;
      const bet = await findBet(tx, betId, true);
      if (!bet || !inScope(actor.operator, bet.brandId)) throw notFound('bet');
      // The player's usage row before the ledger's balance rows, as every stake locks them (ADR 0295): the bet's
      // update below changes what it counts in the limits, and a stake of the same player may be under way.
      await lockStakeUsage(tx, bet.userId);
      const corrections = (bet.details['corrections'] ?? []) as CorrectionRecord[];
      const done = corrections.find((c) => c.requestId === request.requestId);
      if (done)
        return {
          bet: await betIn(tx, actor, betId),
          replayed: true,
          reversalId: done.reversalId,
          transactionId: done.closeId,
        };
      if (bet.status !== 'accepted' && !settledStatuses.has(bet.status))
        throw new ApiError(409, 'Not correctable', { detail: `A ${bet.status} bet is not voided or resettled` });
      const before = await betIn(tx, actor, betId);
      const selections = await findSelections(tx, [betId]);
      const ending = endingOf(bet, selections, outcome);
      const at = ctx.clock();
      const keyBase = `bet.correct:${bet.id}:${request.requestId}`;
      const meta = { betId: bet.id, reason, operator: actor.operator.email, action: request.action };
      let reversal: LedgerTransaction | undefined;
      let close: LedgerTransaction;
      let closeKey: string;
      if (bet.status === 'accepted') {
        closeKey = `bet.close:${bet.ledgerGuid}`;
        // An insured bet that lost gets its net stake back: the ledger returns it (as the feed's settlement does).
        const ledgerOutcome =
          bet.details['insurance'] && ending.payout === bet.stake - bet.stakeTax && ending.status !== 'won'
            ? 'returned'
            : ending.status === 'half_won'
              ? 'half-won'
              : ending.status === 'half_lost'
                ? 'half-lost'
                : ending.status;
        close = await settleBet(tx, {
          betGuid: bet.ledgerGuid,
          outcome: ledgerOutcome,
          ...(ledgerOutcome === 'lost' || ledgerOutcome === 'returned' ? {} : { payout: ending.gross }),
          payoutTax: ending.tax,
          at,
        });
      } else {
        const previousKey = corrections.at(-1)?.closeKey ?? `bet.close:${bet.ledgerGuid}`;
        const previous = await findTransactionByKey(tx, previousKey);
        if (!previous) throw new ApiError(409, 'Not correctable', { detail: 'The bet was not settled in the ledger' });
        reversal = await post(tx, {
          idempotencyKey: `${keyBase}:reverse`,
          kind: 'bet.correction.reverse',
          postings: previous.postings.map((p) => ({ account: p.account, amount: -p.amount })),
          metadata: { ...meta, reverses: previous.id },
          at,
        });
        closeKey = `${keyBase}:close`;
        close = await post(tx, {
          idempotencyKey: closeKey,
          kind: 'bet.correction',
          postings: await closingPostings(tx, bet, ending.gross, ending.tax),
          metadata: { ...meta, outcome },
          at,
        });
      }
      const record: CorrectionRecord = {
        requestId: request.requestId,
        action: request.action,
        outcome,
        from: bet.status,
        to: ending.status,
        payout: ending.payout,
        reason,
        operator: actor.operator.email,
        at: at.toISOString(),
        closeKey,
        reversalId: reversal?.id ?? null,
        closeId: close.id,
      };
      await tx.query(
        `update bets set status = $2, payout = $3, payout_tax = $4, settled_at = $5,
           details = details || jsonb_build_object('corrections', coalesce(details->'corrections', '[]'::jsonb) || $6::jsonb)
         where id = $1`,
        [bet.id, ending.status, ending.payout, ending.tax, at, JSON.stringify([record])],
      );
      const after = await betIn(tx, actor, betId);
      await auditIn(tx, ctx, actor, {
        action: `bet.${request.action}`,
        targetType: 'bet',
        targetId: bet.id,
        brandId: bet.brandId,
        reason,
        before: { status: before.status, payout: before.payout, currency: before.currency },
        after: {
          status: after.status,
          payout: after.payout,
          currency: after.currency,
          transactionId: close.id,
          reversalId: reversal?.id ?? null,
        },
      });
      notice = {
        betId: bet.id,
        userId: String(bet.userId),
        brandId: bet.brandId,
        currency: after.currency,
        action: request.action,
        status: ending.status,
        payout: after.payout ?? ending.payout,
      };
      return { bet: after, replayed: false, reversalId: reversal?.id ?? null, transactionId: close.id };
    });
    // Committed: the player is told (in their language, on their channel), never failing the correction.
    if (notice) await tellPlayerOfCorrection(ctx, notice);
    return answer;
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw cashierRefusal(
        'above_balance',
        `the player's balance is ${fromMinorUnits(error.available)}: taking the winnings back would take it below zero`,
      );
    throw error;
  }
}
