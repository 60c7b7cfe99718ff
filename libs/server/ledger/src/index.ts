export {
  accountLabel,
  accountPolicy,
  platformAccount,
  userAccount,
  type AccountPolicy,
  type AccountPurpose,
  type AccountRef,
  type OwnerKind,
  type PlatformPurpose,
  type UserPurpose,
} from './accounts';
export { IdempotencyKeyReusedError, InsufficientFundsError, LedgerError, UnbalancedTransactionError } from './errors';
export {
  findTransactionByKey,
  getTransaction,
  post,
  totalsByCurrency,
  type LedgerTransaction,
  type Posting,
  type PostRequest,
} from './post';
export {
  cancelWithdrawal,
  cashOutBet,
  confirmWithdrawal,
  depositKey,
  grantBonus,
  recordDeposit,
  refundDeposit,
  reserveWithdrawal,
  settleBet,
  stakeBet,
  stakeKey,
  type BetOutcome,
  type SettleInput,
  type StakeInput,
  type WalletOwner,
} from './operations';
export { getAccountBalance, lockAccountBalance } from './balances';
export { verifyLedger, type LedgerIssue, type LedgerReport } from './verify';
export { DEFAULT_CURRENCIES, type CurrencyInfo } from './currencies';
export {
  getPaymentsHistory,
  getStatement,
  getUserBalances,
  toAccountLists,
  type AccountEntry,
  type PaymentHistoryItem,
  type PaymentHistoryPage,
  type PaymentsHistoryQuery,
  type Statement,
  type StatementEntry,
  type UserBalancesOptions,
} from './reads';
