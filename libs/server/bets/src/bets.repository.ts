import type { Queryable } from '@tessera/server/db';
import type { BetKind, SelectionResult } from './bet-maths';
import type { BetStatus } from '@tessera/shared/contract-api';

/** A bet row as stored (amounts in minor units). */
export interface BetRow {
  id: string;
  betGuid: string;
  lineNo: number;
  ledgerGuid: string;
  brandId: string;
  userId: string;
  currency: string;
  kind: BetKind;
  vid: number;
  systemK: number | null;
  status: BetStatus;
  holdReason: 'autoBet' | 'vipApproval' | 'liveDelay' | 'advance' | null;
  stake: number;
  stakeTax: number;
  originalStake: number;
  coef: number;
  boostPercent: number;
  autoBetCf: number | null;
  potentialWin: number;
  payout: number | null;
  payoutTax: number | null;
  soldAmount: number;
  requestHash: string;
  details: Record<string, unknown>;
  createdAt: Date;
  settledAt: Date | null;
}

/** A selection row. */
export interface SelectionRow {
  betId: string;
  ord: number;
  gameId: number;
  marketId: string;
  outcomeId: string;
  coef: number;
  home: string;
  away: string;
  result: SelectionResult | null;
  /** What the selection was called on the line when it was placed; null when the line did not say (migration 0404). */
  name: SelectionName | null;
}

/** A selection's market and outcome as the line named them: the history shows them in the bettor's language. */
export interface SelectionName {
  marketType: string;
  marketLine: number | null;
  outcomeCode: string;
  outcomeNameKey: string;
}

/** The selection's name columns for an insert (bet_place's p_selections or insertSelections). */
export function selectionNameColumns(name: SelectionName | null): {
  market_type: string | null;
  market_line: number | null;
  outcome_code: string | null;
  outcome_name_key: string | null;
} {
  return {
    market_type: name?.marketType ?? null,
    market_line: name?.marketLine ?? null,
    outcome_code: name?.outcomeCode ?? null,
    outcome_name_key: name?.outcomeNameKey ?? null,
  };
}

/** What a new bet is inserted with. */
export type NewBet = Omit<BetRow, 'payout' | 'payoutTax' | 'soldAmount' | 'settledAt'>;

const betColumns = `id, bet_guid, line_no, ledger_guid, brand_id, user_id, currency, kind, vid, system_k, status, hold_reason,
  stake, stake_tax, original_stake, coef, boost_percent, auto_bet_cf, potential_win, payout, payout_tax, sold_amount,
  request_hash, details, created_at, settled_at`;

type Raw = Record<string, unknown>;

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toBet(r: Raw): BetRow {
  return {
    id: r['id'] as string,
    betGuid: r['bet_guid'] as string,
    lineNo: num(r['line_no']),
    ledgerGuid: r['ledger_guid'] as string,
    brandId: r['brand_id'] as string,
    userId: r['user_id'] as string,
    currency: r['currency'] as string,
    kind: r['kind'] as BetKind,
    vid: num(r['vid']),
    systemK: numOrNull(r['system_k']),
    status: r['status'] as BetStatus,
    holdReason: (r['hold_reason'] as BetRow['holdReason']) ?? null,
    stake: num(r['stake']),
    stakeTax: num(r['stake_tax']),
    originalStake: num(r['original_stake']),
    coef: num(r['coef']),
    boostPercent: num(r['boost_percent']),
    autoBetCf: numOrNull(r['auto_bet_cf']),
    potentialWin: num(r['potential_win']),
    payout: numOrNull(r['payout']),
    payoutTax: numOrNull(r['payout_tax']),
    soldAmount: num(r['sold_amount']),
    requestHash: r['request_hash'] as string,
    details: (r['details'] as Record<string, unknown>) ?? {},
    createdAt: r['created_at'] as Date,
    settledAt: (r['settled_at'] as Date | null) ?? null,
  };
}

function toSelection(r: Raw): SelectionRow {
  return {
    betId: r['bet_id'] as string,
    ord: num(r['ord']),
    gameId: num(r['game_id']),
    marketId: r['market_id'] as string,
    outcomeId: r['outcome_id'] as string,
    coef: num(r['coef']),
    home: r['home'] as string,
    away: r['away'] as string,
    result: (r['result'] as SelectionResult | null) ?? null,
    name:
      typeof r['market_type'] === 'string' &&
      typeof r['outcome_code'] === 'string' &&
      typeof r['outcome_name_key'] === 'string'
        ? {
            marketType: r['market_type'],
            marketLine: r['market_line'] === null || r['market_line'] === undefined ? null : num(r['market_line']),
            outcomeCode: r['outcome_code'],
            outcomeNameKey: r['outcome_name_key'],
          }
        : null,
  };
}

/**
 * Inserts a placement's bets; a placement already stored under the guid inserts nothing (the caller replays it).
 * Under concurrency the unique (bet_guid, line_no) makes the second insert wait for the first transaction.
 */
export async function insertBets(db: Queryable, bets: readonly NewBet[]): Promise<number> {
  const params: unknown[] = [];
  const rows = bets.map((b) => {
    const values = [
      b.id,
      b.betGuid,
      b.lineNo,
      b.ledgerGuid,
      b.brandId,
      b.userId,
      b.currency,
      b.kind,
      b.vid,
      b.systemK,
      b.status,
      b.holdReason,
      b.stake,
      b.stakeTax,
      b.originalStake,
      b.coef,
      b.boostPercent,
      b.autoBetCf,
      b.potentialWin,
      b.requestHash,
      JSON.stringify(b.details),
      b.createdAt,
    ];
    const start = params.length;
    params.push(...values);
    return `(${values.map((_, i) => `$${start + i + 1}`).join(', ')})`;
  });
  const result = await db.query(
    `insert into bets (id, bet_guid, line_no, ledger_guid, brand_id, user_id, currency, kind, vid, system_k, status, hold_reason,
       stake, stake_tax, original_stake, coef, boost_percent, auto_bet_cf, potential_win, request_hash, details, created_at)
     values ${rows.join(', ')}
     on conflict do nothing
     returning id`,
    params,
  );
  return result.rows.length;
}

/** Inserts the selections of new bets in one statement. */
export async function insertSelections(db: Queryable, selections: readonly SelectionRow[]): Promise<void> {
  if (selections.length === 0) return;
  const params: unknown[] = [];
  const rows = selections.map((s) => {
    const n = selectionNameColumns(s.name);
    const values = [
      s.betId,
      s.ord,
      s.gameId,
      s.marketId,
      s.outcomeId,
      s.coef,
      s.home,
      s.away,
      n.market_type,
      n.market_line,
      n.outcome_code,
      n.outcome_name_key,
    ];
    const start = params.length;
    params.push(...values);
    return `(${values.map((_, i) => `$${start + i + 1}`).join(', ')})`;
  });
  await db.query(
    `insert into bet_selections (bet_id, ord, game_id, market_id, outcome_id, coef, home, away, market_type, market_line, outcome_code, outcome_name_key)
     values ${rows.join(', ')}`,
    params,
  );
}

/** The bets of a placement, by line. */
export async function findBetsByGuid(db: Queryable, betGuid: string): Promise<BetRow[]> {
  const result = await db.query(`select ${betColumns} from bets where bet_guid = $1 order by line_no`, [betGuid]);
  return result.rows.map((r) => toBet(r as Raw));
}

/** One bet, locked for update when `lock` (inside a transaction). */
export async function findBet(db: Queryable, id: string, lock = false): Promise<BetRow | undefined> {
  const result = await db.query(`select ${betColumns} from bets where id = $1${lock ? ' for update' : ''}`, [id]);
  const row = result.rows[0];
  return row ? toBet(row as Raw) : undefined;
}

/** The selections of bets, in order. */
export async function findSelections(db: Queryable, betIds: readonly string[]): Promise<SelectionRow[]> {
  if (betIds.length === 0) return [];
  const result = await db.query(
    `select bet_id, ord, game_id, market_id, outcome_id, coef, home, away, result, market_type, market_line, outcome_code, outcome_name_key
       from bet_selections where bet_id = any($1::text[]) order by bet_id, ord`,
    [betIds],
  );
  return result.rows.map((r) => toSelection(r as Raw));
}

/** Records the results of a game's open selections; answers the bets touched. */
export async function recordResults(
  db: Queryable,
  gameId: number,
  results: ReadonlyMap<string, SelectionResult>,
  fallback: SelectionResult,
): Promise<string[]> {
  const open = await db.query(
    `select bet_id, ord, outcome_id from bet_selections where game_id = $1 and result is null`,
    [gameId],
  );
  if (open.rows.length === 0) return [];
  const betIds: string[] = [];
  const ords: number[] = [];
  const words: string[] = [];
  for (const row of open.rows as Raw[]) {
    betIds.push(row['bet_id'] as string);
    ords.push(num(row['ord']));
    words.push(results.get(row['outcome_id'] as string) ?? fallback);
  }
  await db.query(
    `update bet_selections s set result = u.result
       from unnest($1::text[], $2::int[], $3::text[]) as u(bet_id, ord, result)
      where s.bet_id = u.bet_id and s.ord = u.ord and s.result is null`,
    [betIds, ords, words],
  );
  return [...new Set(betIds)];
}

/** Marks a bet settled (only from accepted); false when another settlement or a sale came first. */
export async function markSettled(
  db: Queryable,
  id: string,
  update: { status: BetStatus; payout: number; payoutTax: number; at: Date },
): Promise<boolean> {
  const result = await db.query(
    `update bets set status = $2, payout = $3, payout_tax = $4, settled_at = $5 where id = $1 and status in ('accepted', 'waiting') returning id`,
    [id, update.status, update.payout, update.payoutTax, update.at],
  );
  return result.rows.length === 1;
}

/** A page of a user's bets, newest first. */
export async function listBets(
  db: Queryable,
  query: {
    userId: string;
    brandId: string;
    from: Date;
    to: Date;
    statuses?: readonly BetStatus[];
    limit: number;
    offset: number;
  },
): Promise<{ rows: BetRow[]; total: number }> {
  const filters = ['user_id = $1', 'brand_id = $2', 'created_at >= $3', 'created_at <= $4'];
  const params: unknown[] = [query.userId, query.brandId, query.from, query.to];
  if (query.statuses && query.statuses.length > 0) {
    params.push([...query.statuses]);
    filters.push(`status = any($${params.length}::text[])`);
  }
  const where = filters.join(' and ');
  const count = await db.query(`select count(*)::int as n from bets where ${where}`, params);
  params.push(query.limit, query.offset);
  const rows = await db.query(
    `select ${betColumns} from bets where ${where} order by created_at desc, id desc limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows: rows.rows.map((r) => toBet(r as Raw)), total: num((count.rows[0] as Raw)['n']) };
}

/** Game ids with open selections whose result the feed has stored (the start-up sweep). */
export async function gamesWithStoredResults(
  db: Queryable,
): Promise<Array<{ gameId: number; status: 'finished' | 'cancelled'; outcomes: Record<string, SelectionResult> }>> {
  const result = await db.query(
    `select r.game_id, r.status, r.outcomes from feed_results r
      where exists (select 1 from bet_selections s where s.game_id = r.game_id and s.result is null)`,
  );
  return (result.rows as Raw[]).map((r) => ({
    gameId: num(r['game_id']),
    status: r['status'] as 'finished' | 'cancelled',
    outcomes: r['outcomes'] as Record<string, SelectionResult>,
  }));
}

/** Bets held until their coefficient (auto-bets) on the given outcomes. */
export async function waitingAutoBets(
  db: Queryable,
): Promise<Array<{ betId: string; outcomeId: string; gameId: number; cf: number }>> {
  const result = await db.query(
    `select b.id, s.outcome_id, s.game_id, b.auto_bet_cf from bets b join bet_selections s on s.bet_id = b.id
      where b.status = 'waiting' and b.hold_reason = 'autoBet'`,
  );
  return (result.rows as Raw[]).map((r) => ({
    betId: r['id'] as string,
    outcomeId: r['outcome_id'] as string,
    gameId: num(r['game_id']),
    cf: num(r['auto_bet_cf']),
  }));
}
