import { describeEachDatabase, type Database } from '@tessera/server/db';
import { isJobQueueTable } from '@tessera/server/jobs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, buildAccountsApp, lastCode, testClock } from '../auth/testing/accounts-test-kit';

/** A write a GET may make, with its reason; anything else a GET changes fails the test. */
interface AllowedWrite {
  table: string;
  /** An update of only these columns, or an insert of a row that `inserted` accepts. */
  columns?: string[];
  inserted?: (row: Record<string, unknown>) => boolean;
  reason: string;
}

/**
 * The writes GETs may make (ADR 0205). The walk moves the clock past the once-a-minute activity interval before every
 * GET, so the activity write really happens and the diff has to tell it apart (a diff that saw no writes proves nothing).
 *
 * Writes no walked GET makes here, listed so that none is left out silently:
 * - any request, GET included, deletes a session past its idle time or lifetime and records `session_expired`
 *   (libs/server/accounts README, "Idle sign-out and session lifetime"): the session had already ended by time; the request only finds it out.
 * - GET /web-api/socauth/:provider/callback signs in or opens an account: the OAuth 2.0 redirect back from the
 *   provider is a GET by protocol (RFC 6749, 4.1.2), and it acts only with the single-use state bound to the cookie
 *   that browser got at the start (the protocol's CSRF defence, RFC 6749, 10.12). The walk calls it without one: 400.
 */
const ALLOWED_GET_WRITES: AllowedWrite[] = [
  {
    table: 'accounts_sessions',
    columns: ['last_seen_at'],
    reason:
      "the session's last activity, written at most once a minute: it is what the idle sign-out (auth.autoLogoff) " +
      'measures, and a page that only reads must keep its session alive. It changes no account, money or credential.',
  },
  {
    table: 'accounts_codes',
    inserted: (row) => row['purpose'] === 'oauth-state' && row['user_id'] === null,
    reason:
      'social sign-in starts with a link (a top-level GET navigation, RFC 6749, 4.1.1): it stores a single-use, ' +
      "short-lived state nonce bound to this browser's cookie. It belongs to no account and changes none.",
  },
];

type Snapshot = Map<string, Map<string, string>>;

/** Each table's primary-key columns, per database: the walk's GETs change rows, not the schema (a new table is looked up). */
const primaryKeys = new WeakMap<Database, Map<string, Array<{ column_name: string }>>>();

/** Every table of the schema: each row as JSON text keyed by its primary key (or its whole text without one). */
async function snapshot(db: Database): Promise<Snapshot> {
  let keysOf = primaryKeys.get(db);
  if (!keysOf) primaryKeys.set(db, (keysOf = new Map()));
  const { rows: tables } = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Snapshot = new Map();
  for (const { table_name: table } of tables) {
    // The job queue's tables change on the queue's own schedule (the advance look every 5 s), not by a request.
    if (isJobQueueTable(table)) continue;
    let keys = keysOf.get(table);
    if (!keys) {
      keys = (
        await db.query<{ column_name: string }>(
          `select a.attname as column_name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = $1::regclass and i.indisprimary order by a.attname`,
          [table],
        )
      ).rows;
      keysOf.set(table, keys);
    }
    const { rows } = await db.query<{ row: Record<string, unknown> }>(`select to_jsonb(t) as row from "${table}" t`);
    const byKey = new Map<string, string>();
    for (const { row } of rows) {
      const key = keys.length > 0 ? keys.map((k) => JSON.stringify(row[k.column_name])).join('|') : JSON.stringify(row);
      byKey.set(key, JSON.stringify(row));
    }
    result.set(table, byKey);
  }
  return result;
}

/** What changed between two snapshots, allowed writes left out; each entry names the table, row and columns. */
function changes(before: Snapshot, after: Snapshot): string[] {
  const found: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(table) ?? new Map<string, string>();
    const b = after.get(table) ?? new Map<string, string>();
    const allowed = ALLOWED_GET_WRITES.filter((w) => w.table === table);
    for (const key of new Set([...a.keys(), ...b.keys()])) {
      const was = a.get(key);
      const is = b.get(key);
      if (was === is) continue;
      if (was === undefined && is !== undefined) {
        const row = JSON.parse(is) as Record<string, unknown>;
        if (!allowed.some((w) => w.inserted?.(row))) found.push(`${table} ${key}: row inserted`);
        continue;
      }
      if (was === undefined || is === undefined) {
        found.push(`${table} ${key}: row deleted`);
        continue;
      }
      const wasRow = JSON.parse(was) as Record<string, unknown>;
      const isRow = JSON.parse(is) as Record<string, unknown>;
      const columns = Object.keys({ ...wasRow, ...isRow }).filter(
        (c) => JSON.stringify(wasRow[c]) !== JSON.stringify(isRow[c]),
      );
      const unexpected = columns.filter((c) => !allowed.some((w) => w.columns?.includes(c)));
      if (unexpected.length > 0) found.push(`${table} ${key}: ${unexpected.join(', ')}`);
    }
  }
  return found;
}

/** The allowed writes that did happen (`table.column`, `table+`): proof that the walk's diff sees writes at all. */
function allowedChanges(before: Snapshot, after: Snapshot): string[] {
  const found: string[] = [];
  for (const write of ALLOWED_GET_WRITES) {
    const a = before.get(write.table) ?? new Map<string, string>();
    for (const [key, is] of after.get(write.table) ?? []) {
      const was = a.get(key);
      if (was === undefined) {
        if (write.inserted) found.push(`${write.table}+`);
        continue;
      }
      const wasRow = JSON.parse(was) as Record<string, unknown>;
      const isRow = JSON.parse(is) as Record<string, unknown>;
      for (const c of write.columns ?? [])
        if (JSON.stringify(wasRow[c]) !== JSON.stringify(isRow[c])) found.push(`${write.table}.${c}`);
    }
  }
  return found;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: { type?: string; enum?: unknown[]; pattern?: string; minimum?: number; default?: unknown };
}

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

/** Plausible values by parameter name: the signed-in bettor's own ids, a served country and language, a real code. */
function plausible(parameter: Parameter, known: Record<string, string>): string {
  const byName = known[parameter.name];
  if (byName !== undefined) return byName;
  const schema = parameter.schema ?? {};
  if (schema.enum && schema.enum.length > 0) return String(schema.enum[0]);
  if (schema.default !== undefined) return String(schema.default);
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  if (schema.type === 'boolean') return 'true';
  return 'x';
}

function urlOf(path: string, parameters: Parameter[], known: Record<string, string>): string {
  let url = path;
  const query = new URLSearchParams();
  for (const p of parameters) {
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(plausible(p, known)));
    else if (p.in === 'query' && (p.required || known[p.name] !== undefined)) query.set(p.name, plausible(p, known));
  }
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

describeEachDatabase('GET routes change no table', (ctx) => {
  const clock = testClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildAccountsApp(ctx.db, clock);
    await app.ready();
  });
  afterAll(() => app.close());

  it('item 8: every GET route of the OpenAPI document, walked with a signed-in session, changes no table', async () => {
    const browser = new Browser(app, 'accountbet.example');
    const national = '7012345608';
    await browser.post('/web-api/user/registration/send-code', { phone: national, country_code: 'KZ' });
    const registered = await browser.post('/web-api/user/registration', {
      variant: 'phone',
      age_confirmed: true,
      phone: national,
      country_code: 'KZ',
      confirm_code: await lastCode(app, `+7${national}`),
      password: 'Secret-pass-1',
    });
    expect(registered.statusCode).toBe(201);
    const accountId = (registered.json() as { account_id: string }).account_id;
    // A secure question and a phone change under way: a GET that checked a guessed code or answer would spend a try
    // of the live code or count toward the answer's lockout (the cross-site attack of item 8).
    expect(
      (
        await browser.post('/officeapi/setanswertosecurequestion', {
          question_id: 2,
          answer: 'Rex',
          answer_repeat: 'Rex',
        })
      ).statusCode,
    ).toBe(200);
    expect((await browser.post('/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode')).statusCode).toBe(
      200,
    );
    const liveCode = await lastCode(app, `+7${national}`);
    const guessedCode = liveCode === '000000' ? '111111' : '000000';
    const known: Record<string, string> = {
      brand: 'accountbet',
      brandId: 'accountbet',
      country: 'kz',
      lng: 'en',
      Language: 'en',
      lang: 'en',
      pointer: '/auth/autoLogoff/minutes',
      provider: 'google',
      age_confirmed: 'true',
      currency: 'KZT',
      id: accountId,
      userId: accountId,
      confirm_code: guessedCode,
      user_answer: 'wrong answer',
      to: `+7${national}`,
      token: 'a'.repeat(43),
    };

    const doc = (
      await app.inject({ url: '/api-docs/openapi.json', headers: { host: 'accountbet.example' } })
    ).json() as OpenApi;
    const gets = Object.entries(doc.paths).filter(([, methods]) => methods['get'] !== undefined);
    // The document lists the platform's routes, not a handful: a walk over nothing would pass for the wrong reason.
    expect(gets.length).toBeGreaterThan(20);

    const walked: string[] = [];
    const problems: string[] = [];
    const allowedSeen = new Set<string>();
    for (const [path, methods] of gets) {
      const url = urlOf(path, methods['get']?.parameters ?? [], known);
      clock.advance(61_000);
      const before = await snapshot(ctx.db);
      // Five times, as a cross-site page could: a write that only shows after a few calls (a lockout) is caught too.
      let status = 0;
      for (let i = 0; i < 5; i += 1) status = (await browser.get(url)).statusCode;
      expect(status, `GET ${url}`).toBeLessThan(500);
      const after = await snapshot(ctx.db);
      for (const change of changes(before, after)) problems.push(`GET ${url} (${status}): ${change}`);
      for (const seen of allowedChanges(before, after)) allowedSeen.add(seen);
      walked.push(`${path} ${status}`);
    }
    expect(problems).toEqual([]);
    // The session's activity did get written along the walk: the diff sees writes and lets only the listed one pass.
    expect([...allowedSeen].sort()).toEqual(['accounts_codes+', 'accounts_sessions.last_seen_at']);
    // Both routes that used to change state are no GETs any more.
    expect(walked.some((w) => w.includes('check-confirm-code') || w.includes('check-user-answer'))).toBe(false);
  }, 180_000);
});
