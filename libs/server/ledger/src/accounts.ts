/** Who owns a ledger account: a player, or the platform (one set of platform accounts per brand). */
export type OwnerKind = 'user' | 'platform';

/** What a user-owned account holds. */
export type UserPurpose = 'main' | 'bonus' | 'withdrawal_hold';

/** What a platform-owned account records. */
export type PlatformPurpose =
  | 'cash_in'
  | 'cash_out'
  | 'bets_held'
  | 'house'
  | 'taxes_payable'
  | 'bonus_cost'
  | 'fx_clearing'
  | 'casino_held'
  | 'casino_house'
  | 'adjustments';

/** Every account purpose the ledger knows. */
export type AccountPurpose = UserPurpose | PlatformPurpose;

/** The natural key of a ledger account: owner, currency and purpose. */
export type AccountRef =
  | { ownerKind: 'user'; ownerId: string; currency: string; purpose: UserPurpose }
  | { ownerKind: 'platform'; ownerId: string; currency: string; purpose: PlatformPurpose };

/** How accounts of one purpose behave. */
export interface AccountPolicy {
  /** May the balance go below zero? Never for money that belongs to a player. */
  allowNegative: boolean;
  /** Balance rows the account is spread over; more than one only where every bet touches the account. */
  shardCount: number;
}

// Platform accounts are counterparts of player money: cash_in goes negative as deposits arrive, house P&L swings both
// ways. The accounts every bet touches (bets_held, house, taxes_payable) are spread over 64 balance rows, so
// concurrent placements lock different rows instead of queueing on one (docs/adr/0081-hot-platform-accounts.md).
const policies: Record<AccountPurpose, AccountPolicy> = {
  main: { allowNegative: false, shardCount: 1 },
  bonus: { allowNegative: false, shardCount: 1 },
  withdrawal_hold: { allowNegative: false, shardCount: 1 },
  cash_in: { allowNegative: true, shardCount: 64 },
  cash_out: { allowNegative: true, shardCount: 64 },
  bets_held: { allowNegative: true, shardCount: 64 },
  house: { allowNegative: true, shardCount: 64 },
  taxes_payable: { allowNegative: true, shardCount: 64 },
  bonus_cost: { allowNegative: true, shardCount: 64 },
  // One per brand and currency pair (owner `<brandId>/fx/<A>-<B>`): transfers between a player's own currency accounts
  // convert through it, so its legs show the platform's position in each pair (libs/server/wallet README).
  fx_clearing: { allowNegative: true, shardCount: 1 },
  // The casino's own counterparts (ADR 0285): stakes of rounds still open (a blackjack hand) and the casino's
  // result, apart from the sportsbook's, so each side's held money and gross gaming revenue read from its accounts.
  casino_held: { allowNegative: true, shardCount: 64 },
  casino_house: { allowNegative: true, shardCount: 64 },
  // The counterpart of operators' manual corrections of a player's balance (libs/server/wallet README, "Manual
  // adjustments"): its balance per brand and currency is what the platform has given (negative) or taken back.
  adjustments: { allowNegative: true, shardCount: 1 },
};

/** The policy of an account purpose (negative allowed, balance rows). */
export function accountPolicy(purpose: AccountPurpose): AccountPolicy {
  return policies[purpose];
}

const currencyCode = /^[A-Za-z]{2,6}$/;

/** A player's account in one currency (`main` by default). */
export function userAccount(userId: string | number, currency: string, purpose: UserPurpose = 'main'): AccountRef {
  return { ownerKind: 'user', ownerId: String(userId), currency: checkCurrency(currency), purpose };
}

/** A platform account of a brand in one currency. */
export function platformAccount(brandId: string, currency: string, purpose: PlatformPurpose): AccountRef {
  if (!brandId) throw new RangeError('platformAccount: a brand id is required');
  return { ownerKind: 'platform', ownerId: brandId, currency: checkCurrency(currency), purpose };
}

function checkCurrency(currency: string): string {
  if (!currencyCode.test(currency)) throw new RangeError(`Invalid currency code "${currency}"`);
  return currency;
}

/** A stable text form of an account key, for messages and maps. */
export function accountLabel(ref: AccountRef): string {
  return `${ref.ownerKind}:${ref.ownerId}:${ref.currency}:${ref.purpose}`;
}
