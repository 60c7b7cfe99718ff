export {
  choosePaymentProvider,
  depositInFlight,
  ownDeposit,
  requireProvider,
  startDeposit,
  walletBalances,
  type DepositInput,
  type PaymentProviderSettings,
} from './wallet.service';
export {
  createWalletCalls,
  depositAnswer,
  paymentRefusal,
  type WalletBettor,
  type WalletCalls,
  type WalletCallsDependencies,
  withdrawalAnswer,
} from './wallet-calls.service';
export {
  createWithdrawals,
  withdrawableOf,
  type PayoutOutcome,
  type Withdrawable,
  type Withdrawal,
  type WithdrawalEvent,
  type WithdrawalInput,
  type WithdrawalMethod,
  type WithdrawalOwner,
  type Withdrawals,
  type WithdrawalsDependencies,
  type WithdrawalsLogger,
  type WithdrawalState,
} from './withdrawals.service';
export { CASHIER_REFUSALS, cashierRefusal, type CashierRefusalCode } from './cashier-errors';
export { checkCashierGates, type CashierGate, type CashierGateInput } from './cashier-gate';
export {
  convertMinor,
  createCurrencyAccounts,
  fxClearingAccount,
  type CurrencyAccount,
  type CurrencyAccounts,
  type CurrencyAccountsDependencies,
  type Transfer,
  type TransferQuote,
} from './currency-accounts.service';
export { paymentsHistory, type PaymentsHistoryOptions } from './payments-history';
export { createWalletModule, WITHDRAWAL_SWEEP_JOB, type WalletModule, type WalletModuleOptions } from './wallet.module';
export { ADJUSTMENT_KIND, adjustBalance, type Adjustment, type AdjustmentInput } from './adjustments';
