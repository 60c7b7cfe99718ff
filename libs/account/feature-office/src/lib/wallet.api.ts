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
import type {
  BalanceResponse,
  BetHistoryItem,
  BetsHistoryResponse,
  CurrencyAccountsResponse,
  DeduceDataResponse,
  DepositResponse,
  PaymentsHistoryResponse,
  SaleBetResponse,
  SaleInfoResponse,
  TransferQuoteResponse,
  TransferResponse,
  WithdrawalEntry,
} from '@tessera/shared/contract-api';

/** The player's currency accounts and the currencies that can be opened. */
export type CurrencyAccounts = CurrencyAccountsResponse;

/** A transfer quote: the rate and the amount credited, good until expiresAt. */
export type TransferQuote = TransferQuoteResponse;

/** A transfer made. */
export type TransferMade = TransferResponse;

/** What the player may withdraw, where to, the rules and their withdrawals (GET /officeapi/getdeducedata). */
export type DeduceData = DeduceDataResponse;

/** One withdrawal and where it stands. */
export type WithdrawalItem = WithdrawalEntry;

/** An account entry of GET /account-api/user/balance (spec section 3); money in major units. */
export type AccountEntry = BalanceResponse['accounts'][number];

/** Answer of the balance call. */
export type BalanceAnswer = BalanceResponse;

/** Answer of the deposit calls. */
export type DepositAnswer = DepositResponse;

/** Deposit states of the sandbox provider (docs/contracts/bets-api.md). */
export type DepositStatus = DepositResponse['status'];

/** One bet of the history. */
export type HistoryBet = BetHistoryItem;

/** One selection of a bet in the history. */
export type HistoryEvent = BetHistoryItem['events'][number];

/** One payment of the payments history. */
export type PaymentItem = PaymentsHistoryResponse['items'][number];

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
  }).returns<BetsHistoryResponse>(),
  /** POST /service-api/LiveBet/Secure/GetSaleInfo: what selling a bet pays now. */
  saleInfo: defineCall({
    url: '/service-api/LiveBet/Secure/GetSaleInfo',
    method: 'POST',
    body: { SaleBetId: str({ required: true }) },
  }).returns<SaleInfoResponse>(),
  /** POST /service-api/LiveBet/Secure/SaleBet: sells a bet (whole, or part of its stake). */
  saleBet: defineCall({
    url: '/service-api/LiveBet/Secure/SaleBet',
    method: 'POST',
    body: { SaleBetId: str({ required: true }), Summ: float(), saleSumm: float() },
  }).returns<SaleBetResponse>(),
  /** GET /officeapi/getdeducedata: the withdrawable amount and why, the deposit cards, the rules, the withdrawals. */
  deduceData: defineCall({ url: '/officeapi/getdeducedata' }).returns<DeduceData>(),
  /** POST /web-api/payments/withdrawal: reserves the amount at once; requestId makes a retry the same withdrawal. */
  withdraw: defineCall({
    url: '/web-api/payments/withdrawal',
    method: 'POST',
    body: {
      amount: float({ required: true }),
      requestId: str({ required: true }),
      methodReference: str({ required: true }),
    },
  }).returns<WithdrawalItem>(),
  /** POST /web-api/payments/withdrawal/{id}/cancel: cancels a withdrawal not yet sent; the reserve comes back. */
  cancelWithdrawal: defineCall({
    url: '/web-api/payments/withdrawal',
    method: 'POST',
    path: { id: str({ required: true }), step: str({ required: true }) },
    body: {},
  }).returns<WithdrawalItem>(),
  /** POST /officeapi/gethistorypaymentmainaccount: deposits, refunds and withdrawals, newest first. */
  paymentsHistory: defineCall({
    url: '/officeapi/gethistorypaymentmainaccount',
    method: 'POST',
    body: {
      is_include_archive: bool(),
      page_number: int(),
      page_size: int(),
      types: list<string>(),
      statuses: list<string>(),
      date_from: str(),
      date_to: str(),
    },
  }).returns<PaymentsHistoryResponse>(),
  /** GET /web-api/user/currency-accounts: the player's accounts and the currencies the brand offers. */
  currencyAccounts: defineCall({ url: '/web-api/user/currency-accounts' }).returns<CurrencyAccounts>(),
  /** POST /web-api/user/createCurrencyAccount (spec createCurrencyAccount). */
  createCurrencyAccount: defineCall({
    url: '/web-api/user/createCurrencyAccount',
    method: 'POST',
    body: { currency_id: int({ required: true }) },
  }).returns<CurrencyAccounts>(),
  /** POST /web-api/user/deleteCurrencyAccount (spec deleteCurrencyAccount): only an empty, inactive account. */
  deleteCurrencyAccount: defineCall({
    url: '/web-api/user/deleteCurrencyAccount',
    method: 'POST',
    body: { account_id: str({ required: true }) },
  }).returns<CurrencyAccounts>(),
  /** POST /web-api/user/setActiveCurrencyAccount: bets and deposits use this account from now on. */
  setActiveCurrencyAccount: defineCall({
    url: '/web-api/user/setActiveCurrencyAccount',
    method: 'POST',
    body: { account_id: str({ required: true }) },
  }).returns<CurrencyAccounts>(),
  /** POST /web-api/payments/transfer/quote: the rate and the amount credited, good for a short time. */
  transferQuote: defineCall({
    url: '/web-api/payments/transfer/quote',
    method: 'POST',
    body: {
      from_account_id: str({ required: true }),
      to_account_id: str({ required: true }),
      amount: float({ required: true }),
    },
  }).returns<TransferQuote>(),
  /** POST /web-api/payments/transfer: makes the quoted transfer (the same quote twice is one transfer). */
  transfer: defineCall({
    url: '/web-api/payments/transfer',
    method: 'POST',
    body: { quote_id: str({ required: true }) },
  }).returns<TransferMade>(),
};
