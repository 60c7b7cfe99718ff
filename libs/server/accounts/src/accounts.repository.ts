import type { Queryable } from '@tessera/server/db';
import type { CountryCheck } from './country-check';

/** A row of accounts_users as the services use it. */
export interface UserRow {
  id: string;
  brand_id: string;
  phone: string | null;
  phone_confirmed_at: Date | null;
  email: string | null;
  email_activated_at: Date | null;
  password_hash: string | null;
  currency: string;
  country: string;
  birth_date: string | null;
  first_name: string | null;
  last_name: string | null;
  status: 'active' | 'blocked';
  registration_variant: string;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_enabled_at: Date | null;
  two_factor_disable_hash: string | null;
  two_factor_last_step: string | null;
  secure_question: string | null;
  secure_question_custom: boolean;
  secure_answer_hash: string | null;
  created_at: Date;
}

const userColumns = `id, brand_id, phone, phone_confirmed_at, email, email_activated_at, password_hash, currency, country,
  to_char(birth_date, 'YYYY-MM-DD') as birth_date, first_name, last_name, status, registration_variant, two_factor_secret,
  two_factor_pending_secret, two_factor_enabled_at, two_factor_disable_hash, two_factor_last_step, secure_question,
  secure_question_custom, secure_answer_hash, created_at`;

/** What a new account is made of. */
export interface NewUser {
  brandId: string;
  phone?: string | null;
  phoneConfirmed?: boolean;
  email?: string | null;
  /** The address was proven by a code before the account was opened (ADR 0202). */
  emailActivated?: boolean;
  passwordHash: string | null;
  currency: string;
  country: string;
  birthDate?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  variant: string;
  promoCode?: string | null;
  refCode?: string | null;
  socialProvider?: string | null;
  socialSubject?: string | null;
  /** The registration's country check (ADR 0195): kept with the account in the same transaction. */
  countryCheck?: CountryCheck | null;
}

/**
 * Inserts an account; a duplicate phone, e-mail or social identity comes back as `undefined` (unique index). With a
 * `countryCheck`, also keeps it (and its security event when the account is flagged for verification).
 */
export async function insertUser(db: Queryable, user: NewUser, now: Date): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `insert into accounts_users (brand_id, phone, phone_confirmed_at, email, password_hash, currency, country, birth_date,
       first_name, last_name, registration_variant, promo_code, ref_code, social_provider, social_subject, created_at, updated_at,
       email_activated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17)
     on conflict do nothing
     returning ${userColumns}`,
    [
      user.brandId,
      user.phone ?? null,
      user.phone && user.phoneConfirmed ? now : null,
      user.email ?? null,
      user.passwordHash,
      user.currency,
      user.country,
      user.birthDate ?? null,
      user.firstName ?? null,
      user.lastName ?? null,
      user.variant,
      user.promoCode ?? null,
      user.refCode ?? null,
      user.socialProvider ?? null,
      user.socialSubject ?? null,
      now,
      user.email && user.emailActivated ? now : null,
    ],
  );
  const inserted = rows[0];
  if (inserted && user.countryCheck) await recordCountryCheck(db, inserted, user.countryCheck, now);
  return inserted;
}

/**
 * Keeps a registration's country check with the account just opened; a flagged account also gets the security event
 * `country_verification_required`, which the office and operators read (ADR 0195).
 */
export async function recordCountryCheck(
  db: Queryable,
  user: { id: string; brand_id: string },
  check: CountryCheck,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into accounts_country_checks (user_id, brand_id, declared_country, ip_country, ip, outcome, verification, checked_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      user.id,
      user.brand_id,
      check.declared,
      check.ipCountry,
      check.ip,
      check.outcome,
      check.flagged ? 'required' : 'not_required',
      now,
    ],
  );
  if (check.flagged) {
    const detail = { declared: check.declared, ip_country: check.ipCountry, outcome: check.outcome };
    await recordEvent(
      db,
      {
        brandId: user.brand_id,
        userId: user.id,
        kind: 'country_verification_required',
        ip: check.ip,
        userAgent: null,
        detail,
      },
      now,
    );
  }
}

/** The account with this id on this brand. */
export async function findUserById(db: Queryable, brandId: string, id: string): Promise<UserRow | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from accounts_users where brand_id = $1 and id = $2`,
    [brandId, id],
  );
  return rows[0];
}

/**
 * The account whose proven phone (E.164) this is on this brand. A number no code has proven is nobody's identifier:
 * not for sign-in, reset or uniqueness (libs/server/accounts README, "Only proven phones identify an account").
 */
export async function findUserByPhone(db: Queryable, brandId: string, phone: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from accounts_users where brand_id = $1 and phone = $2 and phone_confirmed_at is not null`,
    [brandId, phone],
  );
  return rows[0];
}

/**
 * The number was just proven by its owner (phone registration, phone add or change): it leaves every other account of
 * the brand that held it unproven, each with a `phone_removed` security event. Returns those accounts' ids.
 */
export async function dropUnprovenPhone(
  db: Queryable,
  input: { brandId: string; phone: string; provenBy?: string; ip: string | null; userAgent: string | null },
  now: Date,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `update accounts_users set phone = null, updated_at = $3
     where brand_id = $1 and phone = $2 and phone_confirmed_at is null and ($4::bigint is null or id <> $4::bigint)
     returning id`,
    [input.brandId, input.phone, now, input.provenBy ?? null],
  );
  for (const { id } of rows) {
    await recordEvent(
      db,
      {
        brandId: input.brandId,
        userId: String(id),
        kind: 'phone_removed',
        ip: input.ip,
        userAgent: input.userAgent,
        detail: { reason: 'proven_by_another_account', phone: input.phone.slice(-4) },
      },
      now,
    );
  }
  return rows.map((r) => String(r.id));
}

/** The account with this e-mail (any case) on this brand. */
export async function findUserByEmail(db: Queryable, brandId: string, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from accounts_users where brand_id = $1 and lower(email) = lower($2)`,
    [brandId, email],
  );
  return rows[0];
}

/** The account linked to a social identity on this brand. */
export async function findUserBySocial(
  db: Queryable,
  brandId: string,
  provider: string,
  subject: string,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `select ${userColumns} from accounts_users where brand_id = $1 and social_provider = $2 and social_subject = $3`,
    [brandId, provider, subject],
  );
  return rows[0];
}

type UserPatch = Partial<{
  phone: string | null;
  phone_confirmed_at: Date | null;
  email_activated_at: Date | null;
  password_hash: string;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  two_factor_enabled_at: Date | null;
  two_factor_disable_hash: string | null;
  two_factor_last_step: number | null;
  secure_question: string | null;
  secure_question_custom: boolean;
  secure_answer_hash: string | null;
}>;

/** Updates the given columns of an account; false when the phone is taken by another account of the brand. */
export async function updateUser(db: Queryable, id: string, patch: UserPatch, now: Date): Promise<void> {
  const entries = Object.entries(patch);
  const sets = entries.map(([column], i) => `${column} = $${i + 3}`);
  await db.query(
    `update accounts_users set updated_at = $2${sets.length ? ', ' : ''}${sets.join(', ')} where id = $1`,
    [id, now, ...entries.map(([, value]) => value)],
  );
}

/** Moves the two-factor replay guard forward, only if no other request used this step first. */
export async function claimTotpStep(db: Queryable, id: string, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `update accounts_users set two_factor_last_step = $2 where id = $1 and (two_factor_last_step is null or two_factor_last_step < $2)`,
    [id, step],
  );
  return rowCount === 1;
}

/** A row of accounts_sessions. */
export interface SessionRow {
  id: string;
  user_id: string;
  brand_id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Stores a new session. */
export async function insertSession(
  db: Queryable,
  session: {
    id: string;
    tokenHash: string;
    userId: string;
    brandId: string;
    userAgent: string | null;
    ip: string | null;
    expiresAt: Date;
  },
  now: Date,
): Promise<void> {
  await db.query(
    `insert into accounts_sessions (id, token_hash, user_id, brand_id, user_agent, ip, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8)`,
    [
      session.id,
      session.tokenHash,
      session.userId,
      session.brandId,
      session.userAgent,
      session.ip,
      now,
      session.expiresAt,
    ],
  );
}

/** A live (not revoked, not expired) session by its token hash. */
export async function findLiveSessionByTokenHash(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `select id, user_id, brand_id, user_agent, ip, created_at, last_seen_at, expires_at, revoked_at from accounts_sessions
     where token_hash = $1 and revoked_at is null and expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0];
}

/** A live session by its public id. */
export async function findLiveSessionById(db: Queryable, id: string, now: Date): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    `select id, user_id, brand_id, user_agent, ip, created_at, last_seen_at, expires_at, revoked_at from accounts_sessions
     where id = $1 and revoked_at is null and expires_at > $2`,
    [id, now],
  );
  return rows[0];
}

/** How often a session's last activity is written: at most once a minute, to spare the database. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * Records activity, at most once a minute per session. The caller has just read the session, so a session seen
 * within the minute costs no round trip at all (every signed-in request reads it: a bet, a balance, a history page);
 * the condition in the statement keeps concurrent requests from writing it twice.
 */
export async function touchSession(
  db: Queryable,
  session: Pick<SessionRow, 'id' | 'last_seen_at'>,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS);
  if (session.last_seen_at && new Date(session.last_seen_at).getTime() >= since.getTime()) return;
  await db.query('update accounts_sessions set last_seen_at = $2 where id = $1 and last_seen_at < $3', [
    session.id,
    now,
    since,
  ]);
}

/** The live sessions of an account, newest first. */
export async function listLiveSessions(db: Queryable, userId: string, now: Date): Promise<SessionRow[]> {
  const { rows } = await db.query<SessionRow>(
    `select id, user_id, brand_id, user_agent, ip, created_at, last_seen_at, expires_at, revoked_at from accounts_sessions
     where user_id = $1 and revoked_at is null and expires_at > $2 order by created_at desc, id`,
    [userId, now],
  );
  return rows;
}

/** Revokes sessions of an account: one (`onlyId`), or all but one (`exceptId`), or all. Returns the ids revoked. */
export async function revokeSessions(
  db: Queryable,
  userId: string,
  reason: string,
  now: Date,
  scope: { onlyId?: string; exceptId?: string } = {},
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `update accounts_sessions set revoked_at = $2, revoke_reason = $3
     where user_id = $1 and revoked_at is null and ($4::uuid is null or id = $4::uuid) and ($5::uuid is null or id <> $5::uuid)
     returning id`,
    [userId, now, reason, scope.onlyId ?? null, scope.exceptId ?? null],
  );
  return rows.map((r) => r.id);
}

/** One security event (login, failed login, two-factor change, password change, session closed, ...). */
export interface SecurityEvent {
  brandId: string;
  userId: string | null;
  kind: string;
  ip: string | null;
  userAgent: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Compliance verified the player's identity (libs/server/verification): the verified country and date of birth
 * replace the declared ones in the account, the values every rule reads (the brand's country configuration, the
 * minimum age), and a registration flagged by the country check is marked verified. The declared values are kept by
 * the caller beside them (verification_identities). Run inside the decision's transaction.
 */
export async function applyVerifiedIdentity(
  db: Queryable,
  userId: string,
  verified: { country: string; birthDate: string; by: string },
  now: Date,
): Promise<void> {
  await db.query('update accounts_users set country = $2, birth_date = $3, updated_at = $4 where id = $1', [
    userId,
    verified.country,
    verified.birthDate,
    now,
  ]);
  await db.query(
    `update accounts_country_checks set verification = 'verified', verified_at = $2, verified_by = $3
     where user_id = $1 and verification = 'required'`,
    [userId, now, verified.by],
  );
}

/** Appends a security event. */
export async function recordEvent(db: Queryable, event: SecurityEvent, now: Date): Promise<void> {
  await db.query(
    `insert into accounts_security_events (brand_id, user_id, kind, ip, user_agent, detail, created_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [event.brandId, event.userId, event.kind, event.ip, event.userAgent, JSON.stringify(event.detail ?? {}), now],
  );
}

/** Counts failed attempts under a key since a moment, with the oldest one (to tell how long a lock lasts). */
export async function countAttempts(
  db: Queryable,
  brandId: string,
  key: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.query<{ n: string; oldest: Date | null }>(
    'select count(*) as n, min(created_at) as oldest from accounts_attempts where brand_id = $1 and attempt_key = $2 and created_at > $3',
    [brandId, key, since],
  );
  return { count: Number(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ? new Date(rows[0].oldest) : null };
}

/**
 * Takes the transaction-scoped lock of an attempt key: every claim on the key waits for the one before it to commit,
 * so a count read under the lock and the attempt inserted under it cannot be raced (libs/server/accounts README, "Sign-in lockout").
 */
export async function lockAttemptKey(tx: Queryable, brandId: string, key: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('tessera.attempts'), hashtext($1 || '|' || $2))`, [
    brandId,
    key,
  ]);
}

/** Counts attempts under a key since a moment, with the oldest and newest (lock length and slow-down). */
export async function countAttemptsWithNewest(
  db: Queryable,
  brandId: string,
  key: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null; newest: Date | null }> {
  const { rows } = await db.query<{ n: string; oldest: Date | null; newest: Date | null }>(
    `select count(*) as n, min(created_at) as oldest, max(created_at) as newest from accounts_attempts
     where brand_id = $1 and attempt_key = $2 and created_at > $3`,
    [brandId, key, since],
  );
  const row = rows[0];
  return {
    count: Number(row?.n ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
    newest: row?.newest ? new Date(row.newest) : null,
  };
}

/** Records one attempt under a key and returns its id (so a successful sign-in can take exactly it back). */
export async function addAttempt(db: Queryable, brandId: string, key: string, now: Date): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into accounts_attempts (brand_id, attempt_key, created_at) values ($1, $2, $3) returning id',
    [brandId, key, now],
  );
  return String(rows[0]?.id);
}

/** Removes attempts by id. */
export async function deleteAttempts(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.query('delete from accounts_attempts where id = any($1::bigint[])', [ids]);
}

/** Records one failed attempt under each key. */
export async function addAttempts(db: Queryable, brandId: string, keys: readonly string[], now: Date): Promise<void> {
  for (const key of keys) {
    await db.query('insert into accounts_attempts (brand_id, attempt_key, created_at) values ($1, $2, $3)', [
      brandId,
      key,
      now,
    ]);
  }
}

/** Forgets failed attempts under a key (after a successful login). */
export async function clearAttempts(db: Queryable, brandId: string, key: string): Promise<void> {
  await db.query('delete from accounts_attempts where brand_id = $1 and attempt_key = $2', [brandId, key]);
}
