import type { SiteConfig } from '@tessera/shared/util-config';
import { offeredFullCoverBets, type CouponConfig } from '@tessera/sportsbook/util-coupon';

/** The coupon features a brand, country or language can switch (config `coupon.features`). */
export type CouponFeature = keyof SiteConfig['coupon']['features'];

/**
 * The input of the coupon maths from the resolved site configuration: minimum stake per currency (coupon.minBet,
 * else the currency's minBetSum), maximum stake per currency (coupon.maxBet; the server checks it after pricing, where
 * a VIP bet is exempt), event limits, bet types switched off (system, multiBet), the full-cover bets offered, express boost when the
 * feature is on, taxes when enabled. The server maps the same settings, so both refuse a coupon for the same reasons.
 */
export function couponConfigFromSite(config: SiteConfig): CouponConfig {
  const { coupon, global } = config;
  const minStake: Record<string, number> = {};
  for (const [code, currency] of Object.entries(global.currencies)) minStake[code] = currency.minBetSum;
  for (const [code, amount] of Object.entries(coupon.minBet ?? {})) minStake[code] = amount;
  const taxes = coupon.taxes;
  return {
    minStake,
    maxStake: coupon.maxBet,
    maxEvents: coupon.maxEvents,
    maxSystemEvents: coupon.maxSystemEvents,
    betTypes: { system: coupon.features.system !== false, multi: coupon.features.multiBet !== false },
    fullCoverBets: offeredFullCoverBets(coupon.fullCoverBets),
    ...(coupon.features.expressBoost
      ? { expressBoost: { percentByEvents: coupon.expressBoost.percentByEvents, minOdds: coupon.expressBoost.minOdds } }
      : {}),
    ...(taxes.enabled
      ? {
          taxes: {
            type: String(taxes.type),
            stakeTaxPercent: taxes.stakeTaxPercent,
            payoutTaxPercent: taxes.payoutTaxPercent,
            winAmountThreshold: taxes.winAmountThreshold,
            coefficientThreshold: taxes.coefficientThreshold,
            hasReturnTax: taxes.hasReturnTax,
          },
        }
      : {}),
  };
}

/** Whether a coupon feature is on for this brand, country and language (a switched-off feature is absent from the page). */
export function isCouponFeatureOn(config: SiteConfig, feature: CouponFeature): boolean {
  return config.coupon.features[feature] === true;
}
