import { createHash } from 'node:crypto';
import type { Database, Queryable } from '@tessera/server/db';
import type { BackofficeAuditEntry, BackofficeAuditQuery } from '@tessera/shared/contract-api';

/** What one audit entry records; `seq`, the time and the hashes are added when it is appended. */
export interface AuditInput {
  operatorId: string | null;
  operatorEmail: string | null;
  /** What happened: `operator.sign-in`, `player.view`, `withdrawal.approve`, ... */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  brandId?: string | null;
  reason?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** The state before and after, as JSON objects (null when none). */
  before?: object | null;
  after?: object | null;
}

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);
/** Entries per page of the console's audit search. */
export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds. */
export const AUDIT_EXPORT_LIMIT = 10_000;

interface AuditRow {
  seq: string;
  at: Date;
  operator_id: string | null;
  operator_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  brand_id: string | null;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  before: JsonObject | null;
  after: JsonObject | null;
  prev_hash: string;
  hash: string;
}

/** JSON with object keys sorted at every depth: the same value always gives the same text (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What an entry records after its number, in the order the hash and the export both use. */
function recordedFields(row: Omit<AuditRow, 'prev_hash' | 'hash'>): unknown[] {
  return [
    new Date(row.at).toISOString(),
    row.operator_id,
    row.operator_email,
    row.action,
    row.target_type,
    row.target_id,
    row.brand_id,
    row.reason,
    row.ip,
    row.user_agent,
    row.before ?? null,
    row.after ?? null,
  ];
}

/** The hash of one entry: SHA-256 over the previous hash and every recorded field of the entry. */
export function entryHash(prevHash: string, row: Omit<AuditRow, 'prev_hash' | 'hash'>): string {
  const payload = canonicalJson([String(row.seq), ...recordedFields(row)]);
  return createHash('sha256').update(`${prevHash}\n${payload}`).digest('hex');
}

type JsonObject = Record<string, unknown>;

/** A JSON object as stored: dates become ISO text, undefined is dropped (what jsonb gives back). */
function jsonValue(value: object | null | undefined): JsonObject | null {
  return value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as JsonObject);
}

/**
 * Appends one entry inside the caller's transaction, so the action and its record commit together or not at all.
 * Appends are serialised by a transaction-scoped advisory lock: each entry takes the next `seq` and the hash of the
 * one before.
 */
export async function appendAuditIn(tx: Queryable, at: Date, input: AuditInput): Promise<string> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('tessera.backoffice.audit'))`);
  const { rows } = await tx.query<{ seq: string; hash: string }>(
    'select seq, hash from backoffice_audit order by seq desc limit 1',
  );
  const last = rows[0];
  const row = {
    seq: String(last ? Number(last.seq) + 1 : 1),
    at,
    operator_id: input.operatorId,
    operator_email: input.operatorEmail,
    action: input.action,
    target_type: input.targetType ?? null,
    target_id: input.targetId ?? null,
    brand_id: input.brandId ?? null,
    reason: input.reason ?? null,
    ip: input.ip ?? null,
    user_agent: input.userAgent ?? null,
    before: jsonValue(input.before),
    after: jsonValue(input.after),
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  const hash = entryHash(prevHash, row);
  await tx.query(
    `insert into backoffice_audit (seq, at, operator_id, operator_email, action, target_type, target_id, brand_id,
       reason, ip, user_agent, before, after, prev_hash, hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::jsonb, $14, $15)`,
    [
      row.seq,
      row.at,
      row.operator_id,
      row.operator_email,
      row.action,
      row.target_type,
      row.target_id,
      row.brand_id,
      row.reason,
      row.ip,
      row.user_agent,
      row.before === null ? null : JSON.stringify(row.before),
      row.after === null ? null : JSON.stringify(row.after),
      prevHash,
      hash,
    ],
  );
  return row.seq;
}

/** Appends one entry in a transaction of its own (an action that wrote nothing else: a view, a failed sign-in). */
export function appendAudit(db: Database, at: Date, input: AuditInput): Promise<string> {
  return db.transaction((tx) => appendAuditIn(tx, at, input));
}

/** One break in the chain. */
export interface AuditIssue {
  seq: string;
  problem: string;
}

/** What {@link verifyAuditChain} found. */
export interface AuditVerification {
  ok: boolean;
  entries: number;
  issues: AuditIssue[];
}

const columns = `seq, at, operator_id::text as operator_id, operator_email, action, target_type, target_id,
  brand_id, reason, ip, user_agent, before, after, prev_hash, hash`;

/**
 * Proves the chain: every entry's hash recomputed from its fields and the previous hash, every `prev_hash` equal to
 * the hash before it, `seq` from 1 without gaps (a removed entry leaves a gap, an inserted one breaks the next hash).
 * Reads in pages, so a long log is checked in bounded memory.
 */
export async function verifyAuditChain(db: Queryable): Promise<AuditVerification> {
  const issues: AuditIssue[] = [];
  let prevHash = GENESIS_HASH;
  let expected = 1;
  let entries = 0;
  for (;;) {
    const { rows } = await db.query<AuditRow>(
      `select ${columns} from backoffice_audit where seq >= $1 order by seq limit 1000`,
      [expected],
    );
    for (const row of rows) {
      entries += 1;
      const seq = Number(row.seq);
      if (seq !== expected) issues.push({ seq: row.seq, problem: `entries ${expected} to ${seq - 1} are missing` });
      if (row.prev_hash !== prevHash)
        issues.push({ seq: row.seq, problem: 'its previous hash is not the hash of the entry before it' });
      if (entryHash(row.prev_hash, row) !== row.hash)
        issues.push({ seq: row.seq, problem: 'its content does not match its hash (edited after it was written)' });
      prevHash = row.hash;
      expected = seq + 1;
    }
    if (rows.length < 1000) break;
  }
  return { ok: issues.length === 0, entries, issues };
}

function toEntry(row: AuditRow): BackofficeAuditEntry {
  return {
    id: row.seq,
    at: new Date(row.at).toISOString(),
    operatorId: row.operator_id,
    operatorEmail: row.operator_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    brandId: row.brand_id,
    reason: row.reason,
    ip: row.ip,
    userAgent: row.user_agent,
    before: row.before,
    after: row.after,
    hash: row.hash,
  };
}

/** The where clause and parameters of a search. */
function filter(query: BackofficeAuditQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const clauses: string[] = [];
  const q = query.q?.trim();
  if (q) {
    params.push(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    clauses.push(
      `(action ilike ${p} or target_id ilike ${p} or target_type ilike ${p} or reason ilike ${p} or brand_id ilike ${p}
        or operator_email ilike ${p} or before::text ilike ${p} or after::text ilike ${p})`,
    );
  }
  if (query.operator) {
    params.push(query.operator.trim().toLowerCase());
    clauses.push(`(operator_id::text = $${params.length} or lower(operator_email) = $${params.length})`);
  }
  if (query.from) {
    params.push(new Date(query.from));
    clauses.push(`at >= $${params.length}`);
  }
  if (query.to) {
    params.push(new Date(query.to));
    clauses.push(`at < $${params.length}`);
  }
  return { where: clauses.length ? `where ${clauses.join(' and ')}` : '', params };
}

/** A page of matching entries, newest first, and how many match. */
export async function searchAudit(
  db: Queryable,
  query: BackofficeAuditQuery,
): Promise<{ entries: BackofficeAuditEntry[]; page: number; pageSize: number; total: number }> {
  const page = query.page ?? 1;
  const { where, params } = filter(query);
  const [{ rows }, count] = await Promise.all([
    db.query<AuditRow>(
      `select ${columns} from backoffice_audit ${where} order by seq desc limit ${AUDIT_PAGE_SIZE} offset $${params.length + 1}`,
      [...params, (page - 1) * AUDIT_PAGE_SIZE],
    ),
    db.query<{ n: string }>(`select count(*)::text as n from backoffice_audit ${where}`, params),
  ]);
  return { entries: rows.map(toEntry), page, pageSize: AUDIT_PAGE_SIZE, total: Number(count.rows[0]?.n ?? 0) };
}

const CSV_COLUMNS = [
  'seq',
  'at',
  'operator_id',
  'operator_email',
  'action',
  'target_type',
  'target_id',
  'brand_id',
  'reason',
  'ip',
  'user_agent',
  'before',
  'after',
  'hash',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe (OWASP CSV injection).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : canonicalJson(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Every matching entry (up to {@link AUDIT_EXPORT_LIMIT}), newest first, as CSV with a header line. */
export async function exportAuditCsv(db: Queryable, query: BackofficeAuditQuery): Promise<string> {
  const { where, params } = filter(query);
  const { rows } = await db.query<AuditRow>(
    `select ${columns} from backoffice_audit ${where} order by seq desc limit ${AUDIT_EXPORT_LIMIT}`,
    params,
  );
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push([row.seq, ...recordedFields(row), row.hash].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
