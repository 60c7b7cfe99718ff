import type { Database, Queryable } from '@tessera/server/db';
import { platformAccount, post, userAccount } from '@tessera/server/ledger';
import type { CasinoTournament } from '@tessera/shared/util-config';
import { toMinorUnits } from '@tessera/shared/util-format';
import { maskPlayer, prizeTable } from './tournament-rules';

/**
 * Rounds settled this long before the last scan's end are looked at again: a round's settlement time is taken before
 * its transaction commits, so a round committed late can carry a time the previous scan had already passed.
 */
export const SCAN_MARGIN_MS = 60_000;

/** A tournament of a brand, as configured (`modules.casino.tournaments`), with the games that score in it. */
export interface TournamentRef {
  brandId: string;
  id: string;
  tournament: CasinoTournament;
  /** Catalogue ids of the qualifying games (tournament-rules.ts, `qualifyingGameIds`). */
  gameIds: readonly string[];
}

/** A row of the leaderboard. */
export interface StandingRow {
  rank: number;
  userId: string;
  player: string;
  points: number;
  reachedAt: Date;
  /** The prize of the rank, minor units; null beyond the prize table. */
  prize: number | null;
}

/** What a payout did. */
export interface PayoutResult {
  /** False when the tournament had been paid before (by this server or another): nothing moved. */
  paid: boolean;
  prizes: { rank: number; userId: string; amount: number; transactionId: string }[];
}

interface StandingDbRow {
  user_id: string;
  points: string;
  reached_at: Date;
}

/**
 * Casino tournaments on the database (README, "Tournaments"): scoring settled real-money rounds into points once per
 * round, the leaderboard, and the payout of the prizes at the end, once.
 */
export class CasinoTournaments {
  private readonly db: Database;
  private readonly clock: () => Date;

  constructor(options: { db: Database; clock?: () => Date }) {
    this.db = options.db;
    this.clock = options.clock ?? (() => new Date());
  }

  /**
   * Scores the rounds settled since the last scan (less {@link SCAN_MARGIN_MS}) up to now or the window's end: every
   * settled in-house round and closed external round of the brand, in the tournament's currency, of a qualifying game,
   * staking at least the minimum, gets its points row; a round already scored is left as it is. Demo rounds are
   * never stored, so they never score. Answers the rows added.
   */
  async score(ref: TournamentRef, db: Queryable = this.db): Promise<number> {
    const now = this.clock();
    const end = new Date(ref.tournament.endsAt);
    if (now < new Date(ref.tournament.startsAt) || ref.gameIds.length === 0) return 0;
    const { sql, params } = await this.candidates(ref, db);
    const inserted = await db.query(
      `insert into casino_tournament_points
         (brand_id, tournament_id, round_key, user_id, game_id, stake, win, points, scored_at)
       select $1, $2, c.round_key, c.user_id, c.game_id, c.stake, c.win, c.points, c.scored_at from (${sql}) c
       on conflict do nothing`,
      params,
    );
    await db.query(
      `insert into casino_tournament_scans (brand_id, tournament_id, scanned_to) values ($1, $2, $3)
       on conflict (brand_id, tournament_id) do update set scanned_to = greatest(casino_tournament_scans.scanned_to, excluded.scanned_to)`,
      [ref.brandId, ref.id, now < end ? now : end],
    );
    return inserted.rowCount ?? 0;
  }

  /**
   * The standings, best first: by points, then who reached them first (the settlement of their latest scoring round),
   * then the account id, so the order is total and the same on every server. They count the rounds scored and those
   * settled since the last scan as scoring would count them, writing nothing (a read changes no state, ADR 0205).
   */
  async standings(
    ref: TournamentRef,
    options: { limit?: number } = {},
    db: Queryable = this.db,
  ): Promise<StandingRow[]> {
    const limit = Math.max(1, Math.min(options.limit ?? 100, 1000));
    const { sql, params } = await this.totals(ref, db);
    const { rows } = await db.query<StandingDbRow>(
      `${sql} select user_id, points::text as points, reached_at from totals
       order by points desc, reached_at asc, user_id asc limit $${params.length + 1}`,
      [...params, limit],
    );
    const prizes = prizeTable(ref.tournament);
    return rows.map((row, i) => this.standing(row, i + 1, prizes));
  }

  /** A player's own row wherever it ranks (counted as {@link standings} counts); undefined without points. */
  async position(ref: TournamentRef, userId: string): Promise<StandingRow | undefined> {
    const { sql, params } = await this.totals(ref, this.db);
    const { rows } = await this.db.query<StandingDbRow & { rank: string }>(
      `${sql} select me.user_id, me.points::text as points, me.reached_at,
              (select count(*) + 1 from totals o
               where o.points > me.points or (o.points = me.points and (o.reached_at < me.reached_at
                 or (o.reached_at = me.reached_at and o.user_id < me.user_id))))::text as rank
       from totals me where me.user_id = $${params.length + 1}`,
      [...params, userId],
    );
    const row = rows[0];
    return row ? this.standing(row, Number(row.rank), prizeTable(ref.tournament)) : undefined;
  }

  /**
   * The rounds that score and have not been looked at (settled since the last scan less the margin), with their
   * points: `round_key, user_id, game_id, stake, win, points, scored_at`. Parameters $1 and $2 are brand and id.
   */
  private async candidates(ref: TournamentRef, db: Queryable): Promise<{ sql: string; params: unknown[] }> {
    const { tournament } = ref;
    const start = new Date(tournament.startsAt);
    const scanned = await db.query<{ scanned_to: Date }>(
      'select scanned_to from casino_tournament_scans where brand_id = $1 and tournament_id = $2',
      [ref.brandId, ref.id],
    );
    const last = scanned.rows[0]?.scanned_to;
    const from =
      last && last.getTime() - SCAN_MARGIN_MS > start.getTime() ? new Date(last.getTime() - SCAN_MARGIN_MS) : start;
    const { rule, perUnit, minMultiplier } = tournament.points;
    // Points: stake rule, perUnit per major unit staked (minor / 100, rounded down); win-multiplier rule, the whole
    // multiple won times perUnit for a round that won at least minMultiplier times its stake.
    const points = `case when $8 = 'stake' then (stake * $9::bigint) / 100
                         when win >= stake * $10::numeric then (win / stake) * $9::bigint
                         else 0 end`;
    const sql = `select * from (
        select 'i:' || id as round_key, user_id, game_id, stake, win, ${points} as points, settled_at as scored_at
        from casino_rounds
        where brand_id = $1 and status = 'settled' and currency = $3 and settled_at >= $4 and settled_at < $5
          and game_id = any($6::text[]) and stake >= $7
        union all
        select 'x:' || provider || ':' || round_id, user_id, game_id, stake, win, ${points}, updated_at
        from casino_external_rounds
        where brand_id = $1 and status = 'closed' and currency = $3 and updated_at >= $4 and updated_at < $5
          and game_id = any($6::text[]) and stake >= $7 and stake > 0
      ) r where points > 0`;
    const params = [
      ref.brandId,
      ref.id,
      tournament.currency,
      from,
      // Every round settled before the window's end: one settled a moment ago (at the clock's own reading) too.
      new Date(tournament.endsAt),
      [...ref.gameIds],
      toMinorUnits(tournament.minStake),
      rule,
      perUnit,
      minMultiplier,
    ];
    return { sql, params };
  }

  /** `with ... totals (user_id, points, reached_at)`: stored points and those of rounds not yet scanned. */
  private async totals(ref: TournamentRef, db: Queryable): Promise<{ sql: string; params: unknown[] }> {
    const { sql, params } = await this.candidates(ref, db);
    return {
      sql: `with fresh as (
          select c.user_id, c.points, c.scored_at from (${sql}) c
          where not exists (select 1 from casino_tournament_points p
                            where p.brand_id = $1 and p.tournament_id = $2 and p.round_key = c.round_key)),
        totals as (
          select user_id, sum(points) as points, max(scored_at) as reached_at from (
            select user_id, points, scored_at from casino_tournament_points where brand_id = $1 and tournament_id = $2
            union all select user_id, points, scored_at from fresh) a
          group by user_id)`,
      params,
    };
  }

  /** Whether the tournament's prizes have been paid. */
  async isPaid(brandId: string, id: string): Promise<boolean> {
    const { rows } = await this.db.query(
      'select 1 from casino_tournament_results where brand_id = $1 and tournament_id = $2',
      [brandId, id],
    );
    return rows.length > 0;
  }

  /**
   * Pays the prizes of a tournament whose window has ended, once (README, "Tournaments"): in one transaction the
   * result row is claimed (a second payout, here or on another server, finds it and pays nothing), the whole window is
   * scored a last time, and each ranked player with a prize gets one balanced ledger transaction from the brand's
   * bonus cost account to their main wallet, keyed by tournament and rank.
   */
  async pay(ref: TournamentRef): Promise<PayoutResult> {
    const now = this.clock();
    if (now.getTime() < Date.parse(ref.tournament.endsAt)) throw new Error(`tournament ${ref.id} has not ended`);
    return this.db.transaction(async (tx) => {
      const claimed = await tx.query(
        `insert into casino_tournament_results (brand_id, tournament_id, currency, starts_at, ends_at, paid_at)
         values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning tournament_id`,
        [ref.brandId, ref.id, ref.tournament.currency, ref.tournament.startsAt, ref.tournament.endsAt, now],
      );
      if (claimed.rows.length === 0) return { paid: false, prizes: [] };
      // The last look over the whole window (a late-committed round, a server that never scanned).
      await tx.query('delete from casino_tournament_scans where brand_id = $1 and tournament_id = $2', [
        ref.brandId,
        ref.id,
      ]);
      await this.score(ref, tx);
      const table = prizeTable(ref.tournament);
      const winners = (await this.standings(ref, { limit: table.length }, tx)).filter((s) => s.prize !== null);
      const prizes: PayoutResult['prizes'] = [];
      for (const winner of winners) {
        const amount = winner.prize ?? 0;
        const key = `casino.tournament.prize:${ref.brandId}:${ref.id}:${winner.rank}`;
        const transaction = await post(tx, {
          idempotencyKey: key,
          kind: 'casino.tournament_prize',
          postings: [
            { account: platformAccount(ref.brandId, ref.tournament.currency, 'bonus_cost'), amount: -amount },
            { account: userAccount(winner.userId, ref.tournament.currency), amount },
          ],
          metadata: { tournamentId: ref.id, rank: winner.rank, points: winner.points },
          at: now,
        });
        await tx.query(
          `insert into casino_tournament_prizes
             (brand_id, tournament_id, rank, user_id, points, amount, currency, ledger_transaction_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            ref.brandId,
            ref.id,
            winner.rank,
            winner.userId,
            winner.points,
            amount,
            ref.tournament.currency,
            transaction.id,
          ],
        );
        prizes.push({ rank: winner.rank, userId: winner.userId, amount, transactionId: transaction.id });
      }
      return { paid: true, prizes };
    });
  }

  private standing(row: StandingDbRow, rank: number, prizes: readonly number[]): StandingRow {
    return {
      rank,
      userId: row.user_id,
      player: maskPlayer(row.user_id),
      points: Number(row.points),
      reachedAt: row.reached_at,
      prize: prizes[rank - 1] ?? null,
    };
  }
}
