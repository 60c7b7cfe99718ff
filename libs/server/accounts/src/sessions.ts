import { randomUUID } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import {
  findLiveSessionById,
  findLiveSessionByTokenHash,
  findUserById,
  insertSession,
  recordEvent,
  touchSession,
  type SessionRow,
  type UserRow,
} from './accounts.repository';
import { cookieDefaults, requestMeta, type AccountsReply, type AccountsRequest, type SessionContext } from './context';
import { randomToken, safeEqual, tokenHash } from '@tessera/server/secrets';
import type { UserTokenResponse } from '@tessera/shared/contract-api';

/** The session cookie: httpOnly, Secure, SameSite=Lax, whole site. */
export const SESSION_COOKIE = 'tessera_session';
/** Lifetime of the service user token (GET /web-api/api/mobile/v1/token/). */
export const USER_TOKEN_TTL_SECONDS = 15 * 60;
const defaultTtlMinutes = 720;

/** A signed-in request: the session and its account. */
export interface Authenticated {
  session: SessionRow;
  user: UserRow;
}

/** How long a sign-in (or a re-authentication) counts as recent for security changes (ADR 0206). */
export const RECENT_AUTH_MS = 5 * 60_000;
/**
 * The `error_code` of the 403 that asks for the password again (ADR 0206): `reauth_required`. Numeric, like every
 * error_code of the error shape (schemas/api/error.schema.json); the site matches this number.
 */
export const REAUTH_REQUIRED = 4031;

/** The session limits of a brand for an account: idle time (when auth.autoLogoff is on) and whole lifetime. */
export interface SessionLimits {
  /** Inactivity after which the session ends; undefined when auth.autoLogoff is off. */
  idleMs: number | undefined;
  /** Time from sign-in after which the session ends however active it is. */
  lifetimeMs: number;
}

/**
 * The limits that apply to an account's sessions (README, "Idle sign-out and session lifetime"): auth.autoLogoff of the brand as it applies to the
 * account's country (never the visitor's country cookie: a stolen session must not pick a laxer layer), the whole
 * lifetime capped by the server's session.ttlMinutes.
 */
export function sessionLimits(ctx: SessionContext, user: Pick<UserRow, 'brand_id' | 'country'>): SessionLimits {
  const brand = ctx.registry.get(user.brand_id);
  const country = brand?.countries.includes(user.country) ? user.country : brand?.defaultCountry;
  const autoLogoff =
    brand && country
      ? ctx.registry.resolve(brand.id, country, brand.defaultLanguage).config.auth.autoLogoff
      : undefined;
  const serverMinutes = ctx.registry.serverConfig(user.brand_id)?.session?.ttlMinutes ?? defaultTtlMinutes;
  const lifetimeMinutes = Math.min(serverMinutes, autoLogoff?.lifetimeMinutes ?? serverMinutes);
  return {
    idleMs: autoLogoff?.enabled ? autoLogoff.minutes * 60_000 : undefined,
    lifetimeMs: lifetimeMinutes * 60_000,
  };
}

/** Why a live session row has nonetheless ended by the brand's limits, or undefined while it may go on. */
function endedBy(
  limits: SessionLimits,
  session: Pick<SessionRow, 'created_at' | 'last_seen_at'>,
  now: Date,
): 'idle' | 'lifetime' | undefined {
  if (now.getTime() >= new Date(session.created_at).getTime() + limits.lifetimeMs) return 'lifetime';
  if (limits.idleMs !== undefined && now.getTime() >= new Date(session.last_seen_at).getTime() + limits.idleMs)
    return 'idle';
  return undefined;
}

/** When a session ends by the brand's limits if it sees no further activity (the site's warning counts down to it). */
export function sessionDeadlines(
  limits: SessionLimits,
  session: Pick<SessionRow, 'created_at' | 'last_seen_at'>,
): { idleEndsAt: Date | undefined; endsAt: Date } {
  const endsAt = new Date(new Date(session.created_at).getTime() + limits.lifetimeMs);
  if (limits.idleMs === undefined) return { idleEndsAt: undefined, endsAt };
  const idle = new Date(new Date(session.last_seen_at).getTime() + limits.idleMs);
  return { idleEndsAt: idle < endsAt ? idle : endsAt, endsAt };
}

/** The name shown for an account: first name, else the account id. */
export function displayName(user: UserRow): string {
  return user.first_name?.trim() || user.id;
}

/** The public view of a signed-in account. */
export function publicUser(user: UserRow): { id: string; displayName: string } {
  return { id: user.id, displayName: displayName(user) };
}

/** Starts a session for the account, sets the cookie and records the login. */
export async function startSession(
  ctx: SessionContext,
  request: AccountsRequest,
  reply: AccountsReply,
  user: UserRow,
  method: string,
): Promise<{ sessionId: string }> {
  // A registration asked the register before it wrote the account; every sign-in asks again (libs/server/responsible).
  if (ctx.personGate && !method.startsWith('registration:')) {
    const refused = await ctx.personGate(
      { brandId: user.brand_id, country: user.country },
      {
        firstName: user.first_name,
        lastName: user.last_name,
        birthDate: user.birth_date,
        postcode: null,
        email: user.email,
        phone: user.phone,
      },
    );
    if (refused) throw refused;
  }
  const now = ctx.clock();
  const token = randomToken();
  const id = randomUUID();
  const meta = requestMeta(request);
  const lifetimeMs = sessionLimits(ctx, user).lifetimeMs;
  await insertSession(
    ctx.db,
    {
      id,
      tokenHash: tokenHash(token),
      userId: user.id,
      brandId: user.brand_id,
      userAgent: meta.userAgent,
      ip: meta.ip,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    },
    now,
  );
  await recordEvent(
    ctx.db,
    {
      brandId: user.brand_id,
      userId: user.id,
      kind: 'login',
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { method, session_id: id },
    },
    now,
  );
  const domain = ctx.registry.serverConfig(user.brand_id)?.session?.cookieDomain;
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieDefaults,
    maxAge: Math.floor(lifetimeMs / 1000),
    ...(domain ? { domain } : {}),
  });
  return { sessionId: id };
}

/** Removes the session cookie. */
export function clearSessionCookie(reply: AccountsReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...cookieDefaults });
}

/** A service user token: `<session id>.<expiry seconds>.<signature>`, bound to a live session. */
export function issueUserToken(ctx: SessionContext, sessionId: string): { userToken: string; expireDate: number } {
  const expireDate = Math.floor(ctx.clock().getTime() / 1000) + USER_TOKEN_TTL_SECONDS;
  const payload = `${sessionId}.${expireDate}`;
  return { userToken: `${payload}.${ctx.secrets.sign(payload)}`, expireDate };
}

function sessionIdFromUserToken(ctx: SessionContext, token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [sessionId, expiry, signature] = parts as [string, string, string];
  if (!safeEqual(ctx.secrets.sign(`${sessionId}.${expiry}`), signature)) return undefined;
  if (Number(expiry) * 1000 <= ctx.clock().getTime()) return undefined;
  return /^[0-9a-f-]{36}$/.test(sessionId) ? sessionId : undefined;
}

/** How {@link readSession} treats the request as activity. */
export interface ReadSessionOptions {
  /** false: look without counting as activity (the site's idle check must not keep the session alive). */
  touch?: boolean;
}

/**
 * The session of a request: the cookie, or a bearer service token (mobile and service calls). A session of
 * another brand, a blocked account, a revoked or expired session: all mean no session. A session past the brand's
 * idle time or whole lifetime (README, "Idle sign-out and session lifetime") is deleted and means no session; any other request counts as activity.
 */
export async function readSession(
  ctx: SessionContext,
  request: AccountsRequest,
  options: ReadSessionOptions = {},
): Promise<Authenticated | undefined> {
  const now = ctx.clock();
  let session: SessionRow | undefined;
  const cookie = request.cookies[SESSION_COOKIE];
  const authorization = request.headers['authorization'];
  const bearer = typeof authorization === 'string' ? /^Bearer (\S+)$/.exec(authorization)?.[1] : undefined;
  if (cookie) session = await findLiveSessionByTokenHash(ctx.db, tokenHash(cookie), now);
  else if (bearer) {
    const id = sessionIdFromUserToken(ctx, bearer);
    if (id) session = await findLiveSessionById(ctx.db, id, now);
  }
  if (!session) return undefined;
  const brand = request.brandSelection.kind === 'found' ? request.brandSelection.brand.id : undefined;
  if (session.brand_id !== brand) return undefined;
  const user = await findUserById(ctx.db, session.brand_id, session.user_id);
  if (!user || user.status !== 'active') return undefined;
  const ended = endedBy(sessionLimits(ctx, user), session, now);
  if (ended) {
    await endSession(ctx, request, session, user, ended, now);
    return undefined;
  }
  if (options.touch !== false) await touchSession(ctx.db, session, now);
  return { session, user };
}

/** Deletes a session the brand's limits ended and records why (a row that can never be used again is not kept). */
async function endSession(
  ctx: SessionContext,
  request: AccountsRequest,
  session: SessionRow,
  user: UserRow,
  reason: 'idle' | 'lifetime',
  now: Date,
): Promise<void> {
  const { rowCount } = await ctx.db.query('delete from accounts_sessions where id = $1', [session.id]);
  if (rowCount !== 1) return;
  const meta = requestMeta(request);
  await recordEvent(
    ctx.db,
    {
      brandId: user.brand_id,
      userId: user.id,
      kind: 'session_expired',
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { session_id: session.id, reason },
    },
    now,
  );
}

/** When the session last proved a credential: its sign-in, or its newest re-authentication. */
export async function authenticatedAt(ctx: SessionContext, session: Pick<SessionRow, 'id'>): Promise<Date> {
  const { rows } = await ctx.db.query<{ at: Date }>(
    'select coalesce(authenticated_at, created_at) as at from accounts_sessions where id = $1',
    [session.id],
  );
  const at = rows[0]?.at;
  return at ? new Date(at) : new Date(0);
}

/**
 * Security changes (two-factor on or off, phone add or change) need a credential proven within
 * {@link RECENT_AUTH_MS}: otherwise 403 with error code {@link REAUTH_REQUIRED}, which the site answers by asking
 * for the password (POST /web-api/user/reauth) and retrying.
 */
export async function requireRecentAuth(ctx: SessionContext, auth: Authenticated): Promise<void> {
  const at = await authenticatedAt(ctx, auth.session);
  if (ctx.clock().getTime() - at.getTime() < RECENT_AUTH_MS) return;
  throw new ApiError(403, 'Confirm your password to continue', {
    detail: 'reauth_required: enter your password again to make this change',
    error_code: REAUTH_REQUIRED,
  });
}

/** Records that the session proved the password again now. */
export async function markReauthenticated(
  ctx: SessionContext,
  session: Pick<SessionRow, 'id'>,
  now: Date,
): Promise<void> {
  await ctx.db.query('update accounts_sessions set authenticated_at = $2 where id = $1', [session.id, now]);
}

/** The session of a request, or 401. */
export async function requireSession(ctx: SessionContext, request: AccountsRequest): Promise<Authenticated> {
  const auth = await readSession(ctx, request);
  if (!auth) throw new ApiError(401, 'Not signed in', { detail: 'Sign in to continue' });
  return auth;
}

/** The identity server-side rendering receives (docs/architecture.md; apps/api's SsrSession). */
export type SessionView = { status: 'guest' } | { status: 'authorised'; user: { id: string; displayName: string } };

/** The session of a request for server-side rendering; a failed lookup renders as a guest. */
export async function ssrSession(ctx: SessionContext, request: AccountsRequest): Promise<SessionView> {
  const auth = await readSession(ctx, request).catch((error: unknown) => {
    request.log.error({ err: error }, 'session lookup failed; rendering as guest');
    return undefined;
  });
  return auth ? { status: 'authorised', user: publicUser(auth.user) } : { status: 'guest' };
}

/** The answer of the service user token calls: a fresh token for the session (schemas/api/auth/token-response). */
export function userTokenAnswer(ctx: SessionContext, sessionId: string): UserTokenResponse {
  return { data: { type: 'token', id: sessionId, attributes: issueUserToken(ctx, sessionId) } };
}

/** The session of a request that proved a credential recently (ADR 0206): 401 without a session, 403 4031 otherwise. */
export async function requireRecentSession(ctx: SessionContext, request: AccountsRequest): Promise<Authenticated> {
  const auth = await requireSession(ctx, request);
  await requireRecentAuth(ctx, auth);
  return auth;
}
