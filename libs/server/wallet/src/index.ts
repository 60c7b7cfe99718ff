export {
  choosePaymentProvider,
  ownDeposit,
  requireProvider,
  startDeposit,
  walletBalances,
  type DepositInput,
  type PaymentProviderSettings,
} from './wallet.service';
