export { OfficeNav, OfficePageOff, useOfficePage, type OfficePageId } from './lib/office-nav';
export { OfficeOverview } from './lib/office-overview';
export {
  BetItem,
  BetsHistory,
  HISTORY_REFRESH_MS,
  type BetItemProps,
  type HistorySelectionName,
} from './lib/bets-history';
export { OPEN_BET_STATUSES, OPEN_BETS_QUOTE_MS, OpenBets, type OpenBetsProps } from './lib/open-bets';
export { PaymentsHistory, PAYMENTS_PAGE_SIZE } from './lib/payments-history';
export { DepositForm, DEPOSIT_POLL_MS, type DepositFormProps } from './lib/deposit-form';
export { HeaderBalance } from './lib/header-balance';
export type { HeaderBalanceProps } from './lib/header-balance';
export { WalletsPage } from './lib/wallets-page';
export { WithdrawalPage, WITHDRAWAL_POLL_MS, type WithdrawalPageProps } from './lib/withdrawal-page';
export {
  BALANCE_REFRESH_MS,
  invalidateWallet,
  useActiveAccount,
  useWalletClient,
  WalletClientProvider,
  walletKeys,
} from './lib/wallet.queries';
export type { WalletClientProviderProps } from './lib/wallet.queries';
export { walletApi } from './lib/wallet.api';
export type {
  AccountEntry,
  BalanceAnswer,
  DepositAnswer,
  DepositStatus,
  HistoryBet,
  HistoryEvent,
  PaymentItem,
} from './lib/wallet.api';
