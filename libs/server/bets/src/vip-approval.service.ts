import type { Database } from '@tessera/server/db';
import type { JobQueue } from '@tessera/server/jobs';
import { InsufficientFundsError, stakeBet } from '@tessera/server/ledger';
import { findBet, findSelections, type BetRow } from './bets.repository';
import type { LineModel } from './line.port';
import { VipDeskUnavailableError, type VipBetDesk, type VipBid, type VipDecision } from './vip-desk';

/** Where a VIP bet stands once decided; stored in the bet's details under `vip`. */
export interface VipOutcome {
  decision: 'approved' | 'declined' | 'lapsed' | 'unplaceable';
  /** Why it was not placed: the desk's reason, `no_decision_in_time`, `above_balance` or `line_changed`. */
  reason?: string;
  /** The stake asked for and, when approved, the stake placed (minor units). */
  askedStake: number;
  approvedStake?: number;
  /** A counter-offer of lower odds: the coefficient asked for and the one the bet stands at. */
  askedCoef?: number;
  approvedCoef?: number;
  at: string;
}

/** What a VIP bet carries from placement (details.vip): when it lapses and the brand's maxBet then. */
export interface VipHold {
  decideBy: string;
  maxBet?: number;
}

/** Where the service logs. */
export interface VipLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The job kind of held VIP bets: `review` asks the desk (key `review:<bet id>`; retried with growing pauses until the
 * bid lapses), `lapse` rejects a bid the desk did not decide by its `decideBy` (key `lapse:<bet id>`, due then).
 */
export const VIP_JOB = 'bets.vip';

/** What a {@link VIP_JOB} job carries. */
export interface VipJob {
  betId: string;
  step: 'review' | 'lapse';
}

/** What {@link VipApprovals} needs. */
export interface VipApprovalsContext {
  db: Database;
  /** The job queue the reviews and lapses wait in; the service defines their kinds on it. */
  jobs: JobQueue;
  desk: VipBetDesk;
  model: () => LineModel;
  clock: () => Date;
  log: VipLogger;
  /** One review attempt's time limit, ms (default 60,000). */
  attemptTimeoutMs?: number;
  /** The first pause after a failed attempt, s; doubles on each retry, with jitter (default 1). */
  retrySeconds?: number;
  /** Reviews asked at once on one server (default 8). */
  concurrency?: number;
}

const open = (status: string | undefined) => status === 'open';

/**
 * Sends held VIP bets to the trading desk and applies its word (ADR 0136). An approval places the bet in one database
 * transaction: the (possibly counter-offered) stake is posted to the ledger and the bet becomes accepted at the asked
 * coefficient; a decline or a bid the desk did not decide by `decideBy` is rejected and moves no money. Both steps are
 * jobs of `@tessera/server/jobs` keyed by the bet id, so they survive restarts and run on one server: the review asks
 * the desk once per run, and a desk that is down fails the run, which the queue retries with growing pauses; the lapse
 * job runs at `decideBy`. Every transition is guarded on the row (waiting, vipApproval), so a decision that arrives
 * twice, after the game ended, after a restart or on two servers changes nothing twice.
 */
export class VipApprovals {
  private closed = false;

  constructor(private readonly ctx: VipApprovalsContext) {
    const attemptSeconds = Math.ceil((ctx.attemptTimeoutMs ?? 60_000) / 1000);
    ctx.jobs.define<VipJob>(
      VIP_JOB,
      ({ betId, step }, job) => (step === 'lapse' ? this.lapse(betId) : this.review(betId, job.signal)),
      {
        // Retried until the bid lapses (the backoff passes any decision window long before the limit).
        retryLimit: 50,
        retryDelaySeconds: ctx.retrySeconds ?? 1,
        retryBackoff: true,
        expireInSeconds: attemptSeconds + 30,
        concurrency: ctx.concurrency ?? 8,
      },
    );
  }

  /** Queues the review of a bet just held for approval, and its lapse at `decideBy`; never throws. */
  submit(betId: string): void {
    void this.queue(betId);
  }

  /**
   * Start-up: queues the review and lapse of every held VIP bet that has none (a server that stopped between storing
   * the bet and queueing them); those already queued keep theirs. Answers how many reviews were queued now.
   */
  async sweep(): Promise<number> {
    const rows = await this.ctx.db.query<{ id: string }>(
      `select id from bets where status = 'waiting' and hold_reason = 'vipApproval'`,
    );
    let queued = 0;
    for (const row of rows.rows) if (await this.queue(row.id)) queued += 1;
    return queued;
  }

  /** The API is closing: nothing more is queued here; the queue stops the reviews in flight (they are retried). */
  close(): void {
    this.closed = true;
  }

  private async queue(betId: string): Promise<boolean> {
    if (this.closed) return false;
    try {
      const bet = await findBet(this.ctx.db, betId);
      if (!bet) return false;
      const hold = bet.details['vip'] as VipHold | undefined;
      const deadline = hold ? Date.parse(hold.decideBy) : bet.createdAt.getTime();
      // Traders decide in the console (decideHeldVipBet): there is no one to ask, only the lapse to keep.
      const review = this.ctx.desk.decidedInConsole
        ? undefined
        : await this.ctx.jobs.enqueue<VipJob>(VIP_JOB, { betId, step: 'review' }, { key: `review:${betId}` });
      await this.ctx.jobs.enqueue<VipJob>(
        VIP_JOB,
        { betId, step: 'lapse' },
        { key: `lapse:${betId}`, delayMs: Math.max(0, deadline - this.ctx.clock().getTime()) },
      );
      return review !== undefined;
    } catch (err) {
      this.ctx.log.error({ err, betId }, 'VIP bet review could not be queued; the next start-up queues it');
      return false;
    }
  }

  /** One review: asks the desk and applies its word; lapses the bid past its deadline; throws to be asked again. */
  private async review(betId: string, signal: AbortSignal): Promise<{ outcome: string }> {
    const bet = await findBet(this.ctx.db, betId);
    if (!bet || bet.status !== 'waiting' || bet.holdReason !== 'vipApproval') return { outcome: 'no_longer_held' };
    const hold = bet.details['vip'] as VipHold | undefined;
    const deadline = hold ? Date.parse(hold.decideBy) : bet.createdAt.getTime();
    const left = deadline - this.ctx.clock().getTime();
    const lapse = async () =>
      (await this.reject(betId, { decision: 'lapsed', reason: 'no_decision_in_time', askedStake: bet.stake })) ??
      'no_longer_held';
    if (left <= 0) return { outcome: await lapse() };
    let decision: VipDecision;
    try {
      decision = await this.ask(bet, hold, signal, Math.min(left, this.ctx.attemptTimeoutMs ?? 60_000));
    } catch (error) {
      // The server is stopping (the queue hands the job back for another server or the restart) or the run expired.
      if (signal.aborted) throw error;
      if (deadline - this.ctx.clock().getTime() <= 0) return { outcome: await lapse() };
      this.ctx.log.warn(
        { betId, err: error instanceof Error ? error.message : String(error) },
        'trading desk did not answer; asking again',
      );
      throw error;
    }
    return { outcome: (await this.apply(betId, decision)) ?? 'no_longer_held' };
  }

  /** At `decideBy`: a bet still held lapses (a review running now finds it no longer held). */
  private async lapse(betId: string): Promise<{ outcome: string }> {
    const bet = await findBet(this.ctx.db, betId);
    if (!bet || bet.status !== 'waiting' || bet.holdReason !== 'vipApproval') return { outcome: 'no_longer_held' };
    const hold = bet.details['vip'] as VipHold | undefined;
    const deadline = hold ? Date.parse(hold.decideBy) : bet.createdAt.getTime();
    // The database's clock said due, this server's does not yet: fail, so the queue tries again a little later.
    if (deadline > this.ctx.clock().getTime()) throw new Error('the bid is not due to lapse by this server clock');
    const rejected = await this.reject(betId, {
      decision: 'lapsed',
      reason: 'no_decision_in_time',
      askedStake: bet.stake,
    });
    return { outcome: rejected ?? 'no_longer_held' };
  }

  private async ask(
    bet: BetRow,
    hold: VipHold | undefined,
    signal: AbortSignal,
    timeoutMs: number,
  ): Promise<VipDecision> {
    const selections = await findSelections(this.ctx.db, [bet.id]);
    const bid: VipBid = {
      betId: bet.id,
      brandId: bet.brandId,
      userId: bet.userId,
      currency: bet.currency,
      stake: bet.stake,
      coef: bet.coef,
      potentialWin: bet.potentialWin,
      selections: selections.map((s) => ({ gameId: s.gameId, outcomeId: s.outcomeId, coef: s.coef })),
      maxBet: hold?.maxBet,
      createdAt: bet.createdAt,
    };
    const attempt = new AbortController();
    const onAbort = () => attempt.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => attempt.abort(), timeoutMs);
    try {
      const answer = this.ctx.desk.review(bid, attempt.signal);
      const timedOut = new Promise<never>((_, reject) => {
        attempt.signal.addEventListener(
          'abort',
          () => reject(new VipDeskUnavailableError(`no answer within ${timeoutMs} ms`)),
          { once: true },
        );
      });
      return await Promise.race([answer, timedOut]);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Applies the desk's word; answers the bet's status afterwards (or undefined when it was no longer held). */
  apply(betId: string, decision: VipDecision): Promise<'accepted' | 'rejected' | undefined> {
    return decideHeldVipBet(this.ctx, betId, decision);
  }

  private reject(betId: string, outcome: Omit<VipOutcome, 'at'>): Promise<'rejected' | undefined> {
    return rejectHeldVipBet(this.ctx, betId, outcome);
  }
}

/** What {@link decideHeldVipBet} needs: the database, the live line (the bet must still be offered), a clock, a log. */
export type VipDecisionContext = Pick<VipApprovalsContext, 'db' | 'model' | 'clock' | 'log'>;

/**
 * Applies a desk's word to one held VIP bet: the trading desk's through {@link VipApprovals}, or a trader's in the
 * operators' console. An approval places the bet in one transaction at the approved stake (at most the asked one) and,
 * for a bet of one selection, at the approved coefficient (at most the asked one: a counter-offer of lower odds); a
 * decline rejects it and moves no money. Answers the bet's status afterwards, or undefined when it was no longer held
 * (decided already, lapsed, settled): a second decision changes nothing.
 */
export async function decideHeldVipBet(
  ctx: VipDecisionContext,
  betId: string,
  decision: VipDecision,
): Promise<'accepted' | 'rejected' | undefined> {
  if (decision.kind === 'declined') {
    const bet = await findBet(ctx.db, betId);
    if (!bet) return undefined;
    return rejectHeldVipBet(ctx, betId, { decision: 'declined', reason: decision.reason, askedStake: bet.stake });
  }
  try {
    return await ctx.db
      .transaction(async (tx) => {
        const bet = await findBet(tx, betId, true);
        if (!bet || bet.status !== 'waiting' || bet.holdReason !== 'vipApproval') return undefined;
        const selections = await findSelections(tx, [betId]);
        const model = ctx.model();
        const standing = selections.every((s) => {
          const entry = model.games.get(s.gameId);
          const found = entry?.outcomeById.get(s.outcomeId);
          const live = entry?.game.status === 'prematch' || entry?.game.status === 'live';
          // A bettor whose site has live betting off gets no VIP bet on a game that kicked off meanwhile (ADR 0190).
          const offered = !(entry?.game.status === 'live' && bet.details['liveOff'] === true);
          return live && offered && found !== undefined && open(found.market.status) && open(found.outcome.status);
        });
        if (!standing) return 'line_changed' as const;
        const stake = Math.min(Math.max(1, Math.floor(decision.stake)), bet.stake);
        // Lower odds are offered on a bet of one selection only: an express's price is its selections' product.
        const coef =
          decision.coef !== undefined && selections.length === 1
            ? Math.min(Math.max(1.01, Math.round(decision.coef * 100) / 100), bet.coef)
            : bet.coef;
        const stakeTax = Math.round((bet.stakeTax * stake) / bet.stake);
        const oldNet = bet.stake - bet.stakeTax;
        const potentialWin =
          oldNet > 0 ? Math.round((bet.potentialWin * (stake - stakeTax) * coef) / (oldNet * bet.coef)) : 0;
        const at = ctx.clock();
        const outcome: VipOutcome = {
          decision: 'approved',
          askedStake: bet.stake,
          approvedStake: stake,
          ...(coef !== bet.coef ? { askedCoef: bet.coef, approvedCoef: coef } : {}),
          at: at.toISOString(),
        };
        await tx.query(
          `update bets set status = 'accepted', stake = $2, stake_tax = $3, original_stake = $2, potential_win = $4,
             coef = $6,
             details = details || jsonb_build_object('vip', coalesce(details->'vip', '{}'::jsonb) || $5::jsonb)
           where id = $1 and status = 'waiting'`,
          [betId, stake, stakeTax, potentialWin, JSON.stringify(outcome), coef],
        );
        // The bet row before the stake: its change moves the bettor's stake usage, whose row is locked before the
        // balance rows everywhere (ADR 0295); a stake the balance no longer covers rolls both back.
        await stakeBet(tx, {
          betGuid: bet.ledgerGuid,
          userId: bet.userId,
          brandId: bet.brandId,
          currency: bet.currency,
          stake,
          stakeTax,
          at,
        });
        if (coef !== bet.coef) await tx.query(`update bet_selections set coef = $2 where bet_id = $1`, [betId, coef]);
        ctx.log.info({ betId, stake, asked: bet.stake, coef }, 'VIP bet approved and placed');
        return 'accepted' as const;
      })
      .then(async (result) => {
        if (result !== 'line_changed') return result;
        const bet = await findBet(ctx.db, betId);
        return bet
          ? rejectHeldVipBet(ctx, betId, { decision: 'unplaceable', reason: 'line_changed', askedStake: bet.stake })
          : undefined;
      });
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    // The approval came, but the balance no longer covers the stake: the transaction rolled back, nothing moved.
    const bet = await findBet(ctx.db, betId);
    return bet
      ? rejectHeldVipBet(ctx, betId, { decision: 'unplaceable', reason: 'above_balance', askedStake: bet.stake })
      : undefined;
  }
}

async function rejectHeldVipBet(
  ctx: Pick<VipDecisionContext, 'db' | 'clock' | 'log'>,
  betId: string,
  outcome: Omit<VipOutcome, 'at'>,
): Promise<'rejected' | undefined> {
  const at = ctx.clock();
  const full: VipOutcome = { ...outcome, at: at.toISOString() };
  const result = await ctx.db.query(
    `update bets set status = 'rejected', payout = 0, payout_tax = 0, settled_at = $2,
       details = details || jsonb_build_object('vip', coalesce(details->'vip', '{}'::jsonb) || $3::jsonb)
     where id = $1 and status = 'waiting' and hold_reason = 'vipApproval' returning id`,
    [betId, at, JSON.stringify(full)],
  );
  if (result.rows.length === 0) return undefined;
  ctx.log.info({ betId, decision: outcome.decision, reason: outcome.reason }, 'VIP bet not placed');
  return 'rejected';
}
