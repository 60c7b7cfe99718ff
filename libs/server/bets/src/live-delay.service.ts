import type { Database } from '@tessera/server/db';
import type { JobQueue } from '@tessera/server/jobs';
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

/** The job kind that decides a held placement (data: {@link LiveDelayJob}; key: the betGUID). */
export const LIVE_DELAY_JOB = 'bets.live-delay';

/** What a {@link LIVE_DELAY_JOB} job carries. */
export interface LiveDelayJob {
  betGuid: string;
}

/** What {@link LiveDelays} needs. */
export interface LiveDelaysContext {
  db: Database;
  /** The job queue the decisions wait in (README: live bets held); the service defines its kind on it. */
  jobs: JobQueue;
  /** How often a request held through the hold looks whether another server decided it, ms (default 200). */
  checkMs?: number;
  model: () => LineModel;
  clock: () => Date;
  log: LiveDelayLogger;
  /** The CheckCf rule (bets.service's acceptedByPolicy). */
  acceptedByPolicy: (changes: readonly OddsChange[], policy: CheckCf) => boolean;
}

/**
 * Live bets held for the brand's `betting.liveBetDelaySeconds` (README: live bets held). A placement on a live game is stored
 * `waiting` (`liveDelay`) with its stake posted, and a job keyed by its betGUID is queued for the end of the hold
 * (`@tessera/server/jobs`: in the database, so it survives a restart and runs on one server). The job looks at the
 * whole placement once against the live line: every selection still offered and open, odds changes within the
 * bettor's CheckCf policy, and, with DropOnScoreChange, no goal since placement. Then all its bets are accepted, or all
 * are refused and their stakes returned through the ledger, in one transaction guarded on the rows (a decision never
 * applies twice; settlement of a game that ends during the hold already returned the stake and wins).
 */
export class LiveDelays {
  private readonly waiters = new Map<string, Set<() => void>>();
  private closed = false;

  constructor(private readonly ctx: LiveDelaysContext) {
    ctx.jobs.define<LiveDelayJob>(
      LIVE_DELAY_JOB,
      async ({ betGuid }) => {
        try {
          return { decision: (await this.decide(betGuid)) ?? 'no_longer_held' };
        } finally {
          this.release(betGuid);
        }
      },
      // A decision is one short transaction; a server that dies running it leaves it to another within a minute.
      { retryLimit: 5, retryDelaySeconds: 1, expireInSeconds: 30, concurrency: 4 },
    );
  }

  /**
   * Queues the decision of a held placement for the end of its hold; a placement already queued is left as it is. The
   * bet is stored by then: a job that cannot be queued now is logged, and queued by the next start-up's sweep.
   */
  async schedule(betGuid: string, untilMs: number): Promise<void> {
    try {
      await this.ctx.jobs.enqueue<LiveDelayJob>(
        LIVE_DELAY_JOB,
        { betGuid },
        { key: betGuid, delayMs: Math.max(0, untilMs - this.ctx.clock().getTime()) },
      );
    } catch (err) {
      this.ctx.log.error({ err, betGuid }, 'live bet hold could not be queued; the next start-up queues it');
    }
  }

  /**
   * Resolves when the placement is no longer held: decided by this server's job (at once), or by another server's (seen
   * by looking at the rows every checkMs once the hold is over), or when this server closes.
   */
  async decided(betGuid: string, untilMs = 0): Promise<void> {
    if (this.closed) return;
    let wake: () => void = () => undefined;
    const woken = new Promise<'woken'>((resolve) => (wake = () => resolve('woken')));
    const set = this.waiters.get(betGuid) ?? new Set<() => void>();
    set.add(wake);
    this.waiters.set(betGuid, set);
    const sleep = async (ms: number) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const pause = new Promise<'slept'>((resolve) => (timer = setTimeout(() => resolve('slept'), ms)));
      const first = await Promise.race([woken, pause]);
      clearTimeout(timer);
      return first;
    };
    try {
      if ((await sleep(Math.max(0, untilMs - this.ctx.clock().getTime()))) === 'woken') return;
      while (await this.held(betGuid)) if ((await sleep(this.ctx.checkMs ?? 200)) === 'woken') return;
    } finally {
      set.delete(wake);
      if (set.size === 0 && this.waiters.get(betGuid) === set) this.waiters.delete(betGuid);
    }
  }

  /**
   * Start-up: queues the decision of every held placement that has none (a server that stopped between storing the
   * bet and queueing its job); those already queued keep their job. Answers how many were queued now.
   */
  async sweep(): Promise<number> {
    const rows = await this.ctx.db.query<{ bet_guid: string; until: string | null }>(
      `select bet_guid::text as bet_guid, min(details->'liveDelay'->>'until') as until from bets
        where status = 'waiting' and hold_reason = 'liveDelay' group by bet_guid`,
    );
    let queued = 0;
    for (const row of rows.rows) {
      const untilMs = row.until ? Date.parse(row.until) : 0;
      const id = await this.ctx.jobs.enqueue<LiveDelayJob>(
        LIVE_DELAY_JOB,
        { betGuid: row.bet_guid },
        { key: row.bet_guid, delayMs: Math.max(0, untilMs - this.ctx.clock().getTime()) },
      );
      if (id) queued += 1;
    }
    return queued;
  }

  /** The API is closing: requests waiting for a decision answer now (as a retry would); the jobs stay queued. */
  close(): void {
    this.closed = true;
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

  private async held(betGuid: string): Promise<boolean> {
    if (this.closed) return false;
    const rows = await this.ctx.db.query(
      `select 1 from bets where bet_guid = $1 and status = 'waiting' and hold_reason = 'liveDelay' limit 1`,
      [betGuid],
    );
    return rows.rows.length > 0;
  }

  private release(betGuid: string): void {
    for (const wake of this.waiters.get(betGuid) ?? []) wake();
    this.waiters.delete(betGuid);
  }
}
