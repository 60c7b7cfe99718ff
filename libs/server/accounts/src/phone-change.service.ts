import { ApiError } from '@tessera/server/api-errors';
import { assertCaptcha } from '@tessera/server/captcha';
import { dropUnprovenPhone, findUserByPhone, updateUser, type UserRow } from './accounts.repository';
import { failSecret, guardSecret, securityEvent } from './account-guard';
import { checkCode, CODE_LENGTH, codeError, sendCode } from './codes';
import { requestBrand, requestConfig, type AccountsContext, type AccountsRequest } from './context';
import { assertDelivers } from './message-channels';
import { normalisePhone, phoneRulesOf } from './phone';
import { checkSecureAnswer } from './secure-questions';
import type { Authenticated } from './sessions';
import type { PhoneSendCodeResponse } from '@tessera/shared/contract-api';

/** A phone number as the site sends it. */
export interface PhoneInput {
  phone_number: string;
  country_code?: string;
}

type CodeSent = PhoneSendCodeResponse;

/** The proven phone of the account, or 409. */
export function boundPhoneOf(user: UserRow): string {
  if (!user.phone || !user.phone_confirmed_at)
    throw new ApiError(409, 'No phone number is bound to the account', { detail: 'Add a phone number first' });
  return user.phone;
}

function phoneOfRequest(ctx: AccountsContext, request: AccountsRequest, input: PhoneInput): string {
  return normalisePhone(
    input.phone_number,
    input.country_code,
    phoneRulesOf(requestConfig(ctx, request).config),
    'phone_number',
  );
}

/** Phone add, step 1: an account without a proven phone names one; a code goes to it. */
export async function startPhoneAdd(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  input: PhoneInput,
): Promise<CodeSent> {
  assertDelivers(ctx, 'sms', 'Adding a phone number');
  if (auth.user.phone_confirmed_at)
    throw new ApiError(409, 'A phone number is already bound', { detail: 'Use the phone change instead' });
  const phone = phoneOfRequest(ctx, request, input);
  const brand = requestBrand(request);
  const sent = await sendCode(ctx, {
    brandId: brand.id,
    purpose: 'phone-add',
    recipient: phone,
    ip: request.ip,
    userId: auth.user.id,
    message: { channel: 'sms', text: (code) => `${brand.name}: code to add this phone to your account: ${code}` },
  });
  return { message: 'The code was sent', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
}

/** Phone add, step 2: the code proves the phone, which is bound. */
export async function confirmPhoneAdd(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  input: PhoneInput & { confirm_code: string },
): Promise<{ message: string }> {
  if (auth.user.phone_confirmed_at)
    throw new ApiError(409, 'A phone number is already bound', { detail: 'Use the phone change instead' });
  const phone = phoneOfRequest(ctx, request, input);
  const check = await checkCode(ctx, {
    brandId: auth.user.brand_id,
    purpose: 'phone-add',
    recipient: phone,
    code: input.confirm_code,
    consume: false,
  });
  if (!check.ok || check.userId !== auth.user.id) throw codeError(check.ok ? { reason: 'wrong' } : check);
  await bindPhone(ctx, auth, phone, check.id);
  await securityEvent(ctx, request, auth, 'phone_added');
  return { message: 'The phone number was added' };
}

/** Phone change, step 1: a code to the current phone (behind the brand's captcha). */
export async function sendPhoneChangeCode(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
): Promise<CodeSent> {
  assertDelivers(ctx, 'sms', 'Changing the phone number');
  await assertCaptcha(ctx, request, requestConfig(ctx, request), 'phoneChange');
  const phone = boundPhoneOf(auth.user);
  const brand = requestBrand(request);
  const sent = await sendCode(ctx, {
    brandId: brand.id,
    purpose: 'phone-change',
    recipient: phone,
    ip: request.ip,
    userId: auth.user.id,
    message: {
      channel: 'sms',
      text: (code) =>
        `${brand.name}: code to change your phone number: ${code}. If it was not you, change your password.`,
    },
  });
  return { message: 'The code was sent', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
}

/** Phone change, step 2: checks the code (it stays valid for the last step). */
export async function checkPhoneChangeCode(
  ctx: AccountsContext,
  auth: Authenticated,
  confirmCode: string,
): Promise<{ message: string }> {
  const check = await checkCode(ctx, {
    brandId: auth.user.brand_id,
    purpose: 'phone-change',
    recipient: boundPhoneOf(auth.user),
    code: confirmCode,
    consume: false,
  });
  if (!check.ok) throw codeError(check);
  return { message: 'The code is correct' };
}

/** Phone change, step 3: checks the secure answer. */
export async function checkPhoneChangeAnswer(
  ctx: AccountsContext,
  auth: Authenticated,
  answer: string,
): Promise<{ message: string }> {
  await checkSecureAnswer(ctx, auth.user, answer);
  return { message: auth.user.secure_answer_hash ? 'The answer is correct' : 'No secure question is set' };
}

/** Phone change, step 4: the new number, with the code and the answer; a code goes to the new number. */
export async function requestPhoneChange(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  input: PhoneInput & { confirm_code: string; user_answer?: string },
): Promise<CodeSent> {
  assertDelivers(ctx, 'sms', 'Changing the phone number');
  const current = boundPhoneOf(auth.user);
  const phone = phoneOfRequest(ctx, request, input);
  const check = await checkCode(ctx, {
    brandId: auth.user.brand_id,
    purpose: 'phone-change',
    recipient: current,
    code: input.confirm_code,
    consume: false,
  });
  if (!check.ok) throw codeError(check);
  await checkSecureAnswer(ctx, auth.user, input.user_answer);
  if (phone === current)
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'phone_number', message: 'is your current number' }],
    });
  const owner = await findUserByPhone(ctx.db, auth.user.brand_id, phone);
  if (owner && owner.id !== auth.user.id) throw new ApiError(409, 'This phone number is used by another account');
  // Each new-number code is an SMS to a number the bettor typed: a few per window, beside the sending limits.
  const key = await guardSecret(ctx, auth.user, 'phone-change-new-number');
  const now = ctx.clock();
  // Only the newest number asked for can be confirmed.
  await ctx.db.query(
    `update accounts_codes set expires_at = $3 where brand_id = $1 and purpose = 'phone-change-new' and user_id = $2 and consumed_at is null and expires_at > $3`,
    [auth.user.brand_id, auth.user.id, now],
  );
  const brand = requestBrand(request);
  const sent = await sendCode(ctx, {
    brandId: brand.id,
    purpose: 'phone-change-new',
    recipient: phone,
    ip: request.ip,
    userId: auth.user.id,
    payload: { from: current, old_code_id: check.id },
    message: {
      channel: 'sms',
      text: (code) => `${brand.name}: code to make this the phone number of your account: ${code}`,
    },
  });
  await failSecret(ctx, auth.user, key);
  await securityEvent(ctx, request, auth, 'phone_change_requested', { to: phone.slice(-4) });
  return {
    message: 'The code was sent to the new number',
    code_length: CODE_LENGTH,
    resend_after: sent.resendAfterSeconds,
  };
}

/** Phone change, step 5: the code sent to the new number; the number is changed. */
export async function confirmPhoneChange(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  confirmCode: string,
): Promise<{ message: string }> {
  const current = boundPhoneOf(auth.user);
  const { rows } = await ctx.db.query<{ recipient: string }>(
    `select recipient from accounts_codes where brand_id = $1 and purpose = 'phone-change-new' and user_id = $2 order by created_at desc, id limit 1`,
    [auth.user.brand_id, auth.user.id],
  );
  const phone = rows[0]?.recipient;
  if (!phone) throw codeError({ reason: 'spent' });
  const check = await checkCode(ctx, {
    brandId: auth.user.brand_id,
    purpose: 'phone-change-new',
    recipient: phone,
    code: confirmCode,
    consume: false,
  });
  if (!check.ok || check.userId !== auth.user.id) throw codeError(check.ok ? { reason: 'wrong' } : check);
  const oldCodeId = check.payload?.['old_code_id'];
  // The phone this change started from must still be the account's: otherwise its proof is about another number.
  if (check.payload?.['from'] !== current || typeof oldCodeId !== 'string') throw codeError({ reason: 'spent' });
  await bindPhone(ctx, auth, phone, check.id, oldCodeId);
  await securityEvent(ctx, request, auth, 'phone_changed', { from: current.slice(-4), to: phone.slice(-4) });
  return { message: 'The phone number was changed' };
}

/**
 * Binds a proven phone and spends its code (and, for a phone change, the old phone's code) in one transaction; a
 * number taken on the brand answers 409, a code already spent 410, and neither leaves anything written.
 */
async function bindPhone(
  ctx: AccountsContext,
  auth: Authenticated,
  phone: string,
  codeId: string,
  oldPhoneCodeId?: string,
): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const owner = await findUserByPhone(tx, auth.user.brand_id, phone);
    if (owner && owner.id !== auth.user.id) throw new ApiError(409, 'This phone number is used by another account');
    for (const id of oldPhoneCodeId ? [codeId, oldPhoneCodeId] : [codeId]) {
      const { rowCount } = await tx.query(
        'update accounts_codes set consumed_at = $2 where id = $1 and consumed_at is null',
        [id, now],
      );
      if (rowCount !== 1)
        throw new ApiError(410, 'The code has expired or was already used', { detail: 'Request a new code' });
    }
    await updateUser(tx, auth.user.id, { phone, phone_confirmed_at: now }, now);
    // Proven here, so no other account keeps it unproven (libs/server/accounts README, "Only proven phones identify an account").
    await dropUnprovenPhone(
      tx,
      {
        brandId: auth.user.brand_id,
        phone,
        provenBy: auth.user.id,
        ip: auth.session.ip,
        userAgent: auth.session.user_agent,
      },
      now,
    );
  });
}
