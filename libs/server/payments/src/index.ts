export { CALLBACK_TOLERANCE_SECONDS, signCallback, verifyCallbackSignature } from './callback-signature';
export { handleDepositCallback, type DepositCallbackResult } from './deposit-callback';
export {
  PaymentError,
  type CardFunding,
  type CardInput,
  type DepositIntent,
  type DepositIntentRequest,
  type DepositStatus,
  type PaymentCallback,
  type PaymentProvider,
  type Payout,
  type PayoutCallback,
  type PayoutDestination,
  type PayoutRequest,
  type PayoutStatus,
  type RefundRequest,
  type RefundResult,
  type SignedCallback,
} from './payment-provider';
export {
  createSandboxPaymentProvider,
  type PaymentScheduler,
  type SandboxPaymentOptions,
  type SandboxPaymentProvider,
} from './sandbox-provider';
export {
  SANDBOX_CHALLENGE_CODE,
  SANDBOX_PAYOUT_AMOUNTS,
  SANDBOX_PAYOUT_CARDS,
  SANDBOX_TEST_CARDS,
  isLuhnValid,
  type SandboxPayoutScenario,
  type SandboxScenario,
} from './test-cards';
export {
  createSandboxRatesProvider,
  RatesUnavailableError,
  SANDBOX_RATES_PER_EUR,
  type ExchangeRate,
  type RatesProvider,
  type SandboxRatesOptions,
} from './rates-provider';
