import { randomUUID } from 'node:crypto';
import { revokeSessions } from '@tessera/server/accounts';
import type { Queryable } from '@tessera/server/db';
import { listDecisions, listDocuments, statusOf } from '@tessera/server/verification';
import { paymentsHistory } from '@tessera/server/wallet';
import type {
  BackofficeDocument,
  BackofficePlayer,
  BackofficePlayerActionResponse,
  BackofficePlayerResponse,
  BackofficePlayersResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { type Actor, audit, auditIn, type BackofficeContext, notFound, scopeParam } from './context';

export interface PlayerRow {
  id: string;
  brand_id: string;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  country: string;
  currency: string;
  status: 'active' | 'blocked';
  birth_date: string | null;
  two_factor_enabled_at: Date | null;
  created_at: Date;
}

const playerColumns = `u.id::text as id, u.brand_id, u.email, u.phone, u.first_name, u.last_name, u.country, u.currency,
  u.status, to_char(u.birth_date, 'YYYY-MM-DD') as birth_date, u.two_factor_enabled_at, u.created_at`;

function toPlayer(row: PlayerRow): BackofficePlayer {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    brandId: row.brand_id,
    email: row.email,
    phone: row.phone,
    name: name || null,
    country: row.country,
    currency: row.currency,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** A document's metadata as the desks show it. */
export function documentView(d: {
  id: string;
  document_type: BackofficeDocument['documentType'];
  content_type: string;
  size_bytes: number;
  sha256: string;
  submission_id: string | null;
  uploaded_at: Date;
}): BackofficeDocument {
  return {
    id: d.id,
    documentType: d.document_type,
    contentType: d.content_type,
    sizeBytes: Number(d.size_bytes),
    sha256: d.sha256,
    submissionId: d.submission_id,
    uploadedAt: iso(d.uploaded_at),
  };
}

/** A player in the operator's brands (row-locked inside a transaction), or 404. */
export async function playerIn(q: Queryable, actor: Actor, id: string, lock = false): Promise<PlayerRow> {
  if (!/^\d{1,18}$/.test(id)) throw notFound('player');
  const { rows } = await q.query<PlayerRow>(
    `select ${playerColumns} from accounts_users u
      where u.id = $1 and ($2::text[] is null or u.brand_id = any($2::text[]))${lock ? ' for update' : ''}`,
    [id, scopeParam(actor.operator)],
  );
  if (!rows[0]) throw notFound('player');
  return rows[0];
}

/**
 * Players of the operator's brands matching an account id, an e-mail, a phone (its digits) or a part of the name;
 * up to 50, newest first. The search is audited (the list shows personal data).
 */
export async function searchPlayers(
  ctx: BackofficeContext,
  actor: Actor,
  q: string,
): Promise<BackofficePlayersResponse> {
  const text = q.trim().toLowerCase();
  const digits = text.replace(/[\s()+-]/g, '');
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await ctx.db.query<PlayerRow>(
    `select ${playerColumns} from accounts_users u
      where ($1::text[] is null or u.brand_id = any($1::text[]))
        and (u.id::text = $2 or lower(u.email) like $3
             or ($4::text <> '' and regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g') like '%' || $4 || '%')
             or lower(concat_ws(' ', u.first_name, u.last_name)) like $3)
      order by u.created_at desc, u.id desc limit 50`,
    [scopeParam(actor.operator), text, like, /^\d{4,}$/.test(digits) ? digits : ''],
  );
  await audit(ctx, actor, { action: 'player.search', after: { q: text, results: rows.length } });
  return { players: rows.map(toPlayer) };
}

/**
 * Everything the desks show of one player: profile, balances, recent ledger entries, bets, payments, live sessions,
 * limits and exclusions, verification, notes. A personal-data view: audited as `player.view`.
 */
export async function playerDetail(
  ctx: BackofficeContext,
  actor: Actor,
  id: string,
): Promise<BackofficePlayerResponse> {
  const row = await playerIn(ctx.db, actor, id);
  const now = ctx.clock();
  const db = ctx.db;
  const [balances, ledger, bets, payments, sessions, limits, exclusions, status, documents, decisions, notes] =
    await Promise.all([
      db.query<{ currency: string; purpose: string; balance: string }>(
        `select a.currency, a.purpose, coalesce(sum(b.balance), 0)::text as balance
           from ledger_accounts a left join ledger_balances b on b.account_id = a.id
          where a.owner_kind = 'user' and a.owner_id = $1 group by a.currency, a.purpose order by a.currency`,
        [id],
      ),
      db.query<{ transaction_id: string; kind: string; purpose: string; currency: string; amount: string; at: Date }>(
        `select t.id::text as transaction_id, t.kind, a.purpose, a.currency, p.amount::text as amount, p.created_at as at
           from ledger_accounts a join ledger_postings p on p.account_id = a.id
           join ledger_transactions t on t.id = p.transaction_id
          where a.owner_kind = 'user' and a.owner_id = $1 order by p.id desc limit 50`,
        [id],
      ),
      db.query<{
        id: string;
        kind: string;
        status: string;
        stake: string;
        currency: string;
        coef: string;
        payout: string | null;
        created_at: Date;
      }>(
        `select id, kind, status, stake::text as stake, currency, coef::text as coef, payout::text as payout, created_at
           from bets where user_id = $1 order by created_at desc, id desc limit 50`,
        [id],
      ),
      paymentsHistory(db, id, { page_size: 50, is_include_archive: true }, { now }),
      db.query<{ id: string; ip: string | null; user_agent: string | null; created_at: Date; last_seen_at: Date }>(
        `select id::text as id, ip, user_agent, created_at, last_seen_at from accounts_sessions
          where user_id = $1 and revoked_at is null and expires_at > $2 order by created_at desc`,
        [id, now],
      ),
      db.query<{
        kind: 'deposit' | 'loss' | 'wager' | 'session';
        period: 'day' | 'week' | 'month' | 'session';
        currency: string;
        amount: string | null;
        pending_amount: string | null;
        pending_at: Date | null;
      }>(
        `select kind, period, currency, amount::text as amount, pending_amount::text as pending_amount, pending_at
           from responsible_limits where user_id = $1 order by kind, period`,
        [id],
      ),
      db.query<{ kind: 'timeout' | 'self_exclusion' | 'panic'; starts_at: Date; ends_at: Date | null }>(
        `select kind, starts_at, ends_at from responsible_blocks where user_id = $1 order by starts_at desc`,
        [id],
      ),
      statusOf(db, id),
      listDocuments(db, id),
      listDecisions(db, id),
      db.query<{ id: string; text: string; email: string; created_at: Date }>(
        `select n.id::text as id, n.text, o.email, n.created_at from backoffice_player_notes n
           join backoffice_operators o on o.id = n.operator_id where n.user_id = $1 order by n.created_at desc limit 100`,
        [id],
      ),
    ]);
  const byCurrency = new Map<string, BackofficePlayerResponse['balances'][number]>();
  for (const b of balances.rows) {
    const entry = byCurrency.get(b.currency) ?? { currency: b.currency, main: 0, bonus: 0, withdrawalHold: 0 };
    const amount = fromMinorUnits(Number(b.balance));
    if (b.purpose === 'main') entry.main = amount;
    else if (b.purpose === 'bonus') entry.bonus = amount;
    else if (b.purpose === 'withdrawal_hold') entry.withdrawalHold = amount;
    byCurrency.set(b.currency, entry);
  }
  const money = (kind: string, value: string | null) =>
    value === null ? null : kind === 'session' ? Number(value) : fromMinorUnits(Number(value));
  await audit(ctx, actor, {
    action: 'player.view',
    targetType: 'player',
    targetId: id,
    brandId: row.brand_id,
  });
  return {
    player: toPlayer(row),
    birthDate: row.birth_date,
    twoFactor: row.two_factor_enabled_at !== null,
    balances: [...byCurrency.values()],
    ledger: ledger.rows.map((r) => ({
      transactionId: r.transaction_id,
      kind: r.kind,
      account: r.purpose,
      currency: r.currency,
      amount: fromMinorUnits(Number(r.amount)),
      at: iso(r.at),
    })),
    bets: bets.rows.map((b) => ({
      id: b.id,
      kind: b.kind,
      status: b.status,
      stake: fromMinorUnits(Number(b.stake)),
      currency: b.currency,
      odds: Number(b.coef),
      payout: b.payout === null ? null : fromMinorUnits(Number(b.payout)),
      placedAt: iso(b.created_at),
    })),
    payments: payments.items.map((p) => ({
      id: p.id,
      type: p.type,
      status: p.status,
      state: p.state ?? null,
      amount: p.amount,
      currency: p.currency,
      createdAt: p.createdAt,
    })),
    sessions: sessions.rows.map((s) => ({
      id: s.id,
      ip: s.ip,
      userAgent: s.user_agent,
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
    })),
    limits: limits.rows.map((l) => ({
      kind: l.kind,
      period: l.period,
      currency: l.currency,
      amount: money(l.kind, l.amount),
      pendingAmount: money(l.kind, l.pending_amount),
      pendingAt: l.pending_at ? iso(l.pending_at) : null,
    })),
    exclusions: exclusions.rows.map((e) => ({
      kind: e.kind,
      startsAt: iso(e.starts_at),
      endsAt: e.ends_at ? iso(e.ends_at) : null,
      active: new Date(e.starts_at) <= now && (e.ends_at === null || new Date(e.ends_at) > now),
    })),
    verification: {
      status,
      documents: documents.map(documentView),
      decisions: decisions.map((d) => ({
        decision: d.decision,
        reason: d.reason,
        operator: d.operator,
        decidedAt: iso(d.decided_at),
      })),
    },
    notes: notes.rows.map((n) => ({ id: n.id, text: n.text, operatorEmail: n.email, createdAt: iso(n.created_at) })),
  };
}

/**
 * Locks (status blocked: no sign-in, every session ended) or unlocks a player, with the operator's reason; the
 * change and its audit entry commit together.
 */
export async function setPlayerLock(
  ctx: BackofficeContext,
  actor: Actor,
  id: string,
  locked: boolean,
  reason: string,
): Promise<BackofficePlayerActionResponse> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const before = await playerIn(tx, actor, id, true);
    const status = locked ? 'blocked' : 'active';
    await tx.query('update accounts_users set status = $2, updated_at = $3 where id = $1', [id, status, now]);
    const closed = locked ? await revokeSessions(tx, id, 'locked by an operator', now) : [];
    await auditIn(tx, ctx, actor, {
      action: locked ? 'player.lock' : 'player.unlock',
      targetType: 'player',
      targetId: id,
      brandId: before.brand_id,
      reason,
      before: { status: before.status },
      after: { status, sessionsClosed: closed.length },
    });
    return { player: toPlayer({ ...before, status }), sessionsClosed: closed.length };
  });
}

/** Ends every live session of the player on the site, with the operator's reason. */
export async function signPlayerOut(
  ctx: BackofficeContext,
  actor: Actor,
  id: string,
  reason: string,
): Promise<BackofficePlayerActionResponse> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const player = await playerIn(tx, actor, id, true);
    const closed = await revokeSessions(tx, id, 'signed out by an operator', now);
    await auditIn(tx, ctx, actor, {
      action: 'player.sign-out',
      targetType: 'player',
      targetId: id,
      brandId: player.brand_id,
      reason,
      after: { sessionsClosed: closed.length },
    });
    return { player: toPlayer(player), sessionsClosed: closed.length };
  });
}

/** Adds an operator's note to a player. */
export async function addPlayerNote(
  ctx: BackofficeContext,
  actor: Actor,
  id: string,
  text: string,
): Promise<BackofficePlayerActionResponse> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const player = await playerIn(tx, actor, id);
    const noteId = randomUUID();
    await tx.query(
      `insert into backoffice_player_notes (id, user_id, brand_id, operator_id, text, created_at)
       values ($1, $2, $3, $4, $5, $6)`,
      [noteId, id, player.brand_id, actor.operator.id, text.trim(), now],
    );
    await auditIn(tx, ctx, actor, {
      action: 'player.note',
      targetType: 'player',
      targetId: id,
      brandId: player.brand_id,
      after: { noteId, text: text.trim() },
    });
    return { player: toPlayer(player), sessionsClosed: 0 };
  });
}
