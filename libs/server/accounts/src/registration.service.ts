import { randomInt } from 'node:crypto';
import { latestBirthDate, validateDate, validateEmail, validateName } from '@tessera/account/util-validation';
import { ApiError, type ValidationIssue } from '@tessera/server/api-errors';
import { dropUnprovenPhone, insertUser, recordEvent, type NewUser, type UserRow } from './accounts.repository';
import { ageConfirmationMissing, type AgeEvidence } from './age';
import { checkCode, codeError, issueToken } from './codes';
import { checkRegistrationCountry } from './country-check';
import {
  requestBrand,
  requestConfig,
  requestMeta,
  type AccountsContext,
  type AccountsReply,
  type AccountsRequest,
} from './context';
import { hashPassword } from './passwords';
import { newPasswordProblem } from './password-strength';
import { normalisePhone, phoneRulesOf } from './phone';
import { assertPlainText } from './plain-text';
import { holdForEmailConfirmation, type PendingRegistration } from './registration-confirmation.service';
import { publicUser, startSession } from './sessions';
import { siteLink } from './site-link';
import type { RegistrationRequest, RegistrationResponse } from '@tessera/shared/contract-api';

/** Body of POST /web-api/user/registration (schemas/api/auth/registration-request.schema.json). */
export type RegistrationBody = RegistrationRequest;

/** The answer of a registration (schemas/api/auth/registration-response.schema.json). */
export type RegistrationResult = RegistrationResponse;

/** E-mail activation links live a day. */
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60_000;

function invalid(issues: ValidationIssue[]): ApiError {
  return new ApiError(400, 'Invalid request', { validation_errors: issues });
}

/** A password for one-click accounts: 12 characters without look-alikes, always with letters and digits. */
export function generatePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const chars = Array.from({ length: 10 }, () => all[randomInt(all.length)]);
  chars.push(letters[randomInt(letters.length)], digits[randomInt(digits.length)]);
  return chars.join('');
}

/**
 * Registers an account in one of the variants the brand enables for the country, then signs it in. Every check
 * runs before anything is written; the phone code is consumed only once the rest of the request is known good. A
 * registration with an e-mail address is only held until the code sent to the address comes back (202, ADR 0202).
 */
export async function register(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
  body: RegistrationBody,
  options: { deliveries: Set<Promise<void>> } = { deliveries: new Set() },
): Promise<RegistrationResult | PendingRegistration> {
  const brand = requestBrand(request);
  const resolved = requestConfig(ctx, request, body.country);
  const { registration, global } = resolved.config;
  if (!registration.enabled)
    throw new ApiError(403, 'Registration is closed', { detail: 'New accounts cannot be opened on this site' });
  const variant = registration.variants[body.variant];
  if (!variant?.enabled) {
    throw new ApiError(403, 'This registration method is not available', {
      detail: `Variant ${body.variant} is switched off`,
    });
  }

  assertPlainText({
    email: body.email,
    first_name: body.first_name,
    last_name: body.last_name,
    password: body.password,
    password_confirmation: body.password_confirmation,
  });
  const issues: ValidationIssue[] = [];
  const given = body as unknown as Record<string, unknown>;
  for (const field of variant.requiredFields ?? []) {
    const value = given[field];
    if (value === undefined || value === null || value === '') issues.push({ field, message: 'required' });
  }
  const currencyCode = (body.currency ?? global.defaultCurrency).toUpperCase();
  const currency = Object.entries(global.currencies).find(([code]) => code.toUpperCase() === currencyCode)?.[1];
  if (!currency || currency.hide)
    issues.push({
      field: 'currency',
      message: `must be one of the site's currencies: ${Object.keys(global.currencies).join(', ')}`,
    });
  if (body.promo_code !== undefined && !registration.promoCodeField)
    issues.push({ field: 'promo_code', message: 'is not accepted on this site' });
  if (body.email !== undefined) {
    const email = validateEmail(body.email);
    // A "did you mean" typo hint is the browser's business; the server accepts the address as typed.
    if (!email.valid && email.key !== 'validation_email_typo') issues.push({ field: 'email', message: email.key });
  }
  for (const field of ['first_name', 'last_name'] as const) {
    const value = body[field];
    if (value !== undefined) {
      const name = validateName(value);
      if (!name.valid) issues.push({ field, message: name.key });
    }
  }
  if (body.password !== undefined) {
    // Strength against the estimator's dictionaries and the person's and the site's own words (util-validation README, "Password strength, not composition").
    const problem = await newPasswordProblem(body.password, [
      body.email,
      body.first_name,
      body.last_name,
      body.phone,
      global.brandName,
      ...global.domains,
    ]);
    if (problem) issues.push({ field: 'password', message: problem });
    if (body.password_confirmation !== undefined && body.password_confirmation !== body.password) {
      issues.push({ field: 'password_confirmation', message: 'does not match the password' });
    }
  }
  let phone: string | undefined;
  if (body.phone !== undefined) {
    try {
      phone = normalisePhone(body.phone, body.country_code, phoneRulesOf(resolved.config));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      issues.push(...(error.extra.validation_errors ?? []));
    }
  }
  if (issues.length) throw invalid(issues);
  // The country sets tax and compliance: checked against the connection's before anything is written (ADR 0195).
  const countryCheck = checkRegistrationCountry(ctx, request, resolved);

  // Every variant states the age: a birth date that passes the minimum age (required where the brand asks for one),
  // else the player's explicit confirmation. Neither: no account (libs/server/accounts README, "Every registration states the minimum age").
  const checkedAt = ctx.clock();
  let age: AgeEvidence;
  if (body.birth_date !== undefined) {
    const birth = validateDate(body.birth_date, { max: { date: latestBirthDate(checkedAt, registration.minAge) } });
    if (!birth.valid) {
      const tooYoung = birth.key === 'validation_date_max';
      throw new ApiError(422, tooYoung ? `You must be at least ${registration.minAge} years old` : 'Invalid request', {
        validation_errors: [
          { field: 'birth_date', message: tooYoung ? `must be at least ${registration.minAge} years ago` : birth.key },
        ],
      });
    }
    age = { method: 'birth_date', minAge: registration.minAge, at: checkedAt.toISOString() };
  } else if (body.age_confirmed === true) {
    age = { method: 'confirmation', minAge: registration.minAge, at: checkedAt.toISOString() };
  } else {
    throw ageConfirmationMissing(registration.minAge);
  }

  if (body.variant === 'phone') {
    const check = await checkCode(ctx, {
      brandId: brand.id,
      purpose: 'registration',
      recipient: phone ?? '',
      code: body.confirm_code ?? '',
      consume: true,
    });
    if (!check.ok) throw codeError(check);
  }

  // A person on the national self-exclusion register cannot open an account (libs/server/responsible README).
  const refusedPerson = await ctx.personGate?.(
    { brandId: brand.id, country: resolved.country },
    {
      firstName: body.first_name?.trim() ?? null,
      lastName: body.last_name?.trim() ?? null,
      birthDate: body.birth_date ?? null,
      postcode: null,
      email: body.email?.trim() ?? null,
      phone: phone ?? null,
    },
  );
  if (refusedPerson) throw refusedPerson;
  const generated = body.variant === 'fast' ? generatePassword() : undefined;
  const password = generated ?? body.password;
  const now = ctx.clock();
  const newUser: Omit<NewUser, 'brandId'> = {
    phone: phone ?? null,
    phoneConfirmed: body.variant === 'phone',
    email: body.email?.trim() ?? null,
    passwordHash: password ? await hashPassword(password) : null,
    currency: currency?.code ?? currencyCode,
    country: resolved.country,
    birthDate: body.birth_date ?? null,
    firstName: body.first_name?.trim() ?? null,
    lastName: body.last_name?.trim() ?? null,
    variant: body.variant,
    promoCode: body.promo_code ?? null,
    refCode: body.ref_code ?? null,
    countryCheck,
  };
  // With an e-mail address the account is finished through it: the same answer whether the address is new or
  // taken (ADR 0202).
  if (newUser.email)
    return holdForEmailConfirmation(ctx, request, reply, {
      user: { ...newUser, email: newUser.email },
      age,
      deliveries: options.deliveries,
    });
  const requestInfo = requestMeta(request);
  const user = await ctx.db.transaction(async (tx) => {
    const inserted = await insertUser(tx, { ...newUser, brandId: brand.id }, now);
    // A number proven here leaves the accounts that held it unproven (libs/server/accounts README, "Only proven phones identify an account").
    if (inserted?.phone && inserted.phone_confirmed_at) {
      await dropUnprovenPhone(
        tx,
        {
          brandId: brand.id,
          phone: inserted.phone,
          provenBy: inserted.id,
          ip: requestInfo.ip,
          userAgent: requestInfo.userAgent,
        },
        now,
      );
    }
    return inserted;
  });
  if (!user) {
    // Only a proven phone can be taken here; its owner got a warning instead of a code at send-code, so this answers
    // as that wrong code would (ADR 0202).
    throw codeError({ reason: 'wrong' });
  }
  const meta = requestMeta(request);
  await recordEvent(
    ctx.db,
    {
      brandId: brand.id,
      userId: user.id,
      kind: 'registration',
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { variant: body.variant, age },
    },
    now,
  );
  const activation = user.email ? await sendActivation(ctx, request, user, brand.name) : false;
  await startSession(ctx, request, reply, user, `registration:${body.variant}`);
  reply.status(201);
  return {
    user: publicUser(user),
    account_id: user.id,
    ...(generated ? { password: generated } : {}),
    welcome: { modal: registration.welcomeModal, redirect: registration.redirectAfter },
    ...(user.email ? { email_activation_required: activation } : {}),
  };
}

/** Sends the activation link; a gateway failure is logged, the player can ask again (the account stays valid). */
export async function sendActivation(
  ctx: AccountsContext,
  request: AccountsRequest,
  user: UserRow,
  brandName: string,
): Promise<boolean> {
  if (!user.email) return false;
  const email = user.email.toLowerCase();
  const token = await issueToken(ctx, {
    brandId: user.brand_id,
    purpose: 'email-activation',
    recipient: email,
    userId: user.id,
    ttlMs: EMAIL_TOKEN_TTL_MS,
  });
  try {
    await ctx.messenger.send({
      brandId: user.brand_id,
      channel: 'email',
      to: email,
      subject: `${brandName}: confirm your e-mail address`,
      text: `Confirm your e-mail address: ${siteLink(ctx, request, '/activate', { token })}\nActivation token: ${token}`,
    });
    return true;
  } catch (error) {
    ctx.log.warn({ err: error }, 'activation e-mail not sent');
    return false;
  }
}
