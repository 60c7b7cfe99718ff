import { randomUUID } from 'node:crypto';
import type { Queryable } from '@tessera/server/db';
import type { LimitPeriod } from './periods';

/** A limit kind a player sets. */
export type LimitKind = 'deposit' | 'loss' | 'wager' | 'session';

/** A stored limit: the amount in force and a pending raise or removal. Money in minor units, a session in minutes. */
export interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod | 'session';
  currency: string;
  amount: number | null;
  pendingAmount: number | null;
  /** When the pending change takes effect; null: nothing pending. */
  pendingAt: Date | null;
}

/** A lock kind: time-out, self-exclusion or panic button. */
export type BlockKind = 'timeout' | 'self_exclusion' | 'panic';

/** A stored lock; `endsAt` null is permanent. */
export interface BlockRow {
  id: string;
  kind: BlockKind;
  startsAt: Date;
  endsAt: Date | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

/** What the stake gate keeps of an account: its limits, the locks not ended, its brand and registration country. */
export interface ProfileRows {
  limits: LimitRow[];
  blocks: BlockRow[];
  /** The brand and country (verified when verification replaced it); null when the account is gone. */
  site: { brandId: string; country: string } | null;
}

/**
 * The account's limits, the locks that have not ended by `now`, and its brand and country: a profile, in one round
 * trip (a profile is read on a bettor's first stake and refreshed in the background after; README, "Cost on bet
 * placement").
 */
export async function loadProfile(db: Queryable, userId: string, now: Date): Promise<ProfileRows> {
  const res = await db.query<Record<string, unknown>>(
    `select 'limit' as row_type, kind, period, currency, amount, pending_amount, pending_at,
            null::uuid as id, null::timestamptz as starts_at, null::timestamptz as ends_at
       from responsible_limits where user_id = $1
     union all
     select 'block', kind, null, null, null, null, null, id, starts_at, ends_at
       from responsible_blocks where user_id = $1 and (ends_at is null or ends_at > $2)
     union all
     select 'site', brand_id, country, null, null, null, null, null, null, null
       from accounts_users where id = $1::bigint`,
    [userId, now],
  );
  const limits: LimitRow[] = [];
  const blocks: BlockRow[] = [];
  let site: ProfileRows['site'] = null;
  for (const r of res.rows) {
    if (r['row_type'] === 'limit')
      limits.push({
        kind: r['kind'] as LimitKind,
        period: r['period'] as LimitRow['period'],
        currency: String(r['currency']),
        amount: num(r['amount']),
        pendingAmount: num(r['pending_amount']),
        pendingAt: date(r['pending_at']),
      });
    else if (r['row_type'] === 'block')
      blocks.push({
        id: String(r['id']),
        kind: r['kind'] as BlockKind,
        startsAt: date(r['starts_at']) as Date,
        endsAt: date(r['ends_at']),
      });
    else site = { brandId: String(r['kind']), country: String(r['period']) };
  }
  return { limits, blocks, site };
}

/** Writes a limit row as given (the service decides what is in force and what waits). */
export async function saveLimit(db: Queryable, userId: string, row: LimitRow, now: Date): Promise<void> {
  if (row.amount === null && row.pendingAt === null) {
    await db.query(`delete from responsible_limits where user_id = $1 and kind = $2 and period = $3`, [
      userId,
      row.kind,
      row.period,
    ]);
    return;
  }
  await db.query(
    `insert into responsible_limits (user_id, kind, period, currency, amount, pending_amount, pending_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (user_id, kind, period) do update set currency = excluded.currency, amount = excluded.amount,
       pending_amount = excluded.pending_amount, pending_at = excluded.pending_at, updated_at = excluded.updated_at`,
    [userId, row.kind, row.period, row.currency, row.amount, row.pendingAmount, row.pendingAt, now],
  );
}

/** Stores a lock. */
export async function insertBlock(
  db: Queryable,
  block: { userId: string; brandId: string; kind: BlockKind; startsAt: Date; endsAt: Date | null },
): Promise<BlockRow> {
  const id = randomUUID();
  await db.query(
    `insert into responsible_blocks (id, user_id, brand_id, kind, starts_at, ends_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $5)`,
    [id, block.userId, block.brandId, block.kind, block.startsAt, block.endsAt],
  );
  return { id, kind: block.kind, startsAt: block.startsAt, endsAt: block.endsAt };
}

/** Wager and net loss of a calendar period, minor units. */
export interface PeriodUsage {
  wager: number;
  loss: number;
}

/** A bet's or casino round's net loss: its stake less what came back (a sold bet's payout is its sales). */
const BET_LOSS = `original_stake - case when status = 'sold' then sold_amount else coalesce(payout, 0) + sold_amount end`;

/**
 * What the account staked and lost in the periods that start at `starts` (the overview's read; placement checks the
 * same counters in its own transaction, ADR 0295): the running usage row (migration 0620) where it is at these
 * periods; without a row (no stake since migration 0620), the bets' and casino rounds' sum, as the row would start.
 */
export async function stakeUsage(
  db: Queryable,
  userId: string,
  starts: Record<LimitPeriod, Date>,
): Promise<Record<LimitPeriod, PeriodUsage>> {
  const res = await db.query<Record<string, unknown>>(`select * from responsible_usage where user_id = $1`, [userId]);
  const row = res.rows[0];
  if (!row) return summedUsage(db, userId, starts);
  const pick = (period: LimitPeriod): PeriodUsage =>
    date(row[`${period}_start`])?.getTime() === starts[period].getTime()
      ? { wager: Number(row[`${period}_wager`] ?? 0), loss: Number(row[`${period}_loss`] ?? 0) }
      : { wager: 0, loss: 0 };
  return { day: pick('day'), week: pick('week'), month: pick('month') };
}

/** What the account staked and lost since `since` (a play session's reality check): bets and casino rounds, summed. */
export async function usageSince(db: Queryable, userId: string, since: Date): Promise<PeriodUsage> {
  return (await summedUsage(db, userId, { day: since, week: since, month: since })).day;
}

/** Stakes and net loss of the account's bets (rejected ones excluded) and casino rounds since each start, summed. */
async function summedUsage(
  db: Queryable,
  userId: string,
  starts: Record<LimitPeriod, Date>,
): Promise<Record<LimitPeriod, PeriodUsage>> {
  const from = [starts.day, starts.week, starts.month].reduce((a, b) => (a < b ? a : b));
  const res = await db.query<Record<string, unknown>>(
    `select
       coalesce(sum(wager) filter (where created_at >= $2), 0) as day_wager,
       coalesce(sum(loss) filter (where created_at >= $2), 0) as day_loss,
       coalesce(sum(wager) filter (where created_at >= $3), 0) as week_wager,
       coalesce(sum(loss) filter (where created_at >= $3), 0) as week_loss,
       coalesce(sum(wager) filter (where created_at >= $4), 0) as month_wager,
       coalesce(sum(loss) filter (where created_at >= $4), 0) as month_loss
     from (
       select created_at, original_stake as wager, ${BET_LOSS} as loss
         from bets where user_id = $1 and created_at >= $5 and status <> 'rejected'
       union all
       select created_at, stake, stake - coalesce(win, 0) from casino_rounds where user_id = $1 and created_at >= $5
     ) c`,
    [userId, starts.day, starts.week, starts.month, from],
  );
  const r = res.rows[0] ?? {};
  const pick = (p: string) => ({ wager: Number(r[`${p}_wager`] ?? 0), loss: Number(r[`${p}_loss`] ?? 0) });
  return { day: pick('day'), week: pick('week'), month: pick('month') };
}

/** Deposits credited to the account's main wallet in the currency since each start (ledger kind `deposit`). */
export async function depositUsage(
  db: Queryable,
  userId: string,
  currency: string,
  starts: { day: Date; week: Date; month: Date },
): Promise<Record<LimitPeriod, number>> {
  const res = await db.query<Record<string, unknown>>(
    `select
       coalesce(sum(p.amount) filter (where p.created_at >= $3), 0) as day,
       coalesce(sum(p.amount) filter (where p.created_at >= $4), 0) as week,
       coalesce(sum(p.amount) filter (where p.created_at >= $5), 0) as month
     from ledger_accounts a
     join ledger_postings p on p.account_id = a.id
     join ledger_transactions t on t.id = p.transaction_id
     where a.owner_kind = 'user' and a.owner_id = $1 and a.currency = $2 and a.purpose = 'main'
       and t.kind = 'deposit' and p.amount > 0 and p.created_at >= $6`,
    [userId, currency, starts.day, starts.week, starts.month, starts.week < starts.month ? starts.week : starts.month],
  );
  const r = res.rows[0] ?? {};
  return { day: Number(r['day'] ?? 0), week: Number(r['week'] ?? 0), month: Number(r['month'] ?? 0) };
}

/** A deposit let through and perhaps still under way at the payment provider. */
export interface DepositHold {
  reference: string;
  amount: number;
  createdAt: Date;
}

/** Records a deposit let through; the same reference again changes nothing. */
export async function insertDepositHold(
  db: Queryable,
  hold: { reference: string; userId: string; currency: string; amount: number; createdAt: Date },
): Promise<void> {
  await db.query(
    `insert into responsible_deposit_holds (reference, user_id, currency, amount, created_at)
     values ($1, $2, $3, $4, $5) on conflict (reference) do nothing`,
    [hold.reference, hold.userId, hold.currency, hold.amount, hold.createdAt],
  );
}

/** The account's holds in a currency since `from`. */
export async function depositHolds(
  db: Queryable,
  userId: string,
  currency: string,
  from: Date,
): Promise<DepositHold[]> {
  const res = await db.query<{ reference: string; amount: unknown; created_at: unknown }>(
    `select reference, amount, created_at from responsible_deposit_holds
      where user_id = $1 and currency = $2 and created_at >= $3`,
    [userId, currency, from],
  );
  return res.rows.map((r) => ({
    reference: r.reference,
    amount: Number(r.amount),
    createdAt: date(r.created_at) as Date,
  }));
}

/**
 * Forgets an account's holds that are no longer in flight (credited, declined, expired or never started) and those
 * older than `before`, which no period counts any more.
 */
export async function deleteDepositHolds(
  db: Queryable,
  userId: string,
  references: readonly string[],
  before: Date,
): Promise<void> {
  await db.query(
    `delete from responsible_deposit_holds where user_id = $1 and (reference = any($2::text[]) or created_at < $3)`,
    [userId, references, before],
  );
}

/** When the account's oldest live session began (the session-time limit counts from there), or null. */
export async function sessionStart(db: Queryable, userId: string, now: Date): Promise<Date | null> {
  const res = await db.query<{ started: unknown }>(
    `select min(created_at) as started from accounts_sessions
      where user_id = $1::bigint and revoked_at is null and expires_at > $2`,
    [userId, now],
  );
  return date(res.rows[0]?.started);
}

/**
 * Locks the player's running usage row (migration 0620), if there is one, for a transaction that changes what a bet or
 * round contributes without taking a new stake (a stand that settles a blackjack hand, a console void or resettle): its
 * triggers update the row after the ledger's balance rows are locked, so the row must be held first, the lock order of
 * every stake (ADR 0295). Without it such a change and a stake of the same player at the same moment can deadlock.
 */
export async function lockStakeUsage(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select 1 from responsible_usage where user_id = $1 for update`, [userId]);
}
