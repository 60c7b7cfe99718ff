import type { Database } from '@tessera/server/db';
import { settleBet } from '@tessera/server/ledger';
import { findBetsByGuid, findSelections, markSettled } from './bets.repository';
import type { CheckCf, OddsChange } from './bet-wire';
import type { LineModel } from './line.port';

/** What a live-delayed placement carries (details.liveDelay of each of its bets). */
export interface LiveDelayHold {
  /** When the hold ends (ISO time). */
  until: string;
  /** The odds policy the bettor placed with: changes during the hold are judged by it. */
  checkCf: CheckCf;
  /** DropOnScoreChange: a change of score during the hold refuses the bet. */
  dropOnScoreChange: boolean;
  /** The score of each live game at placement, by game id. */
  scores: Record<string, { home: number; away: number }>;
  /** Once decided: why it was refused (a refusal code word), absent when accepted. */
  refused?: LiveDelayRefusal;
}

/** Why a held live bet was refused: refusal code words the site translates. */
export type LiveDelayRefusal = 'game_closed' | 'suspended_selection' | 'live_odds_changed' | 'live_score_changed';

/** Where the service logs. */
export interface LiveDelayLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What {@link LiveDelays} needs. */
export interface LiveDelaysContext {
  db: Database;
  model: () => LineModel;
  clock: () => Date;
  log: LiveDelayLogger;
  /** The CheckCf rule (bets.service's acceptedByPolicy). */
  acceptedByPolicy: (changes: readonly OddsChange[], policy: CheckCf) => boolean;
}

/**
 * Live bets held for the brand's `betting.liveBetDelaySeconds` (README: live bets held). A placement on a live game is stored
 * `waiting` (`liveDelay`) with its stake posted; when the hold ends the whole placement is looked at once against the
 * live line: every selection still offered and open, odds changes within the bettor's CheckCf policy, and, with
 * DropOnScoreChange, no goal since placement. Then all its bets are accepted, or all are refused and their stakes
 * returned through the ledger, in one transaction guarded on the rows (a decision never applies twice; settlement of
 * a game that ends during the hold already returned the stake and wins).
 */
export class LiveDelays {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly waiters = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  private closed = false;

  constructor(private readonly ctx: LiveDelaysContext) {}

  /** Decides a held placement when its hold ends. */
  schedule(betGuid: string, untilMs: number): void {
    if (this.closed || this.timers.has(betGuid)) return;
    this.waiter(betGuid);
    const timer = setTimeout(
      () => {
        this.timers.delete(betGuid);
        void this.decide(betGuid)
          .catch((err: unknown) => this.ctx.log.error({ err, betGuid }, 'live bet hold could not be decided'))
          .finally(() => this.release(betGuid));
      },
      Math.max(0, untilMs - this.ctx.clock().getTime()),
    );
    timer.unref?.();
    this.timers.set(betGuid, timer);
  }

  /** Resolves when the placement was decided (or at once when nothing is pending for it). */
  decided(betGuid: string): Promise<void> {
    return this.waiters.get(betGuid)?.promise ?? Promise.resolve();
  }

  /** Start-up: schedules every held placement again (overdue ones are decided at once). */
  async sweep(): Promise<number> {
    const rows = await this.ctx.db.query<{ bet_guid: string; until: string | null }>(
      `select bet_guid::text as bet_guid, min(details->'liveDelay'->>'until') as until from bets
        where status = 'waiting' and hold_reason = 'liveDelay' group by bet_guid`,
    );
    for (const row of rows.rows) this.schedule(row.bet_guid, row.until ? Date.parse(row.until) : 0);
    return rows.rows.length;
  }

  /** Stops the timers (the API is closing); held bets stay held and the next start-up decides them. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const guid of [...this.waiters.keys()]) this.release(guid);
  }

  /** Looks at a held placement against the line now; answers what became of it (undefined: nothing was held). */
  async decide(betGuid: string): Promise<'accepted' | LiveDelayRefusal | undefined> {
    const at = this.ctx.clock();
    return this.ctx.db.transaction(async (tx) => {
      await tx.query(`select id from bets where bet_guid = $1 order by line_no for update`, [betGuid]);
      const rows = (await findBetsByGuid(tx, betGuid)).filter(
        (r) => r.status === 'waiting' && r.holdReason === 'liveDelay',
      );
      const first = rows[0];
      if (!first) return undefined;
      const hold = first.details['liveDelay'] as LiveDelayHold;
      const selections = await findSelections(
        tx,
        rows.map((r) => r.id),
      );
      const refused = this.judge(hold, selections);
      if (!refused) {
        await tx.query(
          `update bets set status = 'accepted' where bet_guid = $1 and status = 'waiting' and hold_reason = 'liveDelay'`,
          [betGuid],
        );
        return 'accepted' as const;
      }
      for (const row of rows) {
        if (
          !(await markSettled(tx, row.id, { status: 'rejected', payout: row.stake - row.stakeTax, payoutTax: 0, at }))
        )
          continue;
        await settleBet(tx, { betGuid: row.ledgerGuid, outcome: 'returned', at });
        await tx.query(
          `update bets set details = jsonb_set(details, '{liveDelay,refused}', to_jsonb($2::text)) where id = $1`,
          [row.id, refused],
        );
      }
      this.ctx.log.info({ betGuid, refused }, 'live bet refused after its hold; stake returned');
      return refused;
    });
  }

  private judge(
    hold: LiveDelayHold,
    selections: ReadonlyArray<{ gameId: number; outcomeId: string; coef: number }>,
  ): LiveDelayRefusal | undefined {
    const model = this.ctx.model();
    const changes: OddsChange[] = [];
    for (const [index, s] of selections.entries()) {
      const entry = model.games.get(s.gameId);
      if (!entry || entry.game.status === 'finished' || entry.game.status === 'cancelled') return 'game_closed';
      const found = entry.outcomeById.get(s.outcomeId);
      if (!found || found.market.status !== 'open' || found.outcome.status !== 'open') return 'suspended_selection';
      if (Math.abs(found.outcome.odds - s.coef) > 1e-9)
        changes.push({ index, previous: s.coef, current: found.outcome.odds });
      const before = hold.scores[String(s.gameId)];
      const now = entry.game.live?.score;
      if (hold.dropOnScoreChange && before && now && (before.home !== now.home || before.away !== now.away))
        return 'live_score_changed';
    }
    return this.ctx.acceptedByPolicy(changes, hold.checkCf) ? undefined : 'live_odds_changed';
  }

  private waiter(betGuid: string): void {
    if (this.waiters.has(betGuid)) return;
    const waiter: { promise?: Promise<void>; resolve?: () => void } = {};
    waiter.promise = new Promise<void>((resolve) => (waiter.resolve = resolve));
    this.waiters.set(betGuid, { promise: waiter.promise, resolve: () => waiter.resolve?.() });
  }

  private release(betGuid: string): void {
    this.waiters.get(betGuid)?.resolve();
    this.waiters.delete(betGuid);
  }
}
