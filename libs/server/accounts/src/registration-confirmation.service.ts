import {
  dropUnprovenPhone,
  findUserByEmail,
  insertUser,
  recordEvent,
  type NewUser,
  type UserRow,
} from './accounts.repository';
import type { AgeEvidence } from './age';
import { CODE_LENGTH, checkCode, codeError, sendCodeAfterAnswer } from './codes';
import {
  requestBrand,
  requestConfig,
  requestMeta,
  type AccountsContext,
  type AccountsReply,
  type AccountsRequest,
} from './context';
import { rememberDevice } from './lockout';
import { publicUser, startSession } from './sessions';
import { siteLink } from './site-link';
import type { RegistrationPendingResponse, RegistrationResponse } from '@tessera/shared/contract-api';

/** A registration's e-mail code lives 30 minutes (ADR 0202). */
export const REGISTRATION_EMAIL_CODE_TTL_MS = 30 * 60_000;

/** The one answer of a registration that carries an e-mail address, new or taken alike (202; ADR 0202). */
export type PendingRegistration = RegistrationPendingResponse;

/** The answer of a completed registration (schemas/api/auth/registration-response.schema.json). */
export type CompletedRegistration = RegistrationResponse;

/** What a pending registration keeps until its code comes back (in the code's payload; the password only hashed). */
interface PendingPayload {
  user: Omit<NewUser, 'brandId'>;
  age: AgeEvidence;
}

/**
 * A registration with an e-mail address is finished through the address (ADR 0202): the same 202 answer for a new
 * and a taken address, the same work before it (the look-up, a stored code), and the message sent after the answer:
 * to a new address its code, to a taken one a warning that someone tried to register with it. The account exists
 * only once the code comes back (`confirmRegistration`), which also proves the address.
 */
export async function holdForEmailConfirmation(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
  input: { user: Omit<NewUser, 'brandId'> & { email: string }; age: AgeEvidence; deliveries: Set<Promise<void>> },
): Promise<PendingRegistration> {
  const brand = requestBrand(request);
  const email = input.user.email.trim().toLowerCase();
  const owner = await findUserByEmail(ctx.db, brand.id, email);
  const meta = requestMeta(request);
  const signIn = siteLink(ctx, request, '/', {});
  const payload: PendingPayload = { user: { ...input.user, email: input.user.email.trim() }, age: input.age };
  const sent = await sendCodeAfterAnswer(ctx, {
    brandId: brand.id,
    purpose: 'registration-email',
    recipient: email,
    ip: meta.ip,
    // A taken address's code is never sent, so it can never complete; its payload keeps nothing of the stranger's.
    ...(owner ? {} : { payload: payload as unknown as Record<string, unknown> }),
    ttlMs: REGISTRATION_EMAIL_CODE_TTL_MS,
    message: owner
      ? {
          channel: 'email',
          subject: `${brand.name}: someone tried to register with your e-mail address`,
          text: () =>
            `Someone tried to register at ${brand.name} with this e-mail address, which already has an account. ` +
            `If it was you, sign in or restore your password at ${signIn}. If not, you can ignore this message; nothing was changed.`,
        }
      : {
          channel: 'email',
          subject: `${brand.name}: your registration code`,
          text: (code) =>
            `Your ${brand.name} registration code: ${code}. Enter it on the registration page within 30 minutes to open your account.`,
        },
  });
  const delivery = (async () => {
    if (owner)
      await recordEvent(
        ctx.db,
        { brandId: brand.id, userId: owner.id, kind: 'registration_attempt', ip: meta.ip, userAgent: meta.userAgent },
        ctx.clock(),
      );
    await sent.delivery();
  })().catch((error: unknown) => ctx.log.warn({ err: error }, 'registration message not sent'));
  input.deliveries.add(delivery);
  void delivery.finally(() => input.deliveries.delete(delivery));
  reply.status(202);
  return {
    status: 'confirmation_sent',
    message: 'Check your e-mail: we sent a message to finish the registration',
    code_length: CODE_LENGTH,
    resend_after: sent.resendAfterSeconds,
  };
}

/**
 * The code from the e-mail: opens the account (its address proven), signs it in and remembers the device. A wrong
 * code answers 422, a used or expired one 410; an address that got an account meanwhile answers as a wrong code.
 */
export async function confirmRegistration(
  ctx: AccountsContext,
  request: AccountsRequest,
  reply: AccountsReply,
  body: { email: string; code: string },
): Promise<CompletedRegistration> {
  const brand = requestBrand(request);
  const { registration } = requestConfig(ctx, request).config;
  const email = body.email.trim().toLowerCase();
  const check = await checkCode(ctx, {
    brandId: brand.id,
    purpose: 'registration-email',
    recipient: email,
    code: body.code,
    consume: true,
  });
  if (!check.ok) throw codeError(check, 'code');
  const pending = check.payload as unknown as PendingPayload | null;
  if (!pending?.user) throw codeError({ reason: 'wrong' }, 'code');
  const now = ctx.clock();
  const meta = requestMeta(request);
  const user = await ctx.db.transaction(async (tx): Promise<UserRow | undefined> => {
    const inserted = await insertUser(tx, { ...pending.user, brandId: brand.id, emailActivated: true }, now);
    if (inserted?.phone && inserted.phone_confirmed_at) {
      await dropUnprovenPhone(
        tx,
        { brandId: brand.id, phone: inserted.phone, provenBy: inserted.id, ip: meta.ip, userAgent: meta.userAgent },
        now,
      );
    }
    return inserted;
  });
  if (!user) throw codeError({ reason: 'wrong' }, 'code');
  await recordEvent(
    ctx.db,
    {
      brandId: brand.id,
      userId: user.id,
      kind: 'registration',
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { variant: pending.user.variant, age: pending.age, email: 'confirmed' },
    },
    now,
  );
  await startSession(ctx, request, reply, user, `registration:${pending.user.variant}`);
  rememberDevice(ctx, reply, brand.id, user.id);
  reply.status(201);
  return {
    user: publicUser(user),
    account_id: user.id,
    welcome: { modal: registration.welcomeModal, redirect: registration.redirectAfter },
    email_activation_required: false,
  };
}
