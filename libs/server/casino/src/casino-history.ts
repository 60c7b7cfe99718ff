import { invalidField } from '@tessera/server/api-errors';
import type { Queryable } from '@tessera/server/db';
import type { CasinoHistoryResponse, CasinoHistoryRound } from '@tessera/shared/contract-api';
import { IN_HOUSE_PROVIDER } from './catalogue';
import type { ExternalProviderConfig } from './external-provider';

/**
 * Where a page of the history starts: after the round with this key. Rounds are ordered newest first by start time,
 * then in-house before external at the same instant, then by id (an external round's id is `<provider>:<round id>`).
 */
interface HistoryCursor {
  /** Start time, ISO 8601. */
  t: string;
  /** 'i' in-house, 'e' external. */
  s: 'i' | 'e';
  id: string;
}

/** The `next` of a page: the last round's key, base64url (the request's `cursor` pattern). */
export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/** The key a `cursor` names; a cursor that is not one of ours is the caller's mistake (400). */
export function decodeHistoryCursor(text: string): HistoryCursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<HistoryCursor>;
    if (
      typeof c.t === 'string' &&
      !Number.isNaN(Date.parse(c.t)) &&
      (c.s === 'i' || c.s === 'e') &&
      typeof c.id === 'string' &&
      c.id.length <= 200
    )
      return { t: new Date(c.t).toISOString(), s: c.s, id: c.id };
  } catch {
    // answered below
  }
  throw invalidField('cursor', 'the cursor is the `next` of an earlier page of this history');
}

interface Keyed {
  key: HistoryCursor;
  round: CasinoHistoryRound;
}

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** Newest first; at the same instant in-house before external; then the id descending (byte order, as `collate "C"`). */
function compareKeys(a: HistoryCursor, b: HistoryCursor): number {
  if (a.t !== b.t) return a.t < b.t ? 1 : -1;
  if (a.s !== b.s) return a.s === 'i' ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

async function inHouseAfter(db: Queryable, userId: string, limit: number, after?: HistoryCursor): Promise<Keyed[]> {
  const params: unknown[] = [userId, limit];
  let where = 'user_id = $1';
  if (after) {
    params.push(after.t);
    if (after.s === 'i') {
      params.push(after.id);
      where += ' and (created_at < $3 or (created_at = $3 and id collate "C" < $4))';
    } else where += ' and created_at < $3';
  }
  const { rows } = await db.query<{
    id: string;
    game_id: string;
    currency: string;
    stake: string;
    win: string | null;
    status: string;
    created_at: string | Date;
  }>(
    `select id, game_id, currency, stake::text as stake, win::text as win, status, created_at from casino_rounds
     where ${where} order by created_at desc, id collate "C" desc limit $2`,
    params,
  );
  return rows.map((r) => {
    const t = iso(r.created_at);
    return {
      key: { t, s: 'i', id: r.id },
      round: {
        source: 'in-house',
        roundId: r.id,
        gameId: r.game_id,
        provider: { ...IN_HOUSE_PROVIDER },
        status: r.status === 'open' ? 'open' : 'settled',
        stake: Number(r.stake),
        win: r.win === null || r.status === 'open' ? null : Number(r.win),
        currency: r.currency,
        createdAt: t,
        rolledBack: false,
        transactions: [],
      },
    };
  });
}

async function externalAfter(
  db: Queryable,
  userId: string,
  limit: number,
  providers: readonly ExternalProviderConfig[],
  after?: HistoryCursor,
): Promise<Keyed[]> {
  const params: unknown[] = [userId, limit];
  const key = `(provider || ':' || round_id) collate "C"`;
  let where = 'user_id = $1';
  if (after) {
    params.push(after.t);
    if (after.s === 'e') {
      params.push(after.id);
      where += ` and (created_at < $3 or (created_at = $3 and ${key} < $4))`;
    } else where += ' and created_at <= $3';
  }
  const { rows } = await db.query<{
    provider: string;
    round_id: string;
    game_id: string;
    currency: string;
    stake: string;
    win: string;
    status: 'open' | 'closed';
    created_at: string | Date;
  }>(
    `select provider, round_id, game_id, currency, stake::text as stake, win::text as win, status, created_at
     from casino_external_rounds where ${where} order by created_at desc, ${key} desc limit $2`,
    params,
  );
  if (rows.length === 0) return [];
  // The page's transactions in one read: every bet, win and rollback of its rounds (a tombstone moved nothing).
  const pairs = rows.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ');
  const { rows: txs } = await db.query<{
    provider: string;
    round_id: string;
    transaction_id: string;
    kind: 'bet' | 'win' | 'rollback';
    amount: string;
    status: 'done' | 'rolled_back';
    reference_id: string | null;
    created_at: string | Date;
  }>(
    `select provider, round_id, transaction_id, kind, amount::text as amount, status, reference_id, created_at
     from casino_external_transactions
     where (provider, round_id) in (${pairs}) and status <> 'tombstone'
     order by created_at, transaction_id collate "C"`,
    rows.flatMap((r) => [r.provider, r.round_id]),
  );
  const bySlug = new Map(providers.map((p) => [p.slug, p]));
  return rows.map((r) => {
    const t = iso(r.created_at);
    const provider = bySlug.get(r.provider);
    const transactions = txs
      .filter((x) => x.provider === r.provider && x.round_id === r.round_id)
      .map((x) => ({
        transactionId: x.transaction_id,
        platformTransactionId: `${x.provider}:${x.transaction_id}`,
        kind: x.kind,
        amount: Number(x.amount),
        status: x.status === 'rolled_back' ? ('rolled-back' as const) : ('done' as const),
        ...(x.reference_id ? { referenceTransactionId: x.reference_id } : {}),
        createdAt: iso(x.created_at),
      }));
    const rolledBack = transactions.some((x) => x.kind === 'bet' && x.status === 'rolled-back');
    const stake = Number(r.stake);
    const win = Number(r.win);
    const gameName = provider?.games.find((g) => g.id === r.game_id)?.name;
    return {
      key: { t, s: 'e', id: `${r.provider}:${r.round_id}` },
      round: {
        source: 'external',
        roundId: r.round_id,
        gameId: r.game_id,
        ...(gameName ? { gameName } : {}),
        // A provider no longer connected is still named by its slug: its rounds stay in the player's history.
        provider: provider
          ? { id: provider.id, slug: provider.slug, name: provider.name }
          : { id: 0, slug: r.provider, name: r.provider },
        status: rolledBack && stake === 0 && win === 0 ? 'rolled-back' : r.status === 'closed' ? 'settled' : 'open',
        stake,
        win,
        currency: r.currency,
        createdAt: t,
        rolledBack,
        transactions,
      },
    };
  });
}

/**
 * A page of the player's casino history (README "Casino history"): in-house rounds and external providers' rounds
 * together, newest first, `limit` at most 100, after `cursor` (the previous page's `next`). Each source is read a
 * page deep after the cursor and the two are merged, so paging never skips or repeats a round of either.
 */
export async function casinoHistoryPage(
  db: Queryable,
  userId: string,
  providers: readonly ExternalProviderConfig[],
  options: { limit?: number; cursor?: string },
): Promise<CasinoHistoryResponse> {
  const limit = Math.min(100, Math.max(1, options.limit ?? 20));
  const after = options.cursor ? decodeHistoryCursor(options.cursor) : undefined;
  const [own, external] = await Promise.all([
    inHouseAfter(db, userId, limit + 1, after),
    externalAfter(db, userId, limit + 1, providers, after),
  ]);
  const merged = [...own, ...external].sort((a, b) => compareKeys(a.key, b.key));
  const page = merged.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rounds: page.map((k) => k.round),
    next: merged.length > limit && last ? encodeHistoryCursor(last.key) : null,
  };
}
