import type { Queryable } from '@tessera/server/db';

/** A seed pair as stored. */
export interface SeedRow {
  id: string;
  userId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
  createdAt: Date;
  revealedAt: Date | null;
}

/** A round as stored. */
export interface RoundRow {
  id: string;
  userId: string;
  brandId: string;
  currency: string;
  gameId: string;
  seedId: string;
  nonce: number;
  bet: Record<string, unknown>;
  actions: string[];
  stake: number;
  win: number | null;
  status: 'open' | 'settled';
  outcome: unknown;
  createdAt: Date;
  settledAt: Date | null;
}

const seedColumns = 'id, user_id, server_seed, server_seed_hash, client_seed, next_nonce, created_at, revealed_at';

function toSeed(r: Record<string, unknown>): SeedRow {
  return {
    id: String(r['id']),
    userId: String(r['user_id']),
    serverSeed: String(r['server_seed']),
    serverSeedHash: String(r['server_seed_hash']),
    clientSeed: String(r['client_seed']),
    nextNonce: Number(r['next_nonce']),
    createdAt: new Date(r['created_at'] as string),
    revealedAt: r['revealed_at'] ? new Date(r['revealed_at'] as string) : null,
  };
}

const roundColumns =
  'id, user_id, brand_id, currency, game_id, seed_id, nonce, bet, actions, stake, win, status, outcome, created_at, settled_at';

function toRound(r: Record<string, unknown>): RoundRow {
  return {
    id: String(r['id']),
    userId: String(r['user_id']),
    brandId: String(r['brand_id']),
    currency: String(r['currency']),
    gameId: String(r['game_id']),
    seedId: String(r['seed_id']),
    nonce: Number(r['nonce']),
    bet: r['bet'] as Record<string, unknown>,
    actions: r['actions'] as string[],
    stake: Number(r['stake']),
    win: r['win'] === null || r['win'] === undefined ? null : Number(r['win']),
    status: r['status'] as RoundRow['status'],
    outcome: r['outcome'],
    createdAt: new Date(r['created_at'] as string),
    settledAt: r['settled_at'] ? new Date(r['settled_at'] as string) : null,
  };
}

/** The player's active seed pair, locked until the transaction ends (every round and rotation of a player queues here). */
export async function lockActiveSeed(tx: Queryable, userId: string): Promise<SeedRow | undefined> {
  const { rows } = await tx.query(
    `select ${seedColumns} from casino_seeds where user_id = $1 and revealed_at is null for update`,
    [userId],
  );
  return rows[0] ? toSeed(rows[0]) : undefined;
}

/** The player's active seed pair, unlocked. */
export async function findActiveSeed(db: Queryable, userId: string): Promise<SeedRow | undefined> {
  const { rows } = await db.query(
    `select ${seedColumns} from casino_seeds where user_id = $1 and revealed_at is null`,
    [userId],
  );
  return rows[0] ? toSeed(rows[0]) : undefined;
}

/** A seed pair by id. */
export async function findSeed(db: Queryable, id: string): Promise<SeedRow | undefined> {
  const { rows } = await db.query(`select ${seedColumns} from casino_seeds where id = $1`, [id]);
  return rows[0] ? toSeed(rows[0]) : undefined;
}

/** Stores a new active pair; undefined when another transaction opened one first (the unique index). */
export async function insertSeed(
  tx: Queryable,
  seed: { userId: string; serverSeed: string; serverSeedHash: string; clientSeed: string; at: Date },
): Promise<SeedRow | undefined> {
  const { rows } = await tx.query(
    `insert into casino_seeds (user_id, server_seed, server_seed_hash, client_seed, created_at)
     values ($1, $2, $3, $4, $5)
     on conflict (user_id) where revealed_at is null do nothing
     returning ${seedColumns}`,
    [seed.userId, seed.serverSeed, seed.serverSeedHash, seed.clientSeed, seed.at],
  );
  return rows[0] ? toSeed(rows[0]) : undefined;
}

/** Marks a pair revealed. */
export async function revealSeed(tx: Queryable, id: string, at: Date): Promise<void> {
  await tx.query('update casino_seeds set revealed_at = $2 where id = $1 and revealed_at is null', [id, at]);
}

/** Moves a pair's nonce on after a round took it. */
export async function advanceNonce(tx: Queryable, id: string, next: number): Promise<void> {
  await tx.query('update casino_seeds set next_nonce = $2 where id = $1', [id, next]);
}

/** Revealed pairs of a player, newest first. */
export async function listRevealedSeeds(db: Queryable, userId: string, limit: number): Promise<SeedRow[]> {
  const { rows } = await db.query(
    `select ${seedColumns} from casino_seeds where user_id = $1 and revealed_at is not null order by id desc limit $2`,
    [userId, limit],
  );
  return rows.map(toSeed);
}

/** A round by id (any player's: the caller checks the owner). */
export async function findRound(db: Queryable, id: string, lock = false): Promise<RoundRow | undefined> {
  const { rows } = await db.query(
    `select ${roundColumns} from casino_rounds where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ? toRound(rows[0]) : undefined;
}

/** Whether the player has a round still open on a seed pair. */
export async function hasOpenRound(db: Queryable, userId: string, seedId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from casino_rounds where user_id = $1 and status = 'open' and seed_id = $2 limit 1`,
    [userId, seedId],
  );
  return rows.length > 0;
}

/** The player's open rounds, oldest first (what a reloaded page resumes). */
export async function listOpenRounds(db: Queryable, userId: string): Promise<RoundRow[]> {
  const { rows } = await db.query(
    `select ${roundColumns} from casino_rounds where user_id = $1 and status = 'open' order by created_at, id`,
    [userId],
  );
  return rows.map(toRound);
}

/** Stores a new round. */
/**
 * Stores a new round; `usage`: the calendar periods its stakes count in against the player's wager and loss limits
 * (the stake gates' answer), whose running usage the row then keeps up to date (migration 1050).
 */
export async function insertRound(
  tx: Queryable,
  round: RoundRow,
  usage?: { day: Date; week: Date; month: Date },
): Promise<void> {
  await tx.query(
    `insert into casino_rounds (${roundColumns}, usage_day, usage_week, usage_month)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12, $13::jsonb, $14, $15, $16, $17, $18)`,
    [
      round.id,
      round.userId,
      round.brandId,
      round.currency,
      round.gameId,
      round.seedId,
      round.nonce,
      JSON.stringify(round.bet),
      JSON.stringify(round.actions),
      round.stake,
      round.win,
      round.status,
      round.outcome === undefined ? null : JSON.stringify(round.outcome),
      round.createdAt,
      round.settledAt,
      usage?.day ?? null,
      usage?.week ?? null,
      usage?.month ?? null,
    ],
  );
}

/** Writes a round's decisions, stake and, once settled, its win and outcome. */
export async function updateRound(
  tx: Queryable,
  round: Pick<RoundRow, 'id' | 'actions' | 'stake' | 'win' | 'status' | 'outcome' | 'settledAt'>,
): Promise<void> {
  await tx.query(
    `update casino_rounds set actions = $2::jsonb, stake = $3, win = $4, status = $5, outcome = $6::jsonb, settled_at = $7
     where id = $1`,
    [
      round.id,
      JSON.stringify(round.actions),
      round.stake,
      round.win,
      round.status,
      round.outcome === undefined ? null : JSON.stringify(round.outcome),
      round.settledAt,
    ],
  );
}

/** A player's rounds newest first, keyset-paged by creation time and id. */
export async function listRounds(
  db: Queryable,
  userId: string,
  options: { limit: number; before?: { createdAt: Date; id: string } },
): Promise<RoundRow[]> {
  const params: unknown[] = [userId, options.limit];
  let where = 'user_id = $1';
  if (options.before) {
    params.push(options.before.createdAt, options.before.id);
    where += ' and (created_at, id) < ($3, $4)';
  }
  const { rows } = await db.query(
    `select ${roundColumns} from casino_rounds where ${where} order by created_at desc, id desc limit $2`,
    params,
  );
  return rows.map(toRound);
}
