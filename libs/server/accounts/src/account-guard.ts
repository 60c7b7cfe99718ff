import { addAttempts, countAttempts, recordEvent, type UserRow } from './accounts.repository';
import { retryAfter, tooMany } from './codes';
import { requestMeta, type AccountsContext, type AccountsRequest } from './context';
import type { Authenticated } from './sessions';

/** Wrong answers, hashes, app codes or old passwords one account survives per 15 minutes. */
export const SECRET_FAILURES_PER_WINDOW = 5;
const windowMs = 15 * 60_000;

/** The attempt key of a secret the account proves (`what`), or 429 when it failed too often in the window. */
export async function guardSecret(ctx: AccountsContext, user: UserRow, what: string): Promise<string> {
  const key = `${what}:${user.id}`;
  const now = ctx.clock();
  const failures = await countAttempts(ctx.db, user.brand_id, key, new Date(now.getTime() - windowMs));
  if (failures.count >= SECRET_FAILURES_PER_WINDOW)
    throw tooMany(retryAfter(failures.oldest, windowMs, now), 'Too many wrong attempts. Try again later');
  return key;
}

/** Counts one failure of a guarded secret. */
export async function failSecret(ctx: AccountsContext, user: UserRow, key: string): Promise<void> {
  await addAttempts(ctx.db, user.brand_id, [key], ctx.clock());
}

/** Records a security event of the signed-in account (`accounts_security_events`). */
export async function securityEvent(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  kind: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const meta = requestMeta(request);
  await recordEvent(
    ctx.db,
    {
      brandId: auth.user.brand_id,
      userId: auth.user.id,
      kind,
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { session_id: auth.session.id, ...detail },
    },
    ctx.clock(),
  );
}
