export { failSecret, guardSecret, SECRET_FAILURES_PER_WINDOW, securityEvent } from './account-guard';
export {
  closeOtherSessions,
  closeSession,
  keepSessionAlive,
  liveSessionsOf,
  reauthenticate,
  sessionLimitsView,
} from './account-sessions.service';
export {
  addAttempt,
  addAttempts,
  applyVerifiedIdentity,
  claimTotpStep,
  clearAttempts,
  countAttempts,
  countAttemptsWithNewest,
  deleteAttempts,
  dropUnprovenPhone,
  findLiveSessionById,
  findLiveSessionByTokenHash,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  findUserBySocial,
  insertSession,
  insertUser,
  listLiveSessions,
  lockAttemptKey,
  type NewUser,
  recordCountryCheck,
  recordEvent,
  revokeSessions,
  type SecurityEvent,
  SESSION_TOUCH_INTERVAL_MS,
  type SessionRow,
  touchSession,
  updateUser,
  type UserRow,
} from './accounts.repository';
export { ageConfirmationMissing, type AgeEvidence } from './age';
export {
  checkCode,
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  type CodeCheck,
  codeError,
  type CodeMessage,
  type CodePurpose,
  consumeCode,
  discardCode,
  findToken,
  issueCode,
  issueToken,
  RESEND_COOLDOWN_MS,
  retryAfter,
  sendCode,
  sendCodeAfterAnswer,
  type SendCodeInput,
  SENDS_PER_IP_PER_HOUR,
  SMS_CODE_TTL_MS,
  spendTokenAttempt,
  tooMany,
} from './codes';
export {
  type AccountsContext,
  type AccountsCookieOptions,
  type AccountsLogger,
  type AccountsReply,
  type AccountsRequest,
  cookieDefaults,
  requestBrand,
  requestConfig,
  type PersonGate,
  type PersonToCheck,
  type RequestMeta,
  requestMeta,
  type SessionContext,
} from './context';
export { sessionReader, type SessionReaderOptions } from './session-reader';
export { checkRegistrationCountry, type CountryCheck, type CountryOutcome } from './country-check';
export { activateEmail, resendActivation } from './email-activation.service';
export {
  ALL_BRANDS,
  assertSecondStepNotLocked,
  CAPTCHA_AFTER_FAILURES,
  captchaRequired,
  captchaWanted,
  type ClaimedAttempt,
  claimLoginAttempt,
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_S,
  type KnownDevice,
  LOCKOUT_WINDOW_MS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_DEVICE,
  LOGIN_FAILURES_PER_IP,
  LOGIN_FAILURES_PER_LOGIN,
  type LoginKeys,
  loginKeys,
  readDevice,
  recordSecondStepFailure,
  rememberDevice,
  signInRateLimit,
  SLOW_DOWN_AFTER_FAILURES,
  SLOW_DOWN_MAX_MS,
  slowDownMs,
} from './lockout';
export {
  finishFirstFactor,
  guessLoginType,
  type LoginResult,
  passwordLogin,
  SECOND_STEP_TTL_MS,
  secondStepLogin,
  setPasswordCheckForTests,
  WRONG_CREDENTIALS,
} from './login.service';
export { assertDelivers, FEATURE_DISABLED } from './message-channels';
export { changePassword, type PasswordChange } from './password-change.service';
export {
  askPasswordReset,
  checkResetToken,
  passwordResetStep,
  requestPasswordReset,
  RESET_TOKEN_TTL_MS,
  resetPassword,
  RESETS_PER_LOGIN_PER_HOUR,
} from './password-reset.service';
export { assertStrongPassword, newPasswordProblem } from './password-strength';
export { DEFAULT_HASHING_NICE, HashingThreads } from './hashing-threads';
export {
  ARGON2_OPTIONS,
  configurePasswordHashing,
  DEFAULT_PASSWORD_HASHING,
  HashingQueue,
  hashingThreads,
  hashPassword,
  passwordHashing,
  type PasswordHashingLimits,
  verifyPassword,
} from './passwords';
export {
  boundPhoneOf,
  checkPhoneChangeAnswer,
  checkPhoneChangeCode,
  confirmPhoneAdd,
  confirmPhoneChange,
  type PhoneInput,
  requestPhoneChange,
  sendPhoneChangeCode,
  startPhoneAdd,
} from './phone-change.service';
export { maskPhone, normalisePhone, phoneRulesOf } from './phone';
export { assertPlainText } from './plain-text';
export {
  type CompletedRegistration,
  confirmRegistration,
  holdForEmailConfirmation,
  type PendingRegistration,
  REGISTRATION_EMAIL_CODE_TTL_MS,
} from './registration-confirmation.service';
export { sendRegistrationCode, startRegistration } from './registration-entry.service';
export {
  EMAIL_TOKEN_TTL_MS,
  generatePassword,
  register,
  type RegistrationBody,
  type RegistrationResult,
  sendActivation,
} from './registration.service';
export {
  checkSecureAnswer,
  chosenQuestion,
  hashAnswer,
  normaliseAnswer,
  SECURE_QUESTIONS,
  secureQuestionText,
  setSecureAnswer,
  verifyAnswer,
} from './secure-questions';
export {
  type Authenticated,
  authenticatedAt,
  clearSessionCookie,
  displayName,
  issueUserToken,
  markReauthenticated,
  publicUser,
  readSession,
  type ReadSessionOptions,
  REAUTH_REQUIRED,
  RECENT_AUTH_MS,
  requireRecentAuth,
  requireRecentSession,
  requireSession,
  SESSION_COOKIE,
  sessionDeadlines,
  type SessionLimits,
  sessionLimits,
  type SessionView,
  ssrSession,
  startSession,
  USER_TOKEN_TTL_SECONDS,
  userTokenAnswer,
} from './sessions';
export { sendSmsSignInCode, sessionStatus, signIn, signOut, smsSignIn } from './sign-in.service';
export { devOutbox } from './dev-outbox';
export {
  finishSocialSignIn,
  OAUTH_STATE_COOKIE,
  type ProviderLookup,
  startSocialSignIn,
} from './social-sign-in.service';
export { siteForCountry } from './site-for';
export { siteLink } from './site-link';
export {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthLink,
  totp,
  TOTP_DIGITS,
  TOTP_STEP_SECONDS,
  totpStep,
} from './totp';
export {
  disableTwoFactor,
  enableTwoFactor,
  sendTwoFactorSms,
  startTwoFactor,
  TWO_FACTOR_WRONG_SMS_CODE,
} from './two-factor.service';
export {
  type BrandIdentityProviders,
  buildBrandIdentityProviders,
  type IdentityConfigProblem,
  IdentityProviderConfigError,
} from './identity/configured-providers';
export { DEV_IDP_PATH, DevIdentityProvider } from './identity/dev-identity-provider';
export {
  type ExternalIdentity,
  type IdentityProvider,
  IdentityProviderError,
  pkceChallenge,
  pkcePair,
} from './identity/identity-provider';
export { createOAuthClient, type OAuthProviderConfig } from './identity/oauth-client';
export {
  canonicalIp,
  fixedIpCountryLookup,
  geoipCountryLookup,
  type IpCountryLookup,
  isPublicIp,
} from './ip-country/ip-country';
export { createAccountsModule, type AccountsModule, type AccountsModuleOptions } from './accounts.module';
