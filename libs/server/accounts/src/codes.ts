import { randomInt, randomUUID } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import { MessagingError, RecipientRateLimitedError, type MessageChannel } from '@tessera/server/messaging';
import { addAttempts, countAttempts } from './accounts.repository';
import type { AccountsContext } from './context';
import { randomToken, tokenHash } from '@tessera/server/secrets';

/** What a one-time code proves. */
export type CodePurpose =
  | 'registration'
  | 'sms-login'
  | 'phone-add'
  | 'phone-change'
  /** The code to the new number of a phone change, which proves it before it is bound (libs/server/accounts README, "Second-step lockout, proving the new phone"). */
  | 'phone-change-new'
  | 'two-factor-enable'
  | 'login-second-step'
  | 'email-activation'
  | 'password-reset'
  /** The code to the e-mail address of a registration, which completes it (ADR 0202). */
  | 'registration-email';

/** Length of SMS codes. */
export const CODE_LENGTH = 6;
/** SMS codes live 5 minutes. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** Wrong guesses a code survives; after that it is burnt and a new one must be requested. */
export const CODE_MAX_ATTEMPTS = 5;
/** Wait before the same code can be sent again to the same recipient. */
export const RESEND_COOLDOWN_MS = 60_000;
/** Codes one client address may request per hour, across recipients (stops SMS pumping through us). */
export const SENDS_PER_IP_PER_HOUR = 30;

/** The outcome of a code check. */
export type CodeCheck =
  | { ok: true; id: string; userId: string | null; payload: Record<string, unknown> | null }
  | { ok: false; reason: 'wrong' | 'spent' };

interface CodeRow {
  id: string;
  user_id: string | null;
  code_hash: string;
  payload: Record<string, unknown> | null;
  attempts: number;
  max_attempts: number;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

/** Issues a numeric code for (purpose, recipient); earlier codes for the same pair stop working. */
export async function issueCode(
  ctx: AccountsContext,
  input: {
    brandId: string;
    purpose: CodePurpose;
    recipient: string;
    userId?: string | null;
    payload?: Record<string, unknown>;
    ttlMs?: number;
  },
): Promise<{ id: string; code: string }> {
  const now = ctx.clock();
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `update accounts_codes set expires_at = $4 where brand_id = $1 and purpose = $2 and recipient = $3 and consumed_at is null and expires_at > $4`,
      [input.brandId, input.purpose, input.recipient, now],
    );
    await tx.query(
      `insert into accounts_codes (id, brand_id, purpose, recipient, user_id, code_hash, payload, max_attempts, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        input.brandId,
        input.purpose,
        input.recipient,
        input.userId ?? null,
        ctx.secrets.keyedHash(input.purpose, input.recipient, code),
        input.payload ? JSON.stringify(input.payload) : null,
        CODE_MAX_ATTEMPTS,
        now,
        new Date(now.getTime() + (input.ttlMs ?? SMS_CODE_TTL_MS)),
      ],
    );
  });
  return { id, code };
}

/** Removes a code whose message could not be sent, so nothing half-done stays behind. */
export async function discardCode(ctx: AccountsContext, id: string): Promise<void> {
  await ctx.db.query('delete from accounts_codes where id = $1', [id]);
}

/**
 * Checks the latest code for (purpose, recipient). A wrong guess counts against the code; an expired, used or
 * exhausted code is `spent` (answer 410: ask for a new one). `consume` marks it used, atomically, so two requests
 * racing with the same code cannot both succeed.
 */
export async function checkCode(
  ctx: AccountsContext,
  input: { brandId: string; purpose: CodePurpose; recipient: string; code: string; consume: boolean },
): Promise<CodeCheck> {
  const now = ctx.clock();
  const { rows } = await ctx.db.query<CodeRow>(
    `select id, user_id, code_hash, payload, attempts, max_attempts, created_at, expires_at, consumed_at from accounts_codes
     where brand_id = $1 and purpose = $2 and recipient = $3 order by created_at desc, id limit 1`,
    [input.brandId, input.purpose, input.recipient],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'wrong' };
  if (row.consumed_at || new Date(row.expires_at) <= now || row.attempts >= row.max_attempts)
    return { ok: false, reason: 'spent' };
  if (ctx.secrets.keyedHash(input.purpose, input.recipient, input.code.trim()) !== row.code_hash) {
    await ctx.db.query('update accounts_codes set attempts = attempts + 1 where id = $1', [row.id]);
    return { ok: false, reason: 'wrong' };
  }
  if (input.consume) {
    const { rowCount } = await ctx.db.query(
      'update accounts_codes set consumed_at = $2 where id = $1 and consumed_at is null',
      [row.id, now],
    );
    if (rowCount !== 1) return { ok: false, reason: 'spent' };
  }
  return { ok: true, id: row.id, userId: row.user_id, payload: row.payload };
}

/** Marks a code checked earlier (without consuming) as used. */
export async function consumeCode(ctx: AccountsContext, id: string): Promise<boolean> {
  const { rowCount } = await ctx.db.query(
    'update accounts_codes set consumed_at = $2 where id = $1 and consumed_at is null',
    [id, ctx.clock()],
  );
  return rowCount === 1;
}

/** The answer for a failed code check, in the spec's error shape. */
export function codeError(result: { reason: 'wrong' | 'spent' }, field = 'confirm_code'): ApiError {
  if (result.reason === 'spent') {
    return new ApiError(410, 'The code has expired or was already used', { detail: 'Request a new code' });
  }
  return new ApiError(422, 'Wrong code', { validation_errors: [{ field, message: 'is not the code we sent' }] });
}

/** Issues a long random token (e-mail links, the second login step), stored hashed; valid for `ttlMs`. */
export async function issueToken(
  ctx: AccountsContext,
  input: {
    brandId: string;
    purpose: CodePurpose;
    recipient: string;
    userId: string;
    ttlMs: number;
    payload?: Record<string, unknown>;
  },
): Promise<string> {
  const now = ctx.clock();
  const token = randomToken();
  await ctx.db.query(
    `insert into accounts_codes (id, brand_id, purpose, recipient, user_id, code_hash, payload, max_attempts, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      randomUUID(),
      input.brandId,
      input.purpose,
      input.recipient,
      input.userId,
      tokenHash(token),
      input.payload ? JSON.stringify(input.payload) : null,
      CODE_MAX_ATTEMPTS,
      now,
      new Date(now.getTime() + input.ttlMs),
    ],
  );
  return token;
}

/** A live token of the purpose (not consumed, not expired, attempts left), or undefined. */
export async function findToken(
  ctx: AccountsContext,
  brandId: string,
  purpose: CodePurpose,
  token: string,
): Promise<
  | { id: string; userId: string; recipient: string; attempts: number; payload: Record<string, unknown> | null }
  | undefined
> {
  const { rows } = await ctx.db.query<CodeRow & { recipient: string }>(
    `select id, user_id, recipient, code_hash, payload, attempts, max_attempts, created_at, expires_at, consumed_at from accounts_codes
     where brand_id = $1 and purpose = $2 and code_hash = $3`,
    [brandId, purpose, tokenHash(token)],
  );
  const row = rows[0];
  if (
    !row ||
    row.consumed_at ||
    new Date(row.expires_at) <= ctx.clock() ||
    row.attempts >= row.max_attempts ||
    !row.user_id
  )
    return undefined;
  return { id: row.id, userId: row.user_id, recipient: row.recipient, attempts: row.attempts, payload: row.payload };
}

/** Counts a wrong second factor against a login token. */
export async function spendTokenAttempt(ctx: AccountsContext, id: string): Promise<void> {
  await ctx.db.query('update accounts_codes set attempts = attempts + 1 where id = $1', [id]);
}

/** How a code goes out: the channel and the text around it. */
export interface CodeMessage {
  channel: MessageChannel;
  subject?: string;
  text: (code: string) => string;
}

/** What {@link sendCode} needs to know. */
export interface SendCodeInput {
  brandId: string;
  purpose: CodePurpose;
  recipient: string;
  ip: string;
  userId?: string | null;
  payload?: Record<string, unknown>;
  /** How long the code lives (default SMS_CODE_TTL_MS). */
  ttlMs?: number;
  /** False when the code must not really go out (no such account): limits still apply, so answers look alike. */
  deliver?: boolean;
  message: CodeMessage;
}

/** The resend cool-down of this server: 60 s, shorter only on a test server (`AccountsContext.resendCooldownMs`). */
function resendCooldown(ctx: Pick<AccountsContext, 'resendCooldownMs'>): number {
  return ctx.resendCooldownMs ?? RESEND_COOLDOWN_MS;
}

/** Seconds until a resend, as answers announce them. */
function resendAfterSeconds(ctx: Pick<AccountsContext, 'resendCooldownMs'>): number {
  return Math.ceil(resendCooldown(ctx) / 1000);
}

/** Checks the resend cool-down and the per-address cap, then issues the code (shared by both ways of sending). */
async function issueLimited(ctx: AccountsContext, input: SendCodeInput): Promise<{ id: string; code: string }> {
  const now = ctx.clock();
  const cooldown = resendCooldown(ctx);
  const { rows } = await ctx.db.query<{ created_at: Date }>(
    `select created_at from accounts_codes where brand_id = $1 and purpose = $2 and recipient = $3 order by created_at desc limit 1`,
    [input.brandId, input.purpose, input.recipient],
  );
  const last = rows[0] ? new Date(rows[0].created_at).getTime() : undefined;
  if (last !== undefined && now.getTime() - last < cooldown) {
    throw tooMany(Math.ceil((last + cooldown - now.getTime()) / 1000), 'Wait before asking for another code');
  }
  const ipKey = `send-ip:${input.ip}`;
  const perIp = await countAttempts(ctx.db, input.brandId, ipKey, new Date(now.getTime() - 3_600_000));
  if (perIp.count >= SENDS_PER_IP_PER_HOUR)
    throw tooMany(retryAfter(perIp.oldest, 3_600_000, now), 'Too many codes requested from this address');
  await addAttempts(ctx.db, input.brandId, [ipKey], now);
  return issueCode(ctx, input);
}

async function deliverCode(
  ctx: AccountsContext,
  input: SendCodeInput,
  issued: { id: string; code: string },
): Promise<void> {
  await ctx.messenger.send({
    brandId: input.brandId,
    channel: input.message.channel,
    to: input.recipient,
    ...(input.message.subject ? { subject: input.message.subject } : {}),
    text: input.message.text(issued.code),
  });
  if (ctx.mode !== 'production')
    ctx.log.info({ to: input.recipient, purpose: input.purpose, code: issued.code }, 'development: code sent');
}

/**
 * Sends a fresh code to a recipient with the resend cool-down per (purpose, recipient), the hourly cap per client
 * address, and the gateway's per-recipient cap. A gateway failure removes the code and answers 503.
 */
export async function sendCode(ctx: AccountsContext, input: SendCodeInput): Promise<{ resendAfterSeconds: number }> {
  const issued = await issueLimited(ctx, input);
  if (input.deliver === false) return { resendAfterSeconds: resendAfterSeconds(ctx) };
  try {
    await deliverCode(ctx, input, issued);
  } catch (error) {
    await discardCode(ctx, issued.id);
    if (error instanceof RecipientRateLimitedError)
      throw tooMany(error.retryAfterSeconds, 'Too many messages to this recipient');
    if (error instanceof MessagingError) {
      ctx.log.warn({ reason: error.reason, purpose: input.purpose }, 'message could not be sent');
      throw new ApiError(503, 'The message could not be sent', { detail: 'Please try again in a minute' });
    }
    throw error;
  }
  return { resendAfterSeconds: resendAfterSeconds(ctx) };
}

/**
 * Like {@link sendCode}, but the message goes out after the answer: `delivery` (which never rejects; a failure is
 * logged and the code removed) is for the caller to keep, not to await. The answer then cannot tell, by its timing or
 * a gateway error, which message went out (ADR 0202).
 */
export async function sendCodeAfterAnswer(
  ctx: AccountsContext,
  input: SendCodeInput,
): Promise<{ resendAfterSeconds: number; delivery: () => Promise<void> }> {
  const issued = await issueLimited(ctx, input);
  const delivery = async () => {
    try {
      await deliverCode(ctx, input, issued);
    } catch (error) {
      ctx.log.warn({ err: error, purpose: input.purpose }, 'message could not be sent');
      await discardCode(ctx, issued.id).catch(() => undefined);
    }
  };
  return { resendAfterSeconds: resendAfterSeconds(ctx), delivery };
}

/** Seconds until the oldest counted event leaves the window. */
export function retryAfter(oldest: Date | null, windowMs: number, now: Date): number {
  const start = oldest ? oldest.getTime() : now.getTime();
  return Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000));
}

/** 429 with Retry-After, in the spec's error shape. */
export function tooMany(seconds: number, detail: string): ApiError {
  const error = new ApiError(429, 'Too many requests', { detail });
  (error as ApiError & { headers?: Record<string, string> }).headers = { 'retry-after': String(seconds) };
  return error;
}
