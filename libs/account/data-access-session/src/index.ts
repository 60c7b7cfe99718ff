export { RETURN_TO_PARAM, checkRouteAccess, safeReturnAddress } from './lib/route-access';
export type { AccessDecision, AccessRequest, RouteAccess } from './lib/route-access';
export { GUEST_SESSION, filterAuthorized, isAuthorised, parseSession, personalName } from './lib/session';
export type { AuthorisedSession, GuestSession, Session, SessionUser } from './lib/session';
export { SessionProvider, useSession } from './lib/session-context';
export type { SessionProviderProps } from './lib/session-context';
export {
  LOGIN_TYPES,
  REGISTRATION_VARIANTS,
  authCalls,
  isRegistrationPending,
  securityCalls,
  toBase64,
} from './lib/account.api';
export type {
  LoginAnswer,
  MessageAnswer,
  RegistrationAnswer,
  RegistrationPendingAnswer,
  SecureQuestionItem,
  SendCodeAnswer,
  SessionAnswer,
  UserSessionItem,
} from './lib/account.api';
export { AccountApiProvider, createAccountApiClient } from './lib/account-client';
export type { AccountApiProviderProps } from './lib/account-client';
export {
  accountKeys,
  useAccountSession,
  useSecureQuestions,
  useUserSecureQuestion,
  useUserSessions,
} from './lib/account.queries';
export { toAccountError } from './lib/account-error';
export type { AccountError, AccountErrorKey, RejectionMeaning } from './lib/account-error';
export { phoneAddAdapter, phoneChangeAdapter, twoFactorAdapter } from './lib/security-adapters';
export { reloadInto } from './lib/session-navigation';
export { idleLogoffMachine } from './lib/idle-logoff.machine';
export type {
  IdleLogoffApi,
  IdleLogoffContext,
  IdleLogoffEvent,
  IdleLogoffInput,
  SessionLimitsAnswer,
} from './lib/idle-logoff.machine';
export { idleLogoffAdapter, useIdleLogoff } from './lib/use-idle-logoff';
export type { IdleLogoff } from './lib/use-idle-logoff';
export { isReauthRequired, withReauth } from './lib/reauth-client';
export { useCaptchaGate } from './lib/use-captcha-gate';
export type { CaptchaAction, CaptchaGate, CaptchaRunOptions } from './lib/use-captcha-gate';
export { useAccountText, validationKey } from './lib/use-account-text';
export { usePasswordStrengthTexts } from './lib/use-password-strength-texts';
// Test support: the real client over an in-memory fetch (used by the account features' component tests).
export { fakeAccountApi } from './lib/fake-account-fetch';
export type { FakeAnswer, FakeRoutes, RecordedRequest } from './lib/fake-account-fetch';
