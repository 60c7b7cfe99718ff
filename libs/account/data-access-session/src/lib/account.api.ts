import type {
  LoginResponse,
  MessageResponse,
  PhoneSendCodeResponse,
  RegistrationPendingResponse,
  RegistrationResponse,
  SecureQuestionsResponse,
  SendCodeResponse,
  SessionResponse,
  TwoFactorEnableResponse,
  TwoFactorQrResponse,
  UserSecureQuestionResponse,
  UserSessionsResponse,
} from '@tessera/shared/contract-api';
import { bool, defineCall, int, oneOf, str } from '@tessera/shared/data-access-api';
import type { SessionLimitsAnswer } from './idle-logoff.machine';

// Every call is cookie-authenticated (auth 'none' here): the session cookie is httpOnly and travels by itself with
// same-origin fetches, which is also what the server's Origin-based CSRF check accepts (ADR 0011).

/** Answer of the calls that send a one-time code (schemas/api/auth/send-code-response). */
export type SendCodeAnswer = SendCodeResponse;

/** Answer of the sign-in calls: signed in, or the second (app code) step is needed (schemas/api/auth/login-response). */
export type LoginAnswer = LoginResponse;

/** Answer of a registration: the new account, signed in (schemas/api/auth/registration-response). */
export type RegistrationAnswer = RegistrationResponse;

/**
 * Answer of a registration that carries an e-mail address (202, ADR 0202): the same for a new and a taken address; the
 * site asks for the code from the e-mail and finishes with `registrationConfirm`.
 */
export type RegistrationPendingAnswer = RegistrationPendingResponse;

/** Whether a registration answer waits for the e-mail code. */
export function isRegistrationPending(
  answer: RegistrationAnswer | RegistrationPendingAnswer,
): answer is RegistrationPendingAnswer {
  return (answer as RegistrationPendingAnswer).status === 'confirmation_sent';
}

/**
 * Answer of the "who is signed in" call (schemas/api/auth/session-response), narrowed to its two cases: a signed-in
 * answer always carries the user and the security facts the office needs.
 */
export type SessionAnswer =
  | { status: 'guest' }
  | ({ status: 'authorised'; user: NonNullable<SessionResponse['user']> } & Required<
      Pick<SessionResponse, 'two_factor_enabled' | 'has_phone' | 'has_secure_question'>
    >);

/** A plain `{ message }` answer. */
export type MessageAnswer = MessageResponse;

/** One live session of the account (schemas/api/account/sessions-response). */
export type UserSessionItem = UserSessionsResponse['sessions'][number];

/** A secure question to choose from (schemas/api/account/secure-questions-response). */
export type SecureQuestionItem = SecureQuestionsResponse['questions'][number];

/** Registration variants the server serves through one call. */
export const REGISTRATION_VARIANTS = ['fast', 'phone', 'full', 'short'] as const;

/** Sign-in identifier kinds of the password form. */
export const LOGIN_TYPES = ['email', 'phone', 'id'] as const;

/** The accounts API of spec section 7 (paths and payloads in ADR 0070 and `schemas/api/auth`). */
export const authCalls = {
  /** Who is signed in (never cached: it changes with every sign-in). */
  session: defineCall({ url: '/web-api/user/session' }).returns<SessionAnswer>(),
  /** Password sign-in by e-mail, phone or account id. */
  login: defineCall({
    url: '/web-api/user/auth',
    method: 'POST',
    body: {
      login: str({ required: true }),
      password: str({ required: true }),
      login_type: oneOf(LOGIN_TYPES),
      country_code: str(),
    },
  }).returns<LoginAnswer>(),
  /** Second sign-in step with the authenticator app code. */
  twoFactorLogin: defineCall({
    url: '/web-api/user/twoauth',
    method: 'POST',
    body: { two_factor_token: str({ required: true }), code: str({ required: true }) },
  }).returns<LoginAnswer>(),
  /** SMS sign-in, step 1 (the same answer for unknown numbers). */
  smsSendCode: defineCall({
    url: '/web-api/sms-auth/send-code',
    method: 'POST',
    body: { phone: str({ required: true }), country_code: str() },
  }).returns<SendCodeAnswer>(),
  /** SMS sign-in, step 2. */
  smsCheckCode: defineCall({
    url: '/web-api/sms-auth/check-code',
    method: 'POST',
    body: { phone: str({ required: true }), country_code: str(), code: str({ required: true }) },
  }).returns<LoginAnswer>(),
  /** Sign out this session. */
  logout: defineCall({ url: '/web-api/user/disconnect', method: 'POST' }).returns<MessageAnswer>(),
  /** The password again: security changes are allowed for 5 minutes (ADR 0206). */
  reauth: defineCall({
    url: '/web-api/user/reauth',
    method: 'POST',
    body: { password: str({ required: true }) },
  }).returns<MessageAnswer>(),
  /** When the session ends without activity; asking does not count as activity (libs/server/accounts README, "Idle sign-out and session lifetime"). */
  sessionLimits: defineCall({ url: '/web-api/user/session/limits', dedupe: false }).returns<SessionLimitsAnswer>(),
  /** "Stay signed in": counts as activity, answers the new limits. */
  sessionTouch: defineCall({ url: '/web-api/user/session/touch', method: 'POST' }).returns<SessionLimitsAnswer>(),
  /** The SMS code that proves the phone of a phone registration. */
  registrationSendCode: defineCall({
    url: '/web-api/user/registration/send-code',
    method: 'POST',
    body: { phone: str({ required: true }), country_code: str({ required: true }) },
  }).returns<SendCodeAnswer>(),
  /** Register in one variant; signs in, or (with an e-mail address) sends the address its code (ADR 0202). */
  register: defineCall({
    url: '/web-api/user/registration',
    method: 'POST',
    body: {
      variant: oneOf(REGISTRATION_VARIANTS, { required: true }),
      country: str(),
      currency: str(),
      phone: str(),
      country_code: str(),
      confirm_code: str(),
      email: str(),
      password: str(),
      password_confirmation: str(),
      first_name: str(),
      last_name: str(),
      birth_date: str(),
      age_confirmed: bool(),
      promo_code: str(),
      ref_code: str(),
    },
  }).returns<RegistrationAnswer | RegistrationPendingAnswer>(),
  /** Finish an e-mail registration with the code from the e-mail: opens the account and signs in. */
  registrationConfirm: defineCall({
    url: '/web-api/user/registration/confirm',
    method: 'POST',
    body: { email: str({ required: true }), code: str({ required: true }) },
  }).returns<RegistrationAnswer>(),
  /** Ask for a password reset (same answer whether or not the login exists). */
  passwordResetRequest: defineCall({
    url: '/web-api/api/internal/v1/user/passwordreset',
    method: 'POST',
    envelope: { path: 'data.attributes' },
    body: { login: str({ required: true }), country_code: str() },
  }).returns<MessageAnswer>(),
  /** Set a new password with the token from the reset message. */
  passwordResetConfirm: defineCall({
    url: '/web-api/api/internal/v1/user/passwordreset',
    method: 'POST',
    envelope: { path: 'data.attributes' },
    body: {
      token: str({ required: true }),
      password: str({ required: true }),
      password_confirmation: str({ required: true }),
    },
  }).returns<MessageAnswer>(),
  /** Confirm the e-mail address with the activation token. */
  activateEmail: defineCall({
    url: '/web-api/api/internal/v1/user/activate',
    method: 'POST',
    envelope: { path: 'data.attributes' },
    body: { token: str({ required: true }) },
  }).returns<MessageAnswer>(),
} as const;

/** The security area of the office (spec section 7, "user", "office" and "phone" calls). */
export const securityCalls = {
  /** Change the password; the three fields travel base64-encoded (spec section 7). */
  changePassword: defineCall({
    url: '/web-api/api/web/user/v1/password',
    method: 'PUT',
    envelope: { path: 'data.attributes' },
    body: {
      old_password: str({ required: true }),
      password: str({ required: true }),
      password_confirmation: str({ required: true }),
      end_other_sessions: bool(),
    },
  }).returns<MessageAnswer>(),
  twoFactorQrCode: defineCall({
    url: '/officeapi/gettwofactorqrcodeurl',
    method: 'POST',
  }).returns<TwoFactorQrResponse>(),
  twoFactorSendSms: defineCall({
    url: '/officeapi/sendSmsForTwoFactorActivation',
    method: 'POST',
  }).returns<SendCodeAnswer>(),
  twoFactorEnable: defineCall({
    url: '/officeapi/twofactorauthenable',
    method: 'POST',
    body: { app_code: str({ required: true }), sms_code: str() },
  }).returns<TwoFactorEnableResponse>(),
  twoFactorDisable: defineCall({
    url: '/officeapi/twofactorauthdisable',
    method: 'POST',
    body: { hash: str({ required: true }) },
  }).returns<MessageAnswer>(),
  sessions: defineCall({
    url: '/officeapi/getusersessions',
    method: 'POST',
    dedupe: true,
  }).returns<UserSessionsResponse>(),
  closeSession: defineCall({
    url: '/officeapi/closesession',
    method: 'POST',
    body: { session_id: str({ required: true }) },
  }).returns<MessageAnswer>(),
  disconnectEverywhere: defineCall({ url: '/officeapi/disconnecteverywhere', method: 'POST' }).returns<MessageAnswer>(),
  secureQuestions: defineCall({ url: '/officeapi/getsecurequestions' }).returns<SecureQuestionsResponse>(),
  userSecureQuestion: defineCall({
    url: '/officeapi/getUserSecureQuestion',
    method: 'POST',
    dedupe: true,
  }).returns<UserSecureQuestionResponse>(),
  setSecureAnswer: defineCall({
    url: '/officeapi/setanswertosecurequestion',
    method: 'POST',
    body: {
      question_id: int({ required: true }),
      answer: str({ required: true }),
      answer_repeat: str({ required: true }),
      password: str(),
    },
  }).returns<MessageAnswer>(),
  phoneCreate: defineCall({
    url: '/web-api/api/internal/v2/phone-actions/create-phone-number',
    method: 'POST',
    body: { phone_number: str({ required: true }), country_code: str() },
  }).returns<PhoneSendCodeResponse>(),
  phoneCreateConfirm: defineCall({
    url: '/web-api/api/internal/v1/phoneActions/createPhoneNumber/confirm',
    method: 'POST',
    body: {
      phone_number: str({ required: true }),
      country_code: str(),
      confirm_code: str({ required: true }),
      is_send_sms_to_apps: bool(),
    },
  }).returns<MessageAnswer>(),
  phoneChangeSendCode: defineCall({
    url: '/web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode',
    method: 'POST',
  }).returns<PhoneSendCodeResponse>(),
  /** Checking spends one of the code's tries: a POST, never a GET (ADR 0205). */
  phoneChangeCheckCode: defineCall({
    url: '/web-api/api/internal/v3/phone-number/update/check-confirm-code',
    method: 'POST',
    body: { confirm_code: str({ required: true }) },
  }).returns<MessageAnswer>(),
  /** A wrong answer counts toward the lockout: a POST, never a GET (ADR 0205). */
  phoneChangeCheckAnswer: defineCall({
    url: '/web-api/api/internal/v3/phone-number/update/check-user-answer',
    method: 'POST',
    body: { user_answer: str({ required: true }) },
  }).returns<MessageAnswer>(),
  /** The new number with the current phone's code and the answer: a code goes to the new number (libs/server/accounts README, "Second-step lockout, proving the new phone"). */
  phoneChange: defineCall({
    url: '/web-api/api/internal/v2/phone-actions/update-phone-number',
    method: 'POST',
    body: {
      phone_number: str({ required: true }),
      country_code: str(),
      confirm_code: str({ required: true }),
      user_answer: str(),
    },
  }).returns<PhoneSendCodeResponse>(),
  /** The code the new number received: the phone is changed. */
  phoneChangeConfirm: defineCall({
    url: '/web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm',
    method: 'POST',
    body: { confirm_code: str({ required: true }) },
  }).returns<MessageAnswer>(),
} as const;

/** UTF-8 text as base64, the way the password change sends its fields. */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
