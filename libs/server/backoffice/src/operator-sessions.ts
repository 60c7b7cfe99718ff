import { randomUUID } from 'node:crypto';
import {
  addAttempt,
  base32Decode,
  base32Encode,
  clearAttempts,
  countAttemptsWithNewest,
  deleteAttempts,
  LOCKOUT_WINDOW_MS,
  LOGIN_FAILURES_PER_IP,
  LOGIN_FAILURES_PER_LOGIN,
  lockAttemptKey,
  matchTotp,
  newTotpSecret,
  otpauthLink,
  retryAfter,
  tooMany,
  verifyPassword,
} from '@tessera/server/accounts';
import { ApiError } from '@tessera/server/api-errors';
import type { Queryable } from '@tessera/server/db';
import { randomToken, tokenHash } from '@tessera/server/secrets';
import type {
  BackofficeSessionRequest,
  BackofficeSessionsResponse,
  BackofficeTotpEnrolResponse,
} from '@tessera/shared/contract-api';
import { appendAudit, appendAuditIn } from './audit';
import { type Actor, audit, type BackofficeContext, type RequestOrigin } from './context';
import { findOperatorByEmail, findOperatorById, type OperatorWithSecrets } from './operators';

/** The operator's session cookie: httpOnly, Secure, SameSite=Strict, path /backoffice. */
export const OPERATOR_COOKIE = 'tessera_op';
/** A session ends after this long without a request. */
export const OPERATOR_IDLE_MS = 15 * 60_000;
/** A half-session (password given, second factor not yet) lasts this long. */
export const HALF_SESSION_MS = 10 * 60_000;
/** A session ends this long after sign-in whatever its activity. */
export const OPERATOR_SESSION_LIFETIME_MS = 12 * 3_600_000;
/** last_seen_at is written at most this often (each request reads it). */
const TOUCH_INTERVAL_MS = 5_000;
/** Operators' attempts are counted in the players' attempt table under a brand id of their own. */
const ATTEMPTS_SCOPE = 'backoffice';
/** The issuer authenticator apps show. */
const TOTP_ISSUER = 'Tessera console';

/** The stage of a session: half (one of the second steps) or full. */
export type SessionStage = 'totp-enrol' | 'totp' | 'full';

/** A live session and its operator. */
export interface OperatorSession {
  id: string;
  stage: SessionStage;
  operator: OperatorWithSecrets;
}

const WRONG_CREDENTIALS = () => new ApiError(401, 'Wrong e-mail or password');
const LOCKED = (oldest: Date | null, now: Date) =>
  tooMany(retryAfter(oldest, LOCKOUT_WINDOW_MS, now), 'Too many failed sign-in attempts. Try again later');

/**
 * Counts an attempt under each key before anything is checked (as the players' sign-in does, libs/server/accounts
 * README "Sign-in lockout"): under a lock per key, refused with 429 once a key has its limit of failures in the
 * window. Answers the attempt ids, to be taken back on success.
 */
async function claimAttempt(
  ctx: BackofficeContext,
  counters: ReadonlyArray<{ key: string; limit: number }>,
): Promise<string[]> {
  const now = ctx.clock();
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  return ctx.db.transaction(async (tx) => {
    const ordered = [...counters].sort((a, b) => a.key.localeCompare(b.key));
    for (const counter of ordered) await lockAttemptKey(tx, ATTEMPTS_SCOPE, counter.key);
    for (const counter of counters) {
      const seen = await countAttemptsWithNewest(tx, ATTEMPTS_SCOPE, counter.key, since);
      if (seen.count >= counter.limit) throw LOCKED(seen.oldest, now);
    }
    const ids: string[] = [];
    for (const counter of counters) ids.push(await addAttempt(tx, ATTEMPTS_SCOPE, counter.key, now));
    return ids;
  });
}

async function insertSession(
  tx: Queryable,
  operatorId: string,
  stage: SessionStage,
  origin: RequestOrigin,
  now: Date,
): Promise<string> {
  const token = randomToken();
  await tx.query(
    `insert into backoffice_sessions (id, token_hash, operator_id, stage, ip, user_agent, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8)`,
    [
      randomUUID(),
      tokenHash(token),
      operatorId,
      stage,
      origin.ip,
      origin.userAgent,
      now,
      new Date(now.getTime() + (stage === 'full' ? OPERATOR_SESSION_LIFETIME_MS : HALF_SESSION_MS)),
    ],
  );
  return token;
}

/**
 * The first factor: e-mail and password. Counted before the password is checked (5 failures per e-mail, 50 per
 * address in 15 minutes, then 429); an unknown e-mail, a wrong password and a disabled operator get the same 401
 * after the same argon2 work, so nothing can be enumerated. Success answers a half-session: `totp-enrol` on the first
 * sign-in (two-factor is mandatory), `totp` after. Failures and successes are audited.
 */
export async function signInWithPassword(
  ctx: BackofficeContext,
  input: BackofficeSessionRequest,
  origin: RequestOrigin,
): Promise<{ token: string; stage: 'totp-enrol' | 'totp' }> {
  const email = input.email.trim().toLowerCase();
  const loginKey = `operator-login:${email}`;
  const ids = await claimAttempt(ctx, [
    { key: loginKey, limit: LOGIN_FAILURES_PER_LOGIN },
    { key: `operator-login-ip:${origin.ip ?? 'unknown'}`, limit: LOGIN_FAILURES_PER_IP },
  ]);
  const operator = await findOperatorByEmail(ctx.db, email);
  const matches = await verifyPassword(operator?.passwordHash, input.password);
  const now = ctx.clock();
  const who = { operatorId: operator?.id ?? null, operatorEmail: operator?.email ?? email, ...origin };
  if (!operator || !matches || operator.disabled) {
    await appendAudit(ctx.db, now, {
      ...who,
      action: 'operator.sign-in.failed',
      reason: !operator ? 'unknown e-mail' : !matches ? 'wrong password' : 'operator disabled',
    });
    throw WRONG_CREDENTIALS();
  }
  await deleteAttempts(ctx.db, ids);
  await clearAttempts(ctx.db, ATTEMPTS_SCOPE, loginKey);
  const stage = operator.totpEnrolled ? 'totp' : 'totp-enrol';
  const token = await ctx.db.transaction(async (tx) => {
    await appendAuditIn(tx, now, { ...who, action: 'operator.sign-in.password', after: { stage } });
    return insertSession(tx, operator.id, stage, origin, now);
  });
  return { token, stage };
}

/** The first sign-in's half-session: a new authenticator secret (sealed at rest), as a link and as text. */
export async function enrolTotp(
  ctx: BackofficeContext,
  session: OperatorSession,
): Promise<BackofficeTotpEnrolResponse> {
  if (session.stage !== 'totp-enrol')
    throw new ApiError(409, 'Two-factor is already set up', { detail: 'Enter the code from your authenticator app' });
  const secret = base32Encode(newTotpSecret());
  await ctx.db.query(`update backoffice_operators set totp_pending_secret = $2, updated_at = $3 where id = $1`, [
    session.operator.id,
    ctx.secrets.seal(secret),
    ctx.clock(),
  ]);
  return { otpauthUrl: otpauthLink(secret, TOTP_ISSUER, session.operator.email), secret };
}

/**
 * The second factor: the authenticator's code (±1 step, never a step used before). On the first sign-in it also
 * confirms the enrolment. Failures count per operator (5 in 15 minutes, then 429 and the half-session ends).
 * Success turns the half-session into a full one under a new token (no fixation) and is audited as the sign-in.
 */
export async function verifyTotp(
  ctx: BackofficeContext,
  session: OperatorSession,
  code: string,
  origin: RequestOrigin,
): Promise<{ token: string; operator: OperatorWithSecrets }> {
  if (session.stage === 'full') throw new ApiError(409, 'Already signed in');
  const key = `operator-totp:${session.operator.id}`;
  const ids = await claimAttempt(ctx, [{ key, limit: LOGIN_FAILURES_PER_LOGIN }]).catch(async (error: unknown) => {
    await revokeSession(ctx.db, session.id, 'too many wrong codes', ctx.clock());
    throw error;
  });
  const now = ctx.clock();
  const who = { operatorId: session.operator.id, operatorEmail: session.operator.email, ...origin };
  const result = await ctx.db.transaction(async (tx) => {
    const operator = await findOperatorById(tx, session.operator.id, true);
    const sealed = session.stage === 'totp-enrol' ? operator?.totpPendingSecret : operator?.totpSecret;
    if (!operator || !sealed)
      throw new ApiError(409, 'Set up two-factor first', { detail: 'POST session/totp/enrol gives the secret' });
    const step = matchTotp(base32Decode(ctx.secrets.open(sealed)), code, now.getTime(), operator.totpLastStep);
    if (step === undefined) return undefined;
    await tx.query(
      `update backoffice_operators set totp_last_step = $2, last_sign_in_at = $3, updated_at = $3,
         totp_secret = case when $4 then totp_pending_secret else totp_secret end,
         totp_pending_secret = case when $4 then null else totp_pending_secret end,
         totp_enrolled_at = case when $4 then $3 else totp_enrolled_at end
       where id = $1`,
      [operator.id, step, now, session.stage === 'totp-enrol'],
    );
    await revokeSession(tx, session.id, 'second factor passed', now);
    const token = await insertSession(tx, operator.id, 'full', origin, now);
    await appendAuditIn(tx, now, {
      ...who,
      action: 'operator.sign-in',
      after: { totpEnrolled: session.stage === 'totp-enrol' ? 'now' : 'before' },
    });
    return { token, operator: (await findOperatorById(tx, operator.id)) as OperatorWithSecrets };
  });
  if (!result) {
    await appendAudit(ctx.db, now, { ...who, action: 'operator.sign-in.failed', reason: 'wrong two-factor code' });
    throw new ApiError(401, 'Wrong code', { validation_errors: [{ field: 'code', message: 'wrong or used code' }] });
  }
  await deleteAttempts(ctx.db, ids);
  await clearAttempts(ctx.db, ATTEMPTS_SCOPE, key);
  return result;
}

interface SessionRow {
  id: string;
  operator_id: string;
  stage: SessionStage;
  last_seen_at: Date;
}

/**
 * The live session of a cookie's token, or undefined: unknown, revoked, past its lifetime, idle for 15 minutes, or
 * its operator disabled. Keeps it alive (last_seen_at, at most every few seconds).
 */
export async function sessionOf(
  ctx: BackofficeContext,
  token: string | undefined,
): Promise<OperatorSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const now = ctx.clock();
  const { rows } = await ctx.db.query<SessionRow>(
    `select id::text as id, operator_id::text as operator_id, stage, last_seen_at from backoffice_sessions
      where token_hash = $1 and revoked_at is null and expires_at > $2 and last_seen_at > $3`,
    [tokenHash(token), now, new Date(now.getTime() - OPERATOR_IDLE_MS)],
  );
  const row = rows[0];
  if (!row) return undefined;
  const operator = await findOperatorById(ctx.db, row.operator_id);
  if (!operator || operator.disabled) return undefined;
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_INTERVAL_MS)
    await ctx.db.query('update backoffice_sessions set last_seen_at = $2 where id = $1', [row.id, now]);
  return { id: row.id, stage: row.stage, operator };
}

async function revokeSession(db: Queryable, id: string, reason: string, now: Date): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `update backoffice_sessions set revoked_at = $2, revoke_reason = $3 where id = $1 and revoked_at is null
     returning id::text as id`,
    [id, now, reason],
  );
  return rows.length > 0;
}

/** Signs the session out (audited). */
export async function signOut(ctx: BackofficeContext, actor: Actor): Promise<void> {
  await revokeSession(ctx.db, actor.sessionId, 'signed out', ctx.clock());
  await audit(ctx, actor, { action: 'operator.sign-out' });
}

/** Live full sessions, newest first: the actor's own, or everyone's (`all`). */
export async function listSessions(
  ctx: BackofficeContext,
  actor: Actor,
  all: boolean,
): Promise<BackofficeSessionsResponse> {
  const now = ctx.clock();
  const { rows } = await ctx.db.query<{
    id: string;
    operator_id: string;
    email: string;
    ip: string | null;
    user_agent: string | null;
    created_at: Date;
    last_seen_at: Date;
  }>(
    `select s.id::text as id, s.operator_id::text as operator_id, o.email, s.ip, s.user_agent, s.created_at, s.last_seen_at
       from backoffice_sessions s join backoffice_operators o on o.id = s.operator_id
      where s.revoked_at is null and s.stage = 'full' and s.expires_at > $1 and s.last_seen_at > $2
        and ($3::boolean or s.operator_id = $4::uuid)
      order by s.created_at desc, s.id limit 500`,
    [now, new Date(now.getTime() - OPERATOR_IDLE_MS), all, actor.operator.id],
  );
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      operatorId: r.operator_id,
      operatorEmail: r.email,
      ip: r.ip,
      userAgent: r.user_agent,
      createdAt: new Date(r.created_at).toISOString(),
      lastSeenAt: new Date(r.last_seen_at).toISOString(),
      current: r.id === actor.sessionId,
    })),
  };
}

/** Ends one session: the actor's own, or anyone's with `any` (admin); 404 otherwise. Audited. */
export async function revokeOperatorSession(
  ctx: BackofficeContext,
  actor: Actor,
  id: string,
  any: boolean,
): Promise<void> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const { rows } = uuid.test(id)
    ? await ctx.db.query<{ operator_id: string }>(
        `select operator_id::text as operator_id from backoffice_sessions where id = $1 and revoked_at is null`,
        [id],
      )
    : { rows: [] };
  const owner = rows[0]?.operator_id;
  if (!owner || (owner !== actor.operator.id && !any)) throw new ApiError(404, 'No such session');
  await revokeSession(ctx.db, id, `revoked by ${actor.operator.email}`, ctx.clock());
  await audit(ctx, actor, { action: 'operator.session.revoke', targetType: 'operator-session', targetId: id });
}
