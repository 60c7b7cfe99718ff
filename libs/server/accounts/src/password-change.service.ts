import { ApiError } from '@tessera/server/api-errors';
import { assertCaptcha } from '@tessera/server/captcha';
import { revokeSessions, updateUser } from './accounts.repository';
import { failSecret, guardSecret, securityEvent } from './account-guard';
import { requestConfig, type AccountsContext, type AccountsRequest } from './context';
import { assertStrongPassword } from './password-strength';
import { hashPassword, verifyPassword } from './passwords';
import { assertPlainText } from './plain-text';
import type { Authenticated } from './sessions';
import type { PasswordChangeRequest } from '@tessera/shared/contract-api';

/** A password change as the site sends it: the passwords base64-encoded (`data.attributes`). */
export type PasswordChange = PasswordChangeRequest['data']['attributes'];

function decodeBase64Field(value: string, field: string): string {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) {
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: `data.attributes.${field}`, message: 'must be base64' }],
    });
  }
  return Buffer.from(value, 'base64').toString('utf8');
}

/**
 * Changes the password: the brand's captcha, plain text, the strength rule (util-validation README, "Password strength, not composition"), the confirmation, the current
 * password (guarded against guessing), a different one; optionally ends every other session.
 */
export async function changePassword(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  change: PasswordChange,
): Promise<{ message: string }> {
  await assertCaptcha(ctx, request, requestConfig(ctx, request), 'passwordChange');
  const oldPassword = decodeBase64Field(change.old_password, 'old_password');
  const password = decodeBase64Field(change.password, 'password');
  const confirmation = decodeBase64Field(change.password_confirmation, 'password_confirmation');
  assertPlainText({ 'data.attributes.password': password, 'data.attributes.password_confirmation': confirmation });
  const site = requestConfig(ctx, request).config.global;
  await assertStrongPassword(password, 'data.attributes.password', [
    oldPassword,
    auth.user.email,
    auth.user.phone,
    auth.user.first_name,
    auth.user.last_name,
    auth.user.id,
    site.brandName,
    ...site.domains,
  ]);
  if (password !== confirmation)
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'data.attributes.password_confirmation', message: 'does not match the password' }],
    });
  const key = await guardSecret(ctx, auth.user, 'password-change');
  if (!(await verifyPassword(auth.user.password_hash, oldPassword))) {
    await failSecret(ctx, auth.user, key);
    throw new ApiError(422, 'Wrong current password', {
      validation_errors: [{ field: 'data.attributes.old_password', message: 'is not your current password' }],
    });
  }
  if (password === oldPassword)
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'data.attributes.password', message: 'must differ from the current password' }],
    });
  const now = ctx.clock();
  const hashed = await hashPassword(password);
  const ended = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, auth.user.id, { password_hash: hashed }, now);
    return change.end_other_sessions
      ? revokeSessions(tx, auth.user.id, 'password_changed', now, { exceptId: auth.session.id })
      : [];
  });
  await securityEvent(ctx, request, auth, 'password_changed', { ended_sessions: ended.length });
  return { message: 'The password was changed' };
}
