import type { Database, Queryable } from '@tessera/server/db';
import type { JobQueue } from '@tessera/server/jobs';
import { getAccountBalance, InsufficientFundsError, stakeBet, userAccount } from '@tessera/server/ledger';
import { toMinorUnits } from '@tessera/shared/util-format';
import type { BetRules } from './bets.config';
import { findBetsByGuid, findSelections, type SelectionRow } from './bets.repository';
import type { LineModel } from './line.port';

/** What an advance bet carries (details.advance of each bet of its placement). */
export interface AdvanceHold {
  /** The open bets whose potential wins secured the advance at placement. */
  securedBy: string[];
  /** When its stake was posted and it stood (ISO time). */
  fundedAt?: string;
  /** Once refused: why, as a refusal code word the site translates. */
  refused?: AdvanceRefusal;
}

/** Why an advance bet was not placed. */
export type AdvanceRefusal = 'advance_not_covered' | 'game_started' | 'game_closed';

/** How large an advance a bettor's open bets secure now (minor units). */
export interface AdvanceStanding {
  /** What an advance bet may stake now: min(secured, cap) less held, never below 0. */
  available: number;
  /** sharePercent of the open bets' potential wins. */
  secured: number;
  /** Stakes of advance bets still waiting for their cover. */
  held: number;
  /** The open bets securing it. */
  securedBy: string[];
  /** The brand's largest advance in this currency, if it has one. */
  cap: number | undefined;
}

/** The bettor an advance is for. */
export interface AdvanceOwner {
  brandId: string;
  userId: string;
  currency: string;
}

/**
 * The bettor's advance (README, "Advance bets held until covered"): the brand's share of what their open bets would pay if they won (accepted, not
 * settled, not advance bets themselves), capped per currency, less the stakes of their advance bets still held.
 */
export async function advanceStanding(
  db: Queryable,
  owner: AdvanceOwner,
  rules: Pick<BetRules, 'advance'>,
): Promise<AdvanceStanding> {
  const open = await db.query<{ id: string; potential_win: string }>(
    `select id, potential_win from bets
      where user_id = $1 and brand_id = $2 and currency = $3 and status = 'accepted' and not (details ? 'advance')
      order by created_at`,
    [owner.userId, owner.brandId, owner.currency],
  );
  const held = await db.query<{ total: string }>(
    `select coalesce(sum(stake), 0)::bigint as total from bets
      where user_id = $1 and brand_id = $2 and currency = $3 and status = 'waiting' and hold_reason = 'advance'`,
    [owner.userId, owner.brandId, owner.currency],
  );
  const wins = open.rows.reduce((sum, r) => sum + Number(r.potential_win), 0);
  const secured = Math.floor((wins * rules.advance.sharePercent) / 100);
  const capMajor = rules.advance.maxAmount[owner.currency];
  const cap = capMajor === undefined ? undefined : toMinorUnits(capMajor);
  const heldTotal = Number(held.rows[0]?.total ?? 0);
  return {
    available: Math.max(0, Math.min(secured, cap ?? secured) - heldTotal),
    secured,
    held: heldTotal,
    securedBy: open.rows.map((r) => r.id),
    cap,
  };
}

/** Serialises a bettor's advance decisions on real PostgreSQL (PGlite runs one transaction at a time anyway). */
export async function lockAdvance(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`advance:${userId}`]);
}

/** Where the service logs. */
export interface AdvanceLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The recurring job kind that looks at every held advance placement (one run per interval across the servers). */
export const ADVANCE_SWEEP_JOB = 'bets.advance-sweep';

/** What {@link AdvanceBets} needs. */
export interface AdvanceBetsContext {
  db: Database;
  /** The job queue the periodic look runs in; the service defines its kind on it. */
  jobs: JobQueue;
  model: () => LineModel;
  clock: () => Date;
  log: AdvanceLogger;
  /** How often the held advance bets are looked at, ms (default 5,000): a game that starts, a deposit. */
  intervalMs?: number;
}

/** What became of a held advance placement when looked at. */
export type AdvanceDecision = 'accepted' | 'waiting' | AdvanceRefusal;

/**
 * Advance bets held until the bettor's balance covers them (README, "Advance bets held until covered"). Each held placement is looked at after bets
 * settle, and every few seconds (a recurring job: one server looks per interval): if a selection's game started or left the line it is refused; if the balance now
 * covers its stakes they are posted through the ledger and it stands at the coefficients it was placed at; if the open
 * bets that secured it have all settled and the balance still falls short, it is refused. A refusal moves no money.
 * Every decision runs in one transaction with the placement's rows locked and guarded on their status, so it never
 * applies twice.
 */
export class AdvanceBets {
  private chain: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly ctx: AdvanceBetsContext) {
    ctx.jobs.every(ADVANCE_SWEEP_JOB, ctx.intervalMs ?? 5_000, async () => ({ decided: await this.sweep() }), {
      expireInSeconds: 120,
    });
  }

  /** Stops looking (the API is closing) once the look in flight ends; held bets stay held for the next look. */
  async close(): Promise<void> {
    this.closed = true;
    await this.chain;
  }

  /** Looks at every held advance placement, oldest first, after any sweep already running; answers how many were decided. */
  sweep(): Promise<number> {
    const next = this.chain
      .then(() => this.sweepNow())
      .catch((err: unknown) => {
        this.ctx.log.error({ err }, 'advance bets could not be looked at');
        return 0;
      });
    this.chain = next;
    return next;
  }

  private async sweepNow(): Promise<number> {
    if (this.closed) return 0;
    const held = await this.ctx.db.query<{ bet_guid: string }>(
      `select bet_guid::text as bet_guid from bets where status = 'waiting' and hold_reason = 'advance'
        group by bet_guid order by min(created_at)`,
    );
    let decided = 0;
    for (const row of held.rows) if ((await this.decide(row.bet_guid)) !== 'waiting') decided += 1;
    return decided;
  }

  /** Looks at one held advance placement now; undefined when nothing of it is held. */
  async decide(betGuid: string): Promise<AdvanceDecision | undefined> {
    const at = this.ctx.clock();
    try {
      return await this.ctx.db.transaction(async (tx) => {
        await tx.query(`select id from bets where bet_guid = $1 order by line_no for update`, [betGuid]);
        const rows = (await findBetsByGuid(tx, betGuid)).filter(
          (r) => r.status === 'waiting' && r.holdReason === 'advance',
        );
        const first = rows[0];
        if (!first) return undefined;
        await lockAdvance(tx, first.userId);
        const hold = (first.details['advance'] as AdvanceHold | undefined) ?? { securedBy: [] };
        const judged = this.judge(
          await findSelections(
            tx,
            rows.map((r) => r.id),
          ),
        );
        if (judged === 'waiting') return 'waiting';
        if (judged) return this.refuse(tx, betGuid, judged, at);
        const total = rows.reduce((sum, r) => sum + r.stake, 0);
        const balance = await getAccountBalance(tx, userAccount(first.userId, first.currency));
        if (balance >= total) {
          for (const row of rows) {
            await stakeBet(tx, {
              betGuid: row.ledgerGuid,
              userId: row.userId,
              brandId: row.brandId,
              currency: row.currency,
              stake: row.stake,
              stakeTax: row.stakeTax,
              at,
            });
          }
          await tx.query(
            `update bets set status = 'accepted', details = jsonb_set(details, '{advance,fundedAt}', to_jsonb($2::text))
              where bet_guid = $1 and status = 'waiting' and hold_reason = 'advance'`,
            [betGuid, at.toISOString()],
          );
          this.ctx.log.info({ betGuid, stake: total }, 'advance bet covered by the balance: stake posted, bet stands');
          return 'accepted';
        }
        const stillOpen = await tx.query<{ n: number }>(
          `select count(*)::int as n from bets where id = any($1::text[]) and status in ('accepted', 'waiting')`,
          [hold.securedBy],
        );
        if (Number(stillOpen.rows[0]?.n ?? 0) > 0) return 'waiting';
        return this.refuse(tx, betGuid, 'advance_not_covered', at);
      });
    } catch (error) {
      // The balance moved between the read and the posting (a withdrawal, another bet): nothing was written; next time.
      if (error instanceof InsufficientFundsError) return 'waiting';
      throw error;
    }
  }

  /** A selection's game started or left the line: refused; a suspended market: wait; else undefined (placeable). */
  private judge(selections: readonly SelectionRow[]): AdvanceRefusal | 'waiting' | undefined {
    const model = this.ctx.model();
    let suspended = false;
    for (const s of selections) {
      const entry = model.games.get(s.gameId);
      if (!entry || entry.game.status === 'finished' || entry.game.status === 'cancelled') return 'game_closed';
      if (entry.game.status !== 'prematch') return 'game_started';
      const found = entry.outcomeById.get(s.outcomeId);
      if (!found || found.market.status === 'settled' || found.outcome.status === 'settled') return 'game_closed';
      if (found.market.status !== 'open' || found.outcome.status !== 'open') suspended = true;
    }
    return suspended ? 'waiting' : undefined;
  }

  private async refuse(tx: Queryable, betGuid: string, refused: AdvanceRefusal, at: Date): Promise<AdvanceRefusal> {
    await tx.query(
      `update bets set status = 'rejected', payout = 0, payout_tax = 0, settled_at = $2,
         details = jsonb_set(details, '{advance,refused}', to_jsonb($3::text))
       where bet_guid = $1 and status = 'waiting' and hold_reason = 'advance'`,
      [betGuid, at, refused],
    );
    this.ctx.log.info({ betGuid, refused }, 'advance bet not placed; no money moved');
    return refused;
  }
}
