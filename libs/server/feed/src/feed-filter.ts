import { siteOfferFor, type OfferBettingConfig, type SiteOffer } from '@tessera/server/bets';

/** The part of a brand's resolved configuration the feed obeys (schemas/_betting.schema.json). */
export type FeedBettingConfig = OfferBettingConfig;

/**
 * What one brand in one country may show of the feed: the same {@link SiteOffer} bet placement, the coupon calls and
 * the sale apply (ADR 0190), so a game the feed hides can never be bet on.
 */
export type FeedFilter = SiteOffer;

/** The feed filter of a resolved configuration; cached per configuration object (the registry caches those). */
export function feedFilterFor(config: { betting?: FeedBettingConfig }): FeedFilter {
  return siteOfferFor(config);
}
