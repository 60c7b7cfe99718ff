import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { cookieDefaults } from '../../http/site-context';
import type { SsrSession } from '../pages/ssr-contract';
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
import { requestMeta, type AccountsContext } from './context';
import { randomToken, safeEqual, tokenHash } from './secrets';

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

function ttlMinutes(ctx: AccountsContext, brandId: string): number {
  return ctx.registry.serverConfig(brandId)?.session?.ttlMinutes ?? defaultTtlMinutes;
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
  ctx: AccountsContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  method: string,
): Promise<{ sessionId: string }> {
  const now = ctx.clock();
  const token = randomToken();
  const id = randomUUID();
  const meta = requestMeta(request);
  const ttl = ttlMinutes(ctx, user.brand_id);
  await insertSession(
    ctx.db,
    { id, tokenHash: tokenHash(token), userId: user.id, brandId: user.brand_id, userAgent: meta.userAgent, ip: meta.ip, expiresAt: new Date(now.getTime() + ttl * 60_000) },
    now,
  );
  await recordEvent(ctx.db, { brandId: user.brand_id, userId: user.id, kind: 'login', ip: meta.ip, userAgent: meta.userAgent, detail: { method, session_id: id } }, now);
  const domain = ctx.registry.serverConfig(user.brand_id)?.session?.cookieDomain;
  reply.setCookie(SESSION_COOKIE, token, { ...cookieDefaults, maxAge: ttl * 60, ...(domain ? { domain } : {}) });
  return { sessionId: id };
}

/** Removes the session cookie. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { ...cookieDefaults });
}

/** A service user token: `<session id>.<expiry seconds>.<signature>`, bound to a live session. */
export function issueUserToken(ctx: AccountsContext, sessionId: string): { userToken: string; expireDate: number } {
  const expireDate = Math.floor(ctx.clock().getTime() / 1000) + USER_TOKEN_TTL_SECONDS;
  const payload = `${sessionId}.${expireDate}`;
  return { userToken: `${payload}.${ctx.secrets.sign(payload)}`, expireDate };
}

function sessionIdFromUserToken(ctx: AccountsContext, token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [sessionId, expiry, signature] = parts as [string, string, string];
  if (!safeEqual(ctx.secrets.sign(`${sessionId}.${expiry}`), signature)) return undefined;
  if (Number(expiry) * 1000 <= ctx.clock().getTime()) return undefined;
  return /^[0-9a-f-]{36}$/.test(sessionId) ? sessionId : undefined;
}

/**
 * The session of a request: the cookie, or a bearer service token (mobile and service calls). A session of
 * another brand, a blocked account, a revoked or expired session: all mean no session.
 */
export async function readSession(ctx: AccountsContext, request: FastifyRequest): Promise<Authenticated | undefined> {
  const now = ctx.clock();
  let session: SessionRow | undefined;
  const cookie = request.cookies[SESSION_COOKIE];
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
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
  await touchSession(ctx.db, session, now);
  return { session, user };
}

/** The session of a request, or 401. */
export async function requireSession(ctx: AccountsContext, request: FastifyRequest): Promise<Authenticated> {
  const auth = await readSession(ctx, request);
  if (!auth) throw new ApiError(401, 'Not signed in', { detail: 'Sign in to continue' });
  return auth;
}

/** The identity server-side rendering receives (docs/architecture.md). */
export async function ssrSession(ctx: AccountsContext, request: FastifyRequest): Promise<SsrSession> {
  const auth = await readSession(ctx, request).catch((error: unknown) => {
    request.log.error({ err: error }, 'session lookup failed; rendering as guest');
    return undefined;
  });
  return auth ? { status: 'authorised', user: publicUser(auth.user) } : { status: 'guest' };
}
