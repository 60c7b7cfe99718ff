import type { Database } from '@tessera/server/db';
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

/** What {@link VipApprovals} needs. */
export interface VipApprovalsContext {
  db: Database;
  desk: VipBetDesk;
  model: () => LineModel;
  clock: () => Date;
  log: VipLogger;
  /** One review attempt's time limit, ms (default 60,000). */
  attemptTimeoutMs?: number;
  /** The first pause after a failed attempt, ms; doubles up to 30 s (default 1,000). */
  retryMs?: number;
}

const open = (status: string | undefined) => status === 'open';

/**
 * Sends held VIP bets to the trading desk and applies its word (ADR 0136). An approval places the bet in one database
 * transaction: the (possibly counter-offered) stake is posted to the ledger and the bet becomes accepted at the asked
 * coefficient; a decline or a bid the desk did not decide by `decideBy` is rejected and moves no money. A desk that is
 * down is asked again with growing pauses until the bid lapses. Every transition is guarded on the row (waiting,
 * vipApproval), so a decision that arrives twice, after the game ended or after a restart, changes nothing twice.
 */
export class VipApprovals {
  private readonly pending = new Map<string, AbortController>();
  private closed = false;

  constructor(private readonly ctx: VipApprovalsContext) {}

  /** Starts the review of a bet just held for approval. */
  submit(betId: string): void {
    if (this.closed || this.pending.has(betId)) return;
    const controller = new AbortController();
    this.pending.set(betId, controller);
    void this.run(betId, controller.signal)
      .catch((err: unknown) => this.ctx.log.error({ err, betId }, 'VIP bet review failed'))
      .finally(() => this.pending.delete(betId));
  }

  /** Start-up: lapses what is overdue and sends the rest to the desk again. */
  async sweep(): Promise<number> {
    const rows = await this.ctx.db.query<{ id: string }>(
      `select id from bets where status = 'waiting' and hold_reason = 'vipApproval'`,
    );
    for (const row of rows.rows) this.submit(row.id);
    return rows.rows.length;
  }

  /** Bets still under review. */
  get inReview(): number {
    return this.pending.size;
  }

  /** Stops every review (the API is closing); held bets stay held and the next start-up picks them up. */
  close(): void {
    this.closed = true;
    for (const controller of this.pending.values()) controller.abort();
  }

  private async run(betId: string, signal: AbortSignal): Promise<void> {
    let pauseMs = this.ctx.retryMs ?? 1_000;
    for (let attempt = 1; !signal.aborted; attempt += 1) {
      const bet = await findBet(this.ctx.db, betId);
      if (!bet || bet.status !== 'waiting' || bet.holdReason !== 'vipApproval') return;
      const hold = bet.details['vip'] as VipHold | undefined;
      const deadline = hold ? Date.parse(hold.decideBy) : bet.createdAt.getTime();
      const left = deadline - this.ctx.clock().getTime();
      if (left <= 0) {
        await this.reject(betId, { decision: 'lapsed', reason: 'no_decision_in_time', askedStake: bet.stake });
        return;
      }
      let decision: VipDecision;
      try {
        decision = await this.ask(bet, hold, signal, Math.min(left, this.ctx.attemptTimeoutMs ?? 60_000));
      } catch (error) {
        if (signal.aborted) return;
        this.ctx.log.warn(
          { betId, attempt, err: error instanceof Error ? error.message : String(error) },
          'trading desk did not answer; asking again',
        );
        await this.sleep(Math.min(pauseMs, Math.max(0, deadline - this.ctx.clock().getTime())), signal);
        pauseMs = Math.min(pauseMs * 2, 30_000);
        continue;
      }
      await this.apply(betId, decision);
      return;
    }
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
  async apply(betId: string, decision: VipDecision): Promise<'accepted' | 'rejected' | undefined> {
    if (decision.kind === 'declined') {
      const bet = await findBet(this.ctx.db, betId);
      if (!bet) return undefined;
      return this.reject(betId, { decision: 'declined', reason: decision.reason, askedStake: bet.stake });
    }
    try {
      return await this.ctx.db
        .transaction(async (tx) => {
          const bet = await findBet(tx, betId, true);
          if (!bet || bet.status !== 'waiting' || bet.holdReason !== 'vipApproval') return undefined;
          const selections = await findSelections(tx, [betId]);
          const model = this.ctx.model();
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
          const stakeTax = Math.round((bet.stakeTax * stake) / bet.stake);
          const oldNet = bet.stake - bet.stakeTax;
          const potentialWin = oldNet > 0 ? Math.round((bet.potentialWin * (stake - stakeTax)) / oldNet) : 0;
          const at = this.ctx.clock();
          await stakeBet(tx, {
            betGuid: bet.ledgerGuid,
            userId: bet.userId,
            brandId: bet.brandId,
            currency: bet.currency,
            stake,
            stakeTax,
            at,
          });
          const outcome: VipOutcome = {
            decision: 'approved',
            askedStake: bet.stake,
            approvedStake: stake,
            at: at.toISOString(),
          };
          await tx.query(
            `update bets set status = 'accepted', stake = $2, stake_tax = $3, original_stake = $2, potential_win = $4,
             details = details || jsonb_build_object('vip', coalesce(details->'vip', '{}'::jsonb) || $5::jsonb)
           where id = $1 and status = 'waiting'`,
            [betId, stake, stakeTax, potentialWin, JSON.stringify(outcome)],
          );
          this.ctx.log.info({ betId, stake, asked: bet.stake }, 'VIP bet approved and placed');
          return 'accepted' as const;
        })
        .then(async (result) => {
          if (result !== 'line_changed') return result;
          const bet = await findBet(this.ctx.db, betId);
          return bet
            ? this.reject(betId, { decision: 'unplaceable', reason: 'line_changed', askedStake: bet.stake })
            : undefined;
        });
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      // The approval came, but the balance no longer covers the stake: the transaction rolled back, nothing moved.
      const bet = await findBet(this.ctx.db, betId);
      return bet
        ? this.reject(betId, { decision: 'unplaceable', reason: 'above_balance', askedStake: bet.stake })
        : undefined;
    }
  }

  private async reject(betId: string, outcome: Omit<VipOutcome, 'at'>): Promise<'rejected' | undefined> {
    const at = this.ctx.clock();
    const full: VipOutcome = { ...outcome, at: at.toISOString() };
    const result = await this.ctx.db.query(
      `update bets set status = 'rejected', payout = 0, payout_tax = 0, settled_at = $2,
         details = details || jsonb_build_object('vip', coalesce(details->'vip', '{}'::jsonb) || $3::jsonb)
       where id = $1 and status = 'waiting' and hold_reason = 'vipApproval' returning id`,
      [betId, at, JSON.stringify(full)],
    );
    if (result.rows.length === 0) return undefined;
    this.ctx.log.info({ betId, decision: outcome.decision, reason: outcome.reason }, 'VIP bet not placed');
    return 'rejected';
  }

  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      function done() {
        signal.removeEventListener('abort', done);
        clearTimeout(timer);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
