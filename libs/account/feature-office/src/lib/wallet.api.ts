import {
  bool,
  defineCall,
  float,
  int,
  list,
  str,
  type ParamEncoder,
  type WireValue,
} from '@tessera/shared/data-access-api';

/** An account entry of GET /account-api/user/balance (spec section 3); money in major units. */
export interface AccountEntry {
  id: number | string;
  type: number | string;
  money: number;
  name: string;
  iso: string;
  symbol: string;
  isActive: boolean;
  currencyId: number;
  label: string;
}

/** Answer of the balance call. */
export interface BalanceAnswer {
  accounts: AccountEntry[];
  bonuses: AccountEntry[];
  all_accounts: AccountEntry[];
}

/** Deposit states of the sandbox provider (docs/contracts/bets-api.md). */
export type DepositStatus = 'processing' | 'requires_action' | 'succeeded' | 'declined' | 'expired';

/** Answer of the deposit calls. */
export interface DepositAnswer {
  merchantReference: string;
  status: DepositStatus;
  declineReason: string | null;
  nextAction: null | { type: 'challenge'; prompt: string };
  amount: number;
  currency: string;
}

/** Bet statuses of the history (`BetStatus`). */
export const BET_STATUSES = [
  'waiting',
  'accepted',
  'won',
  'lost',
  'returned',
  'half_won',
  'half_lost',
  'sold',
  'rejected',
] as const;

/** One bet status. */
export type BetStatus = (typeof BET_STATUSES)[number];

/** One selection of a bet in the history. */
export interface HistoryEvent {
  gameId: number;
  outcomeId: string;
  marketId: string;
  coef: number;
  home: string;
  away: string;
  result: string | null;
  /** The line's words at placement, to name the selection in the bettor's language; absent for older bets. */
  marketType?: string;
  marketLine?: number | null;
  outcomeCode?: string;
  outcomeNameKey?: string;
}

/** One bet of the history. */
export interface HistoryBet {
  betId: string;
  betGuid: string;
  vid: number;
  betType: string;
  status: BetStatus;
  summ: number;
  stakeTax: number;
  coef: number;
  potentialWin: number;
  payout: number | null;
  saleSumm: number | null;
  currency: string;
  createdAt: string;
  settledAt: string | null;
  expressNum: number | null;
  canSale: boolean;
  /** Why the bet is (or was) held: an auto-bet waiting for its odds, a VIP bet waiting for approval. */
  holdReason?: 'autoBet' | 'vipApproval' | 'liveDelay' | 'advance' | null;
  /** A VIP bet: the trading desk's word once given. */
  vipDecision?: 'approved' | 'declined' | 'lapsed' | 'unplaceable' | null;
  /** A held bet that was refused: the refusal code word (the coupon's issue texts name it). */
  refusal?: string | null;
  /** An insured bet: the premium paid and what a loss pays back (major units). */
  insurance?: { premium: number; amount: number } | null;
  events: HistoryEvent[];
}

/** A page of a history. */
export interface HistoryPage<T> {
  items: T[];
  pageNumber: number;
  pageSize: number;
  total: number;
}

/** One payment of the payments history. */
export interface PaymentItem {
  id: string;
  type: 'deposit' | 'withdrawal' | 'refund';
  status: string;
  amount: number;
  currency: string;
  createdAt: string;
  reference: string;
  archived: boolean;
}

/** The test card data of the deposit form, as the contract sends it. */
export interface DepositCard {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
}

function card(): ParamEncoder<DepositCard, true> {
  return {
    kind: 'card',
    wireName: undefined,
    required: true,
    encode(value) {
      if (!value) throw new Error('card is required');
      return { ...value } as unknown as WireValue;
    },
  };
}

/** The wallet and bets-history calls of the office (docs/contracts/bets-api.md). Signed in by the session cookie. */
export const walletApi = {
  /** GET /account-api/user/balance: the accounts with their money. */
  balance: defineCall({ url: '/account-api/user/balance' }).returns<BalanceAnswer>(),
  /** POST /web-api/payments/deposit: starts a deposit with the sandbox provider; it confirms asynchronously. */
  deposit: defineCall({
    url: '/web-api/payments/deposit',
    method: 'POST',
    body: { amount: float({ required: true }), card: card(), merchantReference: str() },
  }).returns<DepositAnswer>(),
  /** GET /web-api/payments/deposit/{merchantReference}: the deposit's state, polled until final. */
  depositStatus: defineCall({
    url: '/web-api/payments/deposit',
    path: { merchantReference: str({ required: true }) },
  }).returns<DepositAnswer>(),
  /** POST /web-api/payments/deposit/{merchantReference}/challenge: the code a 3-D Secure-like challenge asks for. */
  depositChallenge: defineCall({
    url: '/web-api/payments/deposit',
    method: 'POST',
    path: { merchantReference: str({ required: true }), step: str({ required: true }) },
    body: { code: str({ required: true }) },
  }).returns<DepositAnswer>(),
  /** POST /officeapi/getbetshistory: bets of the last coupon.historyDays days by default, filtered by status. */
  betsHistory: defineCall({
    url: '/officeapi/getbetshistory',
    method: 'POST',
    body: { statuses: list<string>(), dateFrom: str(), dateTo: str(), page_number: int() },
  }).returns<HistoryPage<HistoryBet>>(),
  /** POST /service-api/LiveBet/Secure/GetSaleInfo: what selling a bet pays now. */
  saleInfo: defineCall({
    url: '/service-api/LiveBet/Secure/GetSaleInfo',
    method: 'POST',
    body: { SaleBetId: str({ required: true }) },
  }).returns<{
    betId: string;
    saleSumm: number;
    partSale: boolean;
    minPartSumm: number;
    summ: number;
  }>(),
  /** POST /service-api/LiveBet/Secure/SaleBet: sells a bet (whole, or part of its stake). */
  saleBet: defineCall({
    url: '/service-api/LiveBet/Secure/SaleBet',
    method: 'POST',
    body: { SaleBetId: str({ required: true }), Summ: float(), saleSumm: float() },
  }).returns<{
    status: 'sold';
    betId: string;
    saleSumm: number;
    remainingSumm: number;
    balance: number;
    currency: string;
  }>(),
  /** POST /officeapi/gethistorypaymentmainaccount: deposits, refunds and withdrawals, newest first. */
  paymentsHistory: defineCall({
    url: '/officeapi/gethistorypaymentmainaccount',
    method: 'POST',
    body: { is_include_archive: bool(), page_number: int() },
  }).returns<HistoryPage<PaymentItem>>(),
};
