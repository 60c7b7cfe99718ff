import { ApiError } from '@tessera/server/api-errors';
import {
  addAttempt,
  addAttempts,
  clearAttempts,
  countAttemptsWithNewest,
  deleteAttempts,
  lockAttemptKey,
} from './accounts.repository';
import { retryAfter, tooMany } from './codes';
import { cookieDefaults, type AccountsContext, type AccountsReply, type AccountsRequest } from './context';
import { randomToken, safeEqual } from '@tessera/server/secrets';

/** Failed sign-ins one login identifier survives per window from unknown devices; then it is locked until the window passes. */
export const LOGIN_FAILURES_PER_LOGIN = 5;
/** Failed sign-ins one client address survives per window, across identifiers and brands (credential stuffing). */
export const LOGIN_FAILURES_PER_IP = 50;
/** Failed sign-ins one account survives per window from unknown devices, across its identifiers (e-mail, phone, id). */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
/** Failed sign-ins one known device (device cookie) survives per window for its account; only that device is locked. */
export const LOGIN_FAILURES_PER_DEVICE = 5;
/** After this many failures for an account (or a login), unknown devices must solve the brand's captcha (libs/server/accounts README, "Sign-in lockout"). */
export const CAPTCHA_AFTER_FAILURES = 3;
/** From this many failures on, each further attempt from an unknown device waits: 1 s, 2 s, 4 s, ... (libs/server/accounts README, "Sign-in lockout"). */
export const SLOW_DOWN_AFTER_FAILURES = 2;
/** The longest wait the slow-down asks for. */
export const SLOW_DOWN_MAX_MS = 60_000;
/** The lockout window. */
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
/** Attempts of one client address are counted across brands: one address, one budget (libs/server/accounts README, "Sign-in lockout"). */
export const ALL_BRANDS = '*';
/** The device cookie: signed, httpOnly, bound to the brand and the account (OWASP device cookies, libs/server/accounts README, "Sign-in lockout"). */
export const DEVICE_COOKIE = 'tessera_device';
/** A device stays known for a year after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The keys a password sign-in is counted under. */
export interface LoginKeys {
  login: string;
  ip: string;
}

/** Keys of a sign-in: the identifier as typed (so unknown logins lock exactly like real ones) and the address. */
export function loginKeys(kind: string, login: string, ip: string): LoginKeys {
  return { login: `login:${kind}:${login.trim().toLowerCase()}`, ip: `login-ip:${ip}` };
}

const accountKey = (userId: string) => `login-account:${userId}`;
const deviceKey = (userId: string, nonce: string) => `login-device:${userId}:${nonce}`;

/** 429 with the one lockout text (the same for known and unknown logins). */
function locked(oldest: Date | null, now: Date): ApiError {
  return tooMany(retryAfter(oldest, LOCKOUT_WINDOW_MS, now), 'Too many failed sign-in attempts. Try again later');
}

/** 428: the login form shows the brand's captcha and sends its token in `x-captcha-token` (libs/server/accounts README, "Sign-in lockout"). */
export function captchaRequired(): ApiError {
  return new ApiError(428, 'Captcha required', {
    detail: 'Solve the captcha to sign in from this device',
    validation_errors: [{ field: 'x-captcha-token', message: 'required' }],
  });
}

// ---- the device cookie ----

/** The device a request comes from, when it carries a valid device cookie of this brand. */
export interface KnownDevice {
  userId: string;
  nonce: string;
}

function deviceSignature(ctx: AccountsContext, brandId: string, userId: string, nonce: string): string {
  return ctx.secrets.sign(`device\u0000${brandId}\u0000${userId}\u0000${nonce}`);
}

/** Reads the device cookie; a forged, another brand's or malformed one is ignored (the device is unknown). */
export function readDevice(ctx: AccountsContext, request: AccountsRequest, brandId: string): KnownDevice | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (typeof raw !== 'string' || raw.length > 200) return undefined;
  const [userId, nonce, signature] = raw.split('.');
  if (!userId || !nonce || !signature || !/^\d{1,18}$/.test(userId)) return undefined;
  return safeEqual(signature, deviceSignature(ctx, brandId, userId, nonce)) ? { userId, nonce } : undefined;
}

/** After a successful sign-in: this device is known for the account (a fresh nonce, so an old cookie's count is gone). */
export function rememberDevice(ctx: AccountsContext, reply: AccountsReply, brandId: string, userId: string): void {
  const nonce = randomToken().slice(0, 22);
  reply.setCookie(DEVICE_COOKIE, `${userId}.${nonce}.${deviceSignature(ctx, brandId, userId, nonce)}`, {
    ...cookieDefaults,
    sameSite: 'strict',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

// ---- counting an attempt before the password is checked ----

/** One sign-in attempt, counted before the password was checked; `forgive` takes it back when the sign-in succeeds. */
export interface ClaimedAttempt {
  /** Whether the attempt came from a device known to the account (counted under the device only). */
  knownDevice: boolean;
  forgive(): Promise<void>;
}

interface Counter {
  brandId: string;
  key: string;
  limit: number;
}

/** The wait the slow-down asks for after `failures` failures, or 0. */
export function slowDownMs(failures: number): number {
  if (failures < SLOW_DOWN_AFTER_FAILURES) return 0;
  return Math.min(SLOW_DOWN_MAX_MS, 1000 * 2 ** (failures - SLOW_DOWN_AFTER_FAILURES));
}

/**
 * Counts one password sign-in attempt before its password is looked at (libs/server/accounts README, "Sign-in lockout"). Under a transaction-scoped lock
 * per key, it reads the failures in the window, refuses when a limit is reached, and otherwise inserts the attempt,
 * so N simultaneous attempts never get more than the limit through to the password check.
 *
 * A known device (device cookie bound to this account) counts under its own key only: failures of others neither
 * lock it nor ask it for a captcha. Unknown devices count under the login, the account and the address (across
 * brands); once the login or account has CAPTCHA_AFTER_FAILURES failures they must have passed the brand's captcha
 * (`captchaPassed`, else 428), and each failure past SLOW_DOWN_AFTER_FAILURES doubles the wait before the next try.
 */
export async function claimLoginAttempt(
  ctx: AccountsContext,
  brandId: string,
  input: { keys: LoginKeys; userId?: string; device?: KnownDevice; captchaPassed: boolean; captchaAvailable: boolean },
): Promise<ClaimedAttempt> {
  const knownDevice = input.userId !== undefined && input.device?.userId === input.userId;
  const counters: Counter[] = knownDevice
    ? [{ brandId, key: deviceKey(input.userId ?? '', input.device?.nonce ?? ''), limit: LOGIN_FAILURES_PER_DEVICE }]
    : [
        { brandId, key: input.keys.login, limit: LOGIN_FAILURES_PER_LOGIN },
        ...(input.userId ? [{ brandId, key: accountKey(input.userId), limit: LOGIN_FAILURES_PER_ACCOUNT }] : []),
        { brandId: ALL_BRANDS, key: input.keys.ip, limit: LOGIN_FAILURES_PER_IP },
      ];
  const now = ctx.clock();
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  const ids = await ctx.db.transaction(async (tx) => {
    // A fixed order of taking the locks: two claims never wait for each other in a circle.
    const ordered = [...counters].sort((a, b) => `${a.brandId}|${a.key}`.localeCompare(`${b.brandId}|${b.key}`));
    for (const counter of ordered) await lockAttemptKey(tx, counter.brandId, counter.key);
    let failures = 0;
    let newest: Date | null = null;
    for (const counter of counters) {
      const seen = await countAttemptsWithNewest(tx, counter.brandId, counter.key, since);
      if (seen.count >= counter.limit) throw locked(seen.oldest, now);
      // The address is shared by many logins; the login and the account speak of this account.
      if (!knownDevice && counter.brandId !== ALL_BRANDS && seen.count > failures) {
        failures = seen.count;
        newest = seen.newest;
      }
    }
    if (!knownDevice) {
      const wait = slowDownMs(failures);
      if (wait > 0 && newest && now.getTime() < newest.getTime() + wait) {
        // The lock's own text: a slowed and a locked attempt differ only in Retry-After.
        throw tooMany(
          Math.ceil((newest.getTime() + wait - now.getTime()) / 1000),
          'Too many failed sign-in attempts. Try again later',
        );
      }
      if (failures >= CAPTCHA_AFTER_FAILURES && input.captchaAvailable && !input.captchaPassed) throw captchaRequired();
    }
    const inserted: string[] = [];
    for (const counter of counters) inserted.push(await addAttempt(tx, counter.brandId, counter.key, now));
    return inserted;
  });
  return {
    knownDevice,
    // Success forgives as before: the identifier's (or device's) failures go, the address's and account's stay; only
    // this attempt's own rows under those are taken back.
    forgive: async () => {
      await deleteAttempts(ctx.db, ids);
      await clearAttempts(ctx.db, brandId, counters[0]?.key ?? input.keys.login);
    },
  };
}

/**
 * Whether an unknown device would have to pass the captcha for this login or account now (read without the lock:
 * the claim checks again under it). Lets the caller verify a sent captcha token before the claim.
 */
export async function captchaWanted(
  ctx: AccountsContext,
  brandId: string,
  keys: LoginKeys,
  userId?: string,
): Promise<boolean> {
  const since = new Date(ctx.clock().getTime() - LOCKOUT_WINDOW_MS);
  const byLogin = await countAttemptsWithNewest(ctx.db, brandId, keys.login, since);
  if (byLogin.count >= CAPTCHA_AFTER_FAILURES) return true;
  if (!userId) return false;
  return (await countAttemptsWithNewest(ctx.db, brandId, accountKey(userId), since)).count >= CAPTCHA_AFTER_FAILURES;
}

/**
 * The second step's lock: an unknown device gets 429 once the account has too many failures; a known device only
 * when its own count is full (libs/server/accounts README, "Second-step lockout, proving the new phone"; README, "Sign-in lockout").
 */
export async function assertSecondStepNotLocked(
  ctx: AccountsContext,
  brandId: string,
  userId: string,
  device?: KnownDevice,
): Promise<void> {
  const now = ctx.clock();
  const since = new Date(now.getTime() - LOCKOUT_WINDOW_MS);
  const known = device?.userId === userId;
  const seen = await countAttemptsWithNewest(
    ctx.db,
    brandId,
    known ? deviceKey(userId, device.nonce) : accountKey(userId),
    since,
  );
  if (seen.count >= (known ? LOGIN_FAILURES_PER_DEVICE : LOGIN_FAILURES_PER_ACCOUNT)) throw locked(seen.oldest, now);
}

/**
 * Counts a wrong second-step (authenticator) code against the account, or against the known device it came from, so
 * guessing it is bounded across sign-ins: each password step hands out a fresh token with its own tries, but this
 * counter survives them (libs/server/accounts README, "Second-step lockout, proving the new phone").
 */
export async function recordSecondStepFailure(
  ctx: AccountsContext,
  brandId: string,
  userId: string,
  device?: KnownDevice,
): Promise<void> {
  const known = device?.userId === userId;
  await addAttempts(ctx.db, brandId, [known ? deviceKey(userId, device.nonce) : accountKey(userId)], ctx.clock());
}

/** Route config: sign-in attempts (and re-authentications) per client per minute for a brand (server.json rateLimits.loginPerMinute, default 10). */
export function signInRateLimit(ctx: AccountsContext) {
  return {
    rateLimit: {
      max: (request: AccountsRequest) => {
        const brand = request.brandSelection.kind === 'found' ? request.brandSelection.brand.id : undefined;
        return (brand && ctx.registry.serverConfig(brand)?.rateLimits?.loginPerMinute) || 10;
      },
      timeWindow: '1 minute',
    },
  };
}
