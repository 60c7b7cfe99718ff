import { randomBytes } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import QRCode from 'qrcode';
import { updateUser } from './accounts.repository';
import { failSecret, guardSecret, securityEvent } from './account-guard';
import { checkCode, CODE_LENGTH, codeError, consumeCode, sendCode } from './codes';
import { requestBrand, type AccountsContext, type AccountsRequest } from './context';
import { assertDelivers } from './message-channels';
import { boundPhoneOf } from './phone-change.service';
import type { Authenticated } from './sessions';
import { base32Decode, base32Encode, matchTotp, newTotpSecret, otpauthLink } from './totp';
import type { SendCodeResponse } from '@tessera/shared/contract-api';

/** Spec section 8: error_code 2 on two-factor enabling means a wrong SMS code. */
export const TWO_FACTOR_WRONG_SMS_CODE = 2;

/** A new pending secret (sealed at rest) as a QR code, the otpauth link and the code to type by hand. */
export async function startTwoFactor(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
): Promise<{ qr_code_url: string; qr_link: string; code: string; sms_required: boolean }> {
  if (auth.user.two_factor_enabled_at) throw new ApiError(409, 'Two-factor authentication is already on');
  const secret = base32Encode(newTotpSecret());
  await updateUser(ctx.db, auth.user.id, { two_factor_pending_secret: ctx.secrets.seal(secret) }, ctx.clock());
  const link = otpauthLink(secret, requestBrand(request).name, auth.user.id);
  return {
    qr_code_url: await QRCode.toDataURL(link),
    qr_link: link,
    code: secret,
    sms_required: auth.user.phone_confirmed_at !== null,
  };
}

/** The SMS code that enabling asks for when the account has a proven phone. */
export async function sendTwoFactorSms(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
): Promise<SendCodeResponse> {
  assertDelivers(ctx, 'sms', 'The SMS code of two-factor authentication');
  const phone = boundPhoneOf(auth.user);
  const brand = requestBrand(request);
  const sent = await sendCode(ctx, {
    brandId: brand.id,
    purpose: 'two-factor-enable',
    recipient: phone,
    ip: request.ip,
    userId: auth.user.id,
    message: { channel: 'sms', text: (code) => `${brand.name}: code to turn on two-factor authentication: ${code}` },
  });
  return { message: 'The code was sent', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
}

/** Turns two-factor on with an app code (and the SMS code when the account has a phone); answers the disable hash once. */
export async function enableTwoFactor(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  body: { app_code: string; sms_code?: string },
): Promise<{ message: string; hash: string }> {
  const user = auth.user;
  if (user.two_factor_enabled_at) throw new ApiError(409, 'Two-factor authentication is already on');
  if (!user.two_factor_pending_secret) throw new ApiError(409, 'Request a QR code first');
  const smsRequired = user.phone_confirmed_at !== null;
  if (smsRequired && body.sms_code === undefined) {
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'sms_code', message: 'required' }],
      error_code: TWO_FACTOR_WRONG_SMS_CODE,
    });
  }
  const key = await guardSecret(ctx, user, 'two-factor-enable');
  const secret = ctx.secrets.open(user.two_factor_pending_secret);
  const step = matchTotp(base32Decode(secret), body.app_code.trim(), ctx.clock().getTime());
  if (step === undefined) {
    await failSecret(ctx, user, key);
    throw new ApiError(422, 'Wrong app code', {
      validation_errors: [{ field: 'app_code', message: 'is not the current code of your app' }],
    });
  }
  let smsCodeId: string | undefined;
  if (smsRequired) {
    const check = await checkCode(ctx, {
      brandId: user.brand_id,
      purpose: 'two-factor-enable',
      recipient: user.phone ?? '',
      code: body.sms_code ?? '',
      consume: false,
    });
    if (!check.ok) {
      const error = codeError(check, 'sms_code');
      throw new ApiError(error.statusCode, check.reason === 'wrong' ? 'Wrong SMS code' : error.message, {
        ...error.extra,
        error_code: TWO_FACTOR_WRONG_SMS_CODE,
      });
    }
    smsCodeId = check.id;
  }
  if (smsCodeId && !(await consumeCode(ctx, smsCodeId))) {
    throw new ApiError(410, 'The code has expired or was already used', {
      detail: 'Request a new code',
      error_code: TWO_FACTOR_WRONG_SMS_CODE,
    });
  }
  const disableHash = base32Encode(randomBytes(15));
  const now = ctx.clock();
  await updateUser(
    ctx.db,
    user.id,
    {
      two_factor_secret: user.two_factor_pending_secret,
      two_factor_pending_secret: null,
      two_factor_enabled_at: now,
      two_factor_disable_hash: ctx.secrets.keyedHash('two-factor-disable', user.id, disableHash),
      two_factor_last_step: step,
    },
    now,
  );
  await securityEvent(ctx, request, auth, 'two_factor_enabled');
  return { message: 'Two-factor authentication is on', hash: disableHash };
}

/** Turns two-factor off with the hash given when it was enabled. */
export async function disableTwoFactor(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  hash: string,
): Promise<{ message: string }> {
  const user = auth.user;
  if (!user.two_factor_enabled_at || !user.two_factor_disable_hash)
    throw new ApiError(409, 'Two-factor authentication is off');
  const key = await guardSecret(ctx, user, 'two-factor-disable');
  const given = ctx.secrets.keyedHash('two-factor-disable', user.id, hash.trim().toUpperCase());
  if (given !== user.two_factor_disable_hash) {
    await failSecret(ctx, user, key);
    throw new ApiError(422, 'Wrong hash', {
      validation_errors: [{ field: 'hash', message: 'is not the hash given when two-factor was turned on' }],
    });
  }
  await updateUser(
    ctx.db,
    user.id,
    {
      two_factor_secret: null,
      two_factor_pending_secret: null,
      two_factor_enabled_at: null,
      two_factor_disable_hash: null,
      two_factor_last_step: null,
    },
    ctx.clock(),
  );
  await securityEvent(ctx, request, auth, 'two_factor_disabled');
  return { message: 'Two-factor authentication is off' };
}
