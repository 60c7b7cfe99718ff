import type { Queryable } from '@tessera/server/db';
import type {
  FeedChampionship,
  FeedCountry,
  FeedGame,
  FeedGameResult,
  FeedProviderMarket,
  FeedMarketGroup,
  FeedOutcome,
  FeedOutcomeResult,
  FeedSport,
} from '@tessera/shared/contract-api';

/**
 * Every write sends its rows as one JSON parameter expanded with jsonb_to_recordset: one statement per table per
 * flush whatever the number of rows, identical on PGlite and PostgreSQL, and no per-row round trips.
 */
async function upsertRows(tx: Queryable, sql: string, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(sql, [JSON.stringify(rows)]);
}

/** Stores the lookup tables (sports, countries, championships, market groups), replacing earlier values. */
export async function saveLookups(
  tx: Queryable,
  lookups: {
    sports: FeedSport[];
    countries: FeedCountry[];
    championships: FeedChampionship[];
    marketGroups: FeedMarketGroup[];
  },
): Promise<void> {
  await upsertRows(
    tx,
    `insert into feed_sports (id, name, name_key, kind, main_market_type, ord)
     select id, name, name_key, kind, main_market_type, ord
       from jsonb_to_recordset($1::jsonb) as x(id integer, name text, name_key text, kind text, main_market_type text, ord integer)
     on conflict (id) do update set name = excluded.name, name_key = excluded.name_key, kind = excluded.kind,
       main_market_type = excluded.main_market_type, ord = excluded.ord`,
    lookups.sports.map((s, ord) => ({
      id: s.id,
      name: s.name,
      name_key: s.nameKey,
      kind: s.kind,
      main_market_type: s.mainMarketType,
      ord,
    })),
  );
  await upsertRows(
    tx,
    `insert into feed_countries (id, iso, name, region)
     select id, iso, name, region from jsonb_to_recordset($1::jsonb) as x(id integer, iso text, name text, region boolean)
     on conflict (id) do update set iso = excluded.iso, name = excluded.name, region = excluded.region`,
    lookups.countries,
  );
  await upsertRows(
    tx,
    `insert into feed_championships (id, sport_id, country_id, name, tier)
     select id, sport_id, country_id, name, tier
       from jsonb_to_recordset($1::jsonb) as x(id integer, sport_id integer, country_id integer, name text, tier smallint)
     on conflict (id) do update set sport_id = excluded.sport_id, country_id = excluded.country_id, name = excluded.name, tier = excluded.tier`,
    lookups.championships.map((c) => ({
      id: c.id,
      sport_id: c.sportId,
      country_id: c.countryId,
      name: c.name,
      tier: c.tier,
    })),
  );
  await upsertRows(
    tx,
    `insert into feed_market_groups (id, name_key, ord)
     select id, name_key, ord from jsonb_to_recordset($1::jsonb) as x(id text, name_key text, ord integer)
     on conflict (id) do update set name_key = excluded.name_key, ord = excluded.ord`,
    lookups.marketGroups.map((g) => ({ id: g.id, name_key: g.nameKey, ord: g.order })),
  );
}

/** Inserts or updates games (status, live state, schedule); a game seen again leaves the removed state. */
export async function upsertGames(tx: Queryable, games: readonly FeedGame[]): Promise<void> {
  await upsertRows(
    tx,
    `insert into feed_games (id, sport_id, champ_id, home_id, home_name, away_id, away_name, starts_at, status, live)
     select id, sport_id, champ_id, home_id, home_name, away_id, away_name, to_timestamp(starts_at / 1000.0), status, live
       from jsonb_to_recordset($1::jsonb) as x(id bigint, sport_id integer, champ_id integer, home_id bigint, home_name text,
            away_id bigint, away_name text, starts_at bigint, status text, live jsonb)
     on conflict (id) do update set sport_id = excluded.sport_id, champ_id = excluded.champ_id, home_id = excluded.home_id,
       home_name = excluded.home_name, away_id = excluded.away_id, away_name = excluded.away_name,
       starts_at = excluded.starts_at, status = excluded.status, live = excluded.live, removed_at = null, updated_at = now()`,
    games.map((g) => ({
      id: g.id,
      sport_id: g.sportId,
      champ_id: g.champId,
      home_id: g.home.id,
      home_name: g.home.name,
      away_id: g.away.id,
      away_name: g.away.name,
      starts_at: g.startsAt,
      status: g.status,
      live: g.live ?? null,
    })),
  );
}

/** Inserts or updates markets; `ord` keeps the provider's order for the game page. */
export async function upsertMarkets(
  tx: Queryable,
  markets: ReadonlyArray<{ market: FeedProviderMarket; ord: number }>,
): Promise<void> {
  await upsertRows(
    tx,
    `insert into feed_markets (id, game_id, group_id, type, line, status, suspend_reason, ord)
     select id, game_id, group_id, type, line, status, suspend_reason, ord
       from jsonb_to_recordset($1::jsonb) as x(id text, game_id bigint, group_id text, type text, line numeric, status text,
            suspend_reason text, ord integer)
     on conflict (id) do update set status = excluded.status, suspend_reason = excluded.suspend_reason, line = excluded.line`,
    markets.map(({ market: m, ord }) => ({
      id: m.id,
      game_id: m.gameId,
      group_id: m.groupId,
      type: m.type,
      line: m.line ?? null,
      status: m.status,
      suspend_reason: m.suspendReason ?? null,
      ord,
    })),
  );
}

/** Inserts or updates outcomes (odds, status, settled result). */
export async function upsertOutcomes(
  tx: Queryable,
  outcomes: ReadonlyArray<{ outcome: FeedOutcome; marketId: string; gameId: number; ord: number }>,
): Promise<void> {
  await upsertRows(
    tx,
    `insert into feed_outcomes (id, market_id, game_id, code, name_key, odds, status, result, ord)
     select id, market_id, game_id, code, name_key, odds, status, result, ord
       from jsonb_to_recordset($1::jsonb) as x(id text, market_id text, game_id bigint, code text, name_key text, odds numeric,
            status text, result text, ord integer)
     on conflict (id) do update set odds = excluded.odds, status = excluded.status, result = excluded.result, updated_at = now()`,
    outcomes.map(({ outcome: o, marketId, gameId, ord }) => ({
      id: o.id,
      market_id: marketId,
      game_id: gameId,
      code: o.code,
      name_key: o.nameKey,
      odds: o.odds,
      status: o.status,
      result: o.result ?? null,
      ord,
    })),
  );
}

/** Stores results; a result already stored is kept (results never change once written). */
export async function insertResults(tx: Queryable, results: readonly FeedGameResult[]): Promise<void> {
  await upsertRows(
    tx,
    `insert into feed_results (game_id, status, score, period_scores, outcomes, settled_at)
     select game_id, status, score, period_scores, outcomes, to_timestamp(settled_at / 1000.0)
       from jsonb_to_recordset($1::jsonb) as x(game_id bigint, status text, score jsonb, period_scores jsonb, outcomes jsonb, settled_at bigint)
     on conflict (game_id) do nothing`,
    results.map((r) => ({
      game_id: r.gameId,
      status: r.status,
      score: r.score,
      period_scores: r.periodScores,
      outcomes: r.outcomes,
      settled_at: r.settledAt,
    })),
  );
}

/** Marks games as gone from the feed (kept for history and settlement, not loaded into the read model). */
export async function markRemoved(tx: Queryable, gameIds: readonly number[]): Promise<void> {
  if (gameIds.length === 0) return;
  await tx.query(
    `update feed_games set removed_at = now(), updated_at = now()
      where removed_at is null and id in (select (jsonb_array_elements_text($1::jsonb))::bigint)`,
    [JSON.stringify(gameIds)],
  );
}

/** Deletes stored markets (and their outcomes) of these games that the provider no longer lists. */
export async function deleteMarketsNotIn(
  tx: Queryable,
  gameIds: readonly number[],
  keepMarketIds: readonly string[],
): Promise<void> {
  if (gameIds.length === 0) return;
  await tx.query(
    `delete from feed_markets
      where game_id in (select (jsonb_array_elements_text($1::jsonb))::bigint)
        and id not in (select jsonb_array_elements_text($2::jsonb))`,
    [JSON.stringify(gameIds), JSON.stringify(keepMarketIds)],
  );
}

/** Marks every stored game absent from a provider snapshot as removed: the snapshot is the truth. */
export async function markAbsentRemoved(tx: Queryable, presentIds: readonly number[]): Promise<void> {
  await tx.query(
    `update feed_games set removed_at = now(), updated_at = now()
      where removed_at is null and id not in (select (jsonb_array_elements_text($1::jsonb))::bigint)`,
    [JSON.stringify(presentIds)],
  );
}

/** Records the provider sequence number a flush reached. */
export async function saveCheckpoint(tx: Queryable, provider: string, seq: number, feedAt: number): Promise<void> {
  await tx.query(
    `insert into feed_checkpoints (provider, seq, feed_at) values ($1, $2, to_timestamp($3 / 1000.0))
     on conflict (provider) do update set seq = excluded.seq, feed_at = excluded.feed_at, flushed_at = now()`,
    [provider, seq, feedAt],
  );
}

/** The stored checkpoint of a provider, if any. */
export async function loadCheckpoint(
  db: Queryable,
  provider: string,
): Promise<{ seq: number; feedAt: Date } | undefined> {
  const { rows } = await db.query<{ seq: string; feed_at: Date }>(
    'select seq, feed_at from feed_checkpoints where provider = $1',
    [provider],
  );
  const row = rows[0];
  return row ? { seq: Number(row.seq), feedAt: row.feed_at } : undefined;
}

/** A stored result, for settlement and the results pages. */
export async function loadResult(db: Queryable, gameId: number): Promise<FeedGameResult | undefined> {
  const { rows } = await db.query<{
    game_id: string;
    status: 'finished' | 'cancelled';
    score: FeedGameResult['score'];
    period_scores: FeedGameResult['periodScores'];
    outcomes: Record<string, FeedOutcomeResult>;
    settled_at: Date;
  }>('select game_id, status, score, period_scores, outcomes, settled_at from feed_results where game_id = $1', [
    gameId,
  ]);
  const r = rows[0];
  return r
    ? {
        gameId: Number(r.game_id),
        status: r.status,
        score: r.score,
        periodScores: r.period_scores,
        outcomes: r.outcomes,
        settledAt: r.settled_at.getTime(),
      }
    : undefined;
}

/** Everything the read model is rebuilt from: lookups and the games still in the feed with their markets. */
export interface StoredFeed {
  sports: FeedSport[];
  countries: FeedCountry[];
  championships: FeedChampionship[];
  marketGroups: FeedMarketGroup[];
  games: FeedGame[];
  markets: Map<number, FeedProviderMarket[]>;
}

/**
 * Reads the stored feed in display order (four lookups, then games, markets and outcomes in one query each). Several
 * statements: give it a transaction of one snapshot when what it reads must be of one instant (FeedService.reload).
 */
export async function loadStoredFeed(db: Queryable): Promise<StoredFeed> {
  const sports = await db.query<{
    id: number;
    name: string;
    name_key: string;
    kind: FeedSport['kind'];
    main_market_type: string;
  }>('select id, name, name_key, kind, main_market_type from feed_sports order by ord');
  const countries = await db.query<FeedCountry>('select id, iso, name, region from feed_countries order by id');
  const champs = await db.query<{ id: number; sport_id: number; country_id: number; name: string; tier: number }>(
    'select id, sport_id, country_id, name, tier from feed_championships order by id',
  );
  const groups = await db.query<{ id: string; name_key: string; ord: number }>(
    'select id, name_key, ord from feed_market_groups order by ord',
  );
  const games = await db.query<{
    id: string;
    sport_id: number;
    champ_id: number;
    home_id: string;
    home_name: string;
    away_id: string;
    away_name: string;
    starts_at: Date;
    status: FeedGame['status'];
    live: FeedGame['live'] | null;
  }>(
    `select id, sport_id, champ_id, home_id, home_name, away_id, away_name, starts_at, status, live
       from feed_games where removed_at is null order by starts_at, id`,
  );
  const markets = await db.query<{
    id: string;
    game_id: string;
    group_id: string;
    type: string;
    line: string | null;
    status: FeedProviderMarket['status'];
    suspend_reason: string | null;
  }>(
    `select m.id, m.game_id, m.group_id, m.type, m.line, m.status, m.suspend_reason
       from feed_markets m join feed_games g on g.id = m.game_id
      where g.removed_at is null order by m.game_id, m.ord`,
  );
  const outcomes = await db.query<{
    id: string;
    market_id: string;
    code: string;
    name_key: string;
    odds: string;
    status: FeedOutcome['status'];
    result: FeedOutcomeResult | null;
  }>(
    `select o.id, o.market_id, o.code, o.name_key, o.odds, o.status, o.result
       from feed_outcomes o join feed_games g on g.id = o.game_id
      where g.removed_at is null order by o.market_id, o.ord`,
  );
  const outcomesByMarket = new Map<string, FeedOutcome[]>();
  for (const o of outcomes.rows) {
    const outcome: FeedOutcome = {
      id: o.id,
      code: o.code,
      nameKey: o.name_key,
      odds: Number(o.odds),
      status: o.status,
    };
    if (o.result !== null) outcome.result = o.result;
    const list = outcomesByMarket.get(o.market_id);
    if (list) list.push(outcome);
    else outcomesByMarket.set(o.market_id, [outcome]);
  }
  const marketsByGame = new Map<number, FeedProviderMarket[]>();
  for (const m of markets.rows) {
    const market: FeedProviderMarket = {
      id: m.id,
      gameId: Number(m.game_id),
      groupId: m.group_id,
      type: m.type,
      status: m.status,
      outcomes: outcomesByMarket.get(m.id) ?? [],
    };
    if (m.line !== null) market.line = Number(m.line);
    if (m.suspend_reason !== null) market.suspendReason = m.suspend_reason;
    const list = marketsByGame.get(market.gameId);
    if (list) list.push(market);
    else marketsByGame.set(market.gameId, [market]);
  }
  return {
    sports: sports.rows.map((s) => ({
      id: s.id,
      name: s.name,
      nameKey: s.name_key,
      kind: s.kind,
      mainMarketType: s.main_market_type,
    })),
    countries: countries.rows,
    championships: champs.rows.map((c) => ({
      id: c.id,
      sportId: c.sport_id,
      countryId: c.country_id,
      name: c.name,
      tier: c.tier,
    })),
    marketGroups: groups.rows.map((g) => ({ id: g.id, nameKey: g.name_key, order: g.ord })),
    games: games.rows.map((g) => {
      const game: FeedGame = {
        id: Number(g.id),
        sportId: g.sport_id,
        champId: g.champ_id,
        home: { id: Number(g.home_id), name: g.home_name },
        away: { id: Number(g.away_id), name: g.away_name },
        startsAt: g.starts_at.getTime(),
        status: g.status,
      };
      if (g.live) game.live = g.live;
      return game;
    }),
    markets: marketsByGame,
  };
}
