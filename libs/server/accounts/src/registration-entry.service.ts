import { ApiError } from '@tessera/server/api-errors';
import { assertCaptcha } from '@tessera/server/captcha';
import { findUserByPhone } from './accounts.repository';
import { CODE_LENGTH, sendCode } from './codes';
import { requestBrand, requestConfig, type AccountsContext, type AccountsReply, type AccountsRequest } from './context';
import { assertDelivers } from './message-channels';
import { normalisePhone, phoneRulesOf } from './phone';
import { register, type RegistrationBody } from './registration.service';
import type { SendCodeResponse } from '@tessera/shared/contract-api';

/**
 * Phone registration, step 1: the SMS code that proves the number. A proven number gets a warning instead of a code:
 * the answer is the same either way, and the registration that follows fails as a wrong code does (ADR 0071, 0202).
 * An unproven one is nobody's yet (libs/server/accounts README, "Only proven phones identify an account").
 */
export async function sendRegistrationCode(
  ctx: AccountsContext,
  request: AccountsRequest,
  body: { phone: string; country_code: string },
): Promise<SendCodeResponse> {
  const brand = requestBrand(request);
  const resolved = requestConfig(ctx, request);
  if (!resolved.config.registration.enabled || !resolved.config.registration.variants.phone?.enabled) {
    throw new ApiError(403, 'This registration method is not available', { detail: 'Variant phone is switched off' });
  }
  assertDelivers(ctx, 'sms', 'Registration by phone');
  await assertCaptcha(ctx, request, resolved, 'registration');
  const phone = normalisePhone(body.phone, body.country_code, phoneRulesOf(resolved.config));
  const existing = await findUserByPhone(ctx.db, brand.id, phone);
  const sent = await sendCode(ctx, {
    brandId: brand.id,
    purpose: 'registration',
    recipient: phone,
    ip: request.ip,
    message: {
      channel: 'sms',
      text: existing
        ? () =>
            `${brand.name}: someone tried to register with this number, which already has an account. If it was you, sign in or restore your password; if not, ignore this message.`
        : (code) => `${brand.name} registration code: ${code}`,
    },
  });
  return { message: 'The code was sent', code_length: CODE_LENGTH, resend_after: sent.resendAfterSeconds };
}

/**
 * A registration: the channels it needs, the brand's captcha (a phone registration proves its number with a code whose
 * sending was already behind the captcha: one puzzle per registration, not two, ADR 0160), then {@link register}.
 */
export async function startRegistration(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
  body: RegistrationBody,
  options: { deliveries: Set<Promise<void>> },
): ReturnType<typeof register> {
  if (body.variant === 'phone') assertDelivers(ctx, 'sms', 'Registration by phone');
  if (body.email !== undefined) assertDelivers(ctx, 'email', 'Registration with an e-mail address');
  const resolved = requestConfig(ctx, request, body.country);
  if (body.variant !== 'phone') await assertCaptcha(ctx, request, resolved, 'registration');
  return register(ctx, request, reply, body, options);
}
