import { addAttempts, clearAttempts, countAttempts } from './accounts.repository';
import { retryAfter, tooMany } from './codes';
import type { AccountsContext } from './context';

/** Failed sign-ins one login identifier survives per window; then it is locked until the window passes. */
export const LOGIN_FAILURES_PER_LOGIN = 5;
/** Failed sign-ins one client address survives per window, across identifiers (credential stuffing). */
export const LOGIN_FAILURES_PER_IP = 50;
/** Failed sign-ins one account survives per window across all its identifiers (e-mail, phone, id). */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
/** The lockout window. */
export const LOCKOUT_WINDOW_MS = 15 * 60_000;

/** Keys of a sign-in: the identifier as typed (so unknown logins lock exactly like real ones) and the address. */
export function loginKeys(kind: string, login: string, ip: string): { login: string; ip: string } {
  return { login: `login:${kind}:${login.trim().toLowerCase()}`, ip: `login-ip:${ip}` };
}

/** Throws 429 when the identifier or the address is locked. */
export async function assertNotLocked(ctx: AccountsContext, brandId: string, keys: { login: string; ip: string }): Promise<void> {
  const now = ctx.clock();
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  const byLogin = await countAttempts(ctx.db, brandId, keys.login, since);
  if (byLogin.count >= LOGIN_FAILURES_PER_LOGIN) {
    throw tooMany(retryAfter(byLogin.oldest, LOCKOUT_WINDOW_MS, now), 'Too many failed sign-in attempts. Try again later');
  }
  const byIp = await countAttempts(ctx.db, brandId, keys.ip, since);
  if (byIp.count >= LOGIN_FAILURES_PER_IP) {
    throw tooMany(retryAfter(byIp.oldest, LOCKOUT_WINDOW_MS, now), 'Too many failed sign-in attempts. Try again later');
  }
}

/** Throws 429 when the account has too many failures across its identifiers (checked once it is known). */
export async function assertAccountNotLocked(ctx: AccountsContext, brandId: string, userId: string): Promise<void> {
  const now = ctx.clock();
  const byAccount = await countAttempts(ctx.db, brandId, `login-account:${userId}`, new Date(now.getTime() - LOCKOUT_WINDOW_MS));
  if (byAccount.count >= LOGIN_FAILURES_PER_ACCOUNT) {
    throw tooMany(retryAfter(byAccount.oldest, LOCKOUT_WINDOW_MS, now), 'Too many failed sign-in attempts. Try again later');
  }
}

/** Counts a failed sign-in (under the account too, when the login matched one). */
export async function recordFailure(ctx: AccountsContext, brandId: string, keys: { login: string; ip: string }, userId?: string): Promise<void> {
  await addAttempts(ctx.db, brandId, userId ? [keys.login, keys.ip, `login-account:${userId}`] : [keys.login, keys.ip], ctx.clock());
}

/**
 * Counts a wrong second-step (authenticator) code against the account, so guessing it is bounded across sign-ins:
 * each password step hands out a fresh token with its own tries, but this counter survives them (ADR 0155).
 */
export async function recordSecondStepFailure(ctx: AccountsContext, brandId: string, userId: string): Promise<void> {
  await addAttempts(ctx.db, brandId, [`login-account:${userId}`], ctx.clock());
}

/**
 * A successful sign-in forgives the identifier's earlier failures (not the address's, and not the account's: wrong
 * passwords and second-step codes under `login-account:<id>` only leave with the window).
 */
export async function recordSuccess(ctx: AccountsContext, brandId: string, keys: { login: string; ip: string }): Promise<void> {
  await clearAttempts(ctx.db, brandId, keys.login);
}
