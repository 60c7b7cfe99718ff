import type { FullCoverBetName } from './full-cover';

/**
 * The bet types a coupon can be placed as. `fullCover` is a named full-cover bet (Trixie, Yankee, Lucky 15, ...):
 * every combination of its selections from the doubles (or the singles) up, one line each, the stake per line.
 */
export type BetType = 'single' | 'express' | 'system' | 'multi' | 'antiExpress' | 'fullCover';

/** Every bet type, in a stable order. */
export const BET_TYPES: readonly BetType[] = ['single', 'express', 'system', 'multi', 'antiExpress', 'fullCover'];

/** Spec section 9: at most 50 events in a coupon. */
export const MAX_COUPON_EVENTS = 50;

/** Spec section 9: at most 20 events for system and multi bets. */
export const MAX_SYSTEM_EVENTS = 20;

/**
 * Betting taxes of a country, as the site configuration carries them (spec section 3). Semantics
 * are in the README ("Betting taxes and express boost"): stake tax is a percent of the typed stake, payout tax a percent of the winnings
 * (or of the whole return when hasReturnTax is 'true'), charged only above the thresholds.
 */
export interface BettingTaxConfig {
  /** Free label of the tax regime (for example a country code); not used in the maths. */
  readonly type?: string;
  /** Percent of each stake withheld as tax before the bet is placed (excise on stake). */
  readonly stakeTaxPercent?: number;
  /** Percent of the winnings (or of the return, see hasReturnTax) withheld when the bet is paid. */
  readonly payoutTaxPercent?: number;
  /** Payout tax applies only when the winnings are above this amount; 0 or absent: always. */
  readonly winAmountThreshold?: number;
  /** Payout tax applies only when the bet's coefficient is above this; 0 or absent: always. */
  readonly coefficientThreshold?: number;
  /** The string 'true' on the wire (a boolean is accepted too): payout tax is on the whole return, stake included. */
  readonly hasReturnTax?: string | boolean;
}

/** Express boost: extra percent of the winnings by number of qualifying events. */
export interface ExpressBoostConfig {
  /** Events in the express (as a decimal string key on the wire, or a number) to boost percent; the highest key not above the count applies. */
  readonly percentByEvents: Readonly<Record<string, number>>;
  /** Selections priced below this do not count towards the boost; 1.01 when absent. */
  readonly minOdds?: number;
}

/**
 * The small typed input this library needs from the site configuration. The generated SiteConfig
 * is mapped onto it by its owner; keeping our own interface keeps the maths independent of the schema.
 */
export interface CouponConfig {
  /** Minimum stake by currency code ('EUR': 0.2); a currency without an entry cannot bet. */
  readonly minStake: Readonly<Record<string, number>>;
  /**
   * Largest stake of one bet by currency code (a single's stake per event, a multi's per group); no limit for a
   * currency without an entry. A larger stake is a VIP bet for the trading desk, which this check does not cover.
   */
  readonly maxStake?: Readonly<Record<string, number>>;
  /** Most events in a coupon; 50 when absent. */
  readonly maxEvents?: number;
  /** Most events for system and multi bets; 20 when absent. */
  readonly maxSystemEvents?: number;
  /** Bet types switched off for this site, country or language (false); every type is on when absent. */
  readonly betTypes?: Readonly<Partial<Record<BetType, boolean>>>;
  /** The named full-cover bets this site offers (coupon.fullCoverBets); none when absent. */
  readonly fullCoverBets?: readonly FullCoverBetName[];
  /** Express boost table; no boost when absent. */
  readonly expressBoost?: ExpressBoostConfig;
  /** Margin of the anti-express price in percent; DEFAULT_ANTI_EXPRESS_MARGIN_PERCENT when absent. */
  readonly antiExpressMarginPercent?: number;
  /** Betting taxes of the country; none when absent. */
  readonly taxes?: BettingTaxConfig;
}

/** The event limit that applies to a bet type: 20 for system and multi, 50 otherwise (or as configured). */
export function maxEventsFor(
  betType: BetType,
  config: Pick<CouponConfig, 'maxEvents' | 'maxSystemEvents'> = {},
): number {
  const all = config.maxEvents ?? MAX_COUPON_EVENTS;
  if (betType === 'system' || betType === 'multi') return Math.min(all, config.maxSystemEvents ?? MAX_SYSTEM_EVENTS);
  return all;
}

/**
 * True unless the configuration switches the bet type off. Full-cover bets are off unless the site offers at least
 * one of them (`fullCoverBets`); which one a coupon names is checked by validateCoupon.
 */
export function isBetTypeEnabled(betType: BetType, config: Pick<CouponConfig, 'betTypes' | 'fullCoverBets'>): boolean {
  if (betType === 'fullCover') return (config.fullCoverBets?.length ?? 0) > 0 && config.betTypes?.fullCover !== false;
  return config.betTypes?.[betType] !== false;
}

/** True when the site offers this named full-cover bet. */
export function isFullCoverOffered(
  name: FullCoverBetName | undefined,
  config: Pick<CouponConfig, 'fullCoverBets'>,
): boolean {
  return name !== undefined && (config.fullCoverBets ?? []).includes(name);
}
