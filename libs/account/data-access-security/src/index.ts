export {
  phoneChangeMachine,
  type PhoneChangeApi,
  type PhoneChangeContext,
  type PhoneChangeEvent,
  type PhoneChangeInput,
  type SendCodeResponse,
} from './lib/phone-change.machine';
export {
  phoneAddMachine,
  type PhoneAddApi,
  type PhoneAddContext,
  type PhoneAddEvent,
  type PhoneAddInput,
} from './lib/phone-add.machine';
export {
  TWO_FACTOR_WRONG_SMS_CODE,
  toEnableError,
  twoFactorMachine,
  type TwoFactorApi,
  type TwoFactorContext,
  type TwoFactorEvent,
  type TwoFactorInput,
  type TwoFactorQrCode,
} from './lib/two-factor.machine';
export {
  REAUTH_REQUIRED_ERROR_CODE,
  isConfirmCodeWellFormed,
  isPhoneLengthValid,
  phoneDigits,
  readRetryAfterMs,
  toSecurityError,
  type ApiErrorBody,
  type ApiErrorLike,
  type NormalisedErrorBody,
  type SecurityError,
  type SecurityErrorField,
  type SecurityErrorKind,
  type SecurityStep,
} from './lib/security-error';
