export {
  choosePaymentProvider,
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
} from './wallet-calls.service';
export { checkCashierGates, type CashierGate, type CashierGateInput } from './cashier-gate';
