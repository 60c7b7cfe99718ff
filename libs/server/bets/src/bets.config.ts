import { offeredFullCoverBets, type BetType, type CouponConfig } from '@tessera/sportsbook/util-coupon';
import type { SiteConfig } from '@tessera/shared/util-config';
import { siteOfferFor, type SiteOffer } from './site-offer';

/** Coupon features a request can ask for; each is refused (403, error_code 1002) when the configuration switches it off. */
export type CouponFeature = keyof SiteConfig['coupon']['features'];

/** What the bet routes need from a brand's resolved configuration in one country. */
export interface BetRules {
  /** util-coupon's input: minimum stakes, limits, bet types, boost table, taxes. */
  coupon: CouponConfig;
  features: SiteConfig['coupon']['features'];
  /** Largest stake per currency before a VIP bet is needed; absent: no maximum. */
  maxBet: Readonly<Record<string, number>>;
  /** The brand's margin on a sale, percent. */
  saleMarginPercent: number;
  /** Default bets history window. */
  historyDays: number;
  /** The site's default CheckCf policy. */
  checkCf: 0 | 1 | 2;
  /** Minutes the trading desk has to decide a VIP bet before it lapses. */
  vipDecisionMinutes: number;
  /** The brand's margin on an insurance premium, percent. */
  insuranceMarginPercent: number;
  /** Seconds a bet on a live game is held before acceptance (0: none). */
  liveBetDelaySeconds: number;
  /** Advance bets (README, "Advance bets held until covered"): the share of the open bets' potential wins, and the largest advance per currency. */
  advance: { sharePercent: number; maxAmount: Readonly<Record<string, number>> };
  /** What the brand in this country shows and takes bets on (sports, cyber, virtual, line, live): the feed's rule too. */
  offer: SiteOffer;
}

const cache = new WeakMap<SiteConfig, BetRules>();

/** Maps a resolved site configuration onto {@link BetRules} (cached per resolved configuration object). */
export function betRulesFor(config: SiteConfig): BetRules {
  const hit = cache.get(config);
  if (hit) return hit;
  const coupon = config.coupon;
  const minStake: Record<string, number> = {};
  for (const [code, currency] of Object.entries(config.global.currencies)) minStake[code] = currency.minBetSum;
  Object.assign(minStake, coupon.minBet);
  const betTypes: Partial<Record<BetType, boolean>> = {
    system: coupon.features.system,
    multi: coupon.features.multiBet,
  };
  const taxes = coupon.taxes.enabled
    ? {
        type: String(coupon.taxes.type),
        stakeTaxPercent: coupon.taxes.stakeTaxPercent,
        payoutTaxPercent: coupon.taxes.payoutTaxPercent,
        winAmountThreshold: coupon.taxes.winAmountThreshold,
        coefficientThreshold: coupon.taxes.coefficientThreshold,
        hasReturnTax: coupon.taxes.hasReturnTax,
      }
    : undefined;
  const checkCf = config.betting.checkCf;
  const rules: BetRules = {
    coupon: {
      minStake,
      maxEvents: coupon.maxEvents,
      maxSystemEvents: coupon.maxSystemEvents,
      betTypes,
      fullCoverBets: offeredFullCoverBets(coupon.fullCoverBets),
      ...(coupon.features.expressBoost
        ? {
            expressBoost: {
              percentByEvents: coupon.expressBoost.percentByEvents,
              minOdds: coupon.expressBoost.minOdds,
            },
          }
        : {}),
      ...(taxes ? { taxes } : {}),
    },
    features: coupon.features,
    maxBet: coupon.maxBet,
    saleMarginPercent: coupon.saleMarginPercent,
    historyDays: coupon.historyDays,
    checkCf: checkCf === 1 || checkCf === 2 ? checkCf : 0,
    vipDecisionMinutes: coupon.vipBet.decisionMinutes,
    insuranceMarginPercent: coupon.insurance.marginPercent,
    liveBetDelaySeconds: config.betting.liveBetDelaySeconds,
    advance: { sharePercent: coupon.advanceBet.sharePercent, maxAmount: coupon.advanceBet.maxAmount },
    offer: siteOfferFor(config),
  };
  cache.set(config, rules);
  return rules;
}
