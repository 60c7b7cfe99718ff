import { ApiError } from '@tessera/server/api-errors';
import { listLiveSessions, revokeSessions } from './accounts.repository';
import { securityEvent } from './account-guard';
import type { AccountsContext, AccountsRequest } from './context';
import { claimLoginAttempt, loginKeys, readDevice } from './lockout';
import { verifyPassword } from './passwords';
import { markReauthenticated, sessionDeadlines, sessionLimits, type Authenticated } from './sessions';

/** The account's live sessions, newest first, the current one marked. */
export async function liveSessionsOf(
  ctx: AccountsContext,
  auth: Authenticated,
): Promise<{
  sessions: {
    session_id: string;
    user_agent: string | null;
    ip: string | null;
    created_at: string;
    last_seen_at: string;
    current: boolean;
  }[];
}> {
  const sessions = await listLiveSessions(ctx.db, auth.user.id, ctx.clock());
  return {
    sessions: sessions.map((s) => ({
      session_id: s.id,
      user_agent: s.user_agent,
      ip: s.ip,
      created_at: new Date(s.created_at).toISOString(),
      last_seen_at: new Date(s.last_seen_at).toISOString(),
      current: s.id === auth.session.id,
    })),
  };
}

/** Closes one session of the account (404 when it is not a live one of theirs); says whether it was the current one. */
export async function closeSession(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  sessionId: string,
): Promise<{ closedCurrent: boolean }> {
  const closed = await revokeSessions(ctx.db, auth.user.id, 'closed', ctx.clock(), { onlyId: sessionId });
  if (closed.length === 0) throw new ApiError(404, 'No such session');
  await securityEvent(ctx, request, auth, 'session_closed', { closed_session_id: sessionId });
  return { closedCurrent: sessionId === auth.session.id };
}

/** Closes every other session of the account (this one stays). */
export async function closeOtherSessions(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
): Promise<{ message: string }> {
  const closed = await revokeSessions(ctx.db, auth.user.id, 'disconnect_everywhere', ctx.clock(), {
    exceptId: auth.session.id,
  });
  await securityEvent(ctx, request, auth, 'sessions_closed', { count: closed.length });
  return { message: `${closed.length} other session(s) closed` };
}

/**
 * The password again (ADR 0206): counted like a sign-in, before the password is checked (libs/server/accounts README, "Sign-in lockout"), so a stolen session
 * cannot guess the password faster than the sign-in form allows. There is no captcha in the dialog: the slow-down and
 * the lock bound it. A right password allows security changes for 5 minutes.
 */
export async function reauthenticate(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  password: string,
): Promise<{ message: string }> {
  const attempt = await claimLoginAttempt(ctx, auth.user.brand_id, {
    keys: loginKeys('reauth', auth.user.id, request.ip),
    userId: auth.user.id,
    device: readDevice(ctx, request, auth.user.brand_id),
    captchaPassed: false,
    captchaAvailable: false,
  });
  if (!(await verifyPassword(auth.user.password_hash, password))) {
    await securityEvent(ctx, request, auth, 'reauth_failed');
    throw new ApiError(422, 'Wrong password', {
      validation_errors: [{ field: 'password', message: 'is not your current password' }],
    });
  }
  await attempt.forgive();
  const now = ctx.clock();
  await markReauthenticated(ctx, auth.session, now);
  await securityEvent(ctx, request, auth, 'reauthenticated');
  return { message: 'Password confirmed' };
}

/** When the session ends without further activity (libs/server/accounts README, "Idle sign-out and session lifetime"), as the site reads it. */
export function sessionLimitsView(
  ctx: AccountsContext,
  auth: Authenticated,
): { now: string; idle_timeout_seconds: number | null; idle_ends_at: string | null; ends_at: string } {
  const limits = sessionLimits(ctx, auth.user);
  const deadlines = sessionDeadlines(limits, auth.session);
  return {
    now: ctx.clock().toISOString(),
    idle_timeout_seconds: limits.idleMs === undefined ? null : limits.idleMs / 1000,
    idle_ends_at: deadlines.idleEndsAt?.toISOString() ?? null,
    ends_at: deadlines.endsAt.toISOString(),
  };
}

/** "Stay signed in": counts as activity now and answers the new limits. */
export async function keepSessionAlive(
  ctx: AccountsContext,
  auth: Authenticated,
): Promise<ReturnType<typeof sessionLimitsView>> {
  const now = ctx.clock();
  await ctx.db.query('update accounts_sessions set last_seen_at = $2 where id = $1 and last_seen_at < $2', [
    auth.session.id,
    now,
  ]);
  return sessionLimitsView(ctx, { ...auth, session: { ...auth.session, last_seen_at: now } });
}
