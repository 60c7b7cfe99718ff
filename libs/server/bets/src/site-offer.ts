/**
 * What one brand in one country offers of the sportsbook: the single rule the feed (what a bettor sees) and every bet
 * call (placement, coupon save/load/update, sale) apply, so a game hidden from a bettor can never be bet on (ADR 0190).
 * Pure: it reads a resolved configuration's `betting` section and a game's status and sport.
 */
import { liveMarketRuleFor, type LiveMarketRule } from './live-markets';

/** The part of a brand's resolved configuration the offer obeys (schemas/_betting.schema.json). */
export interface OfferBettingConfig {
  line?: { enabled?: boolean };
  live?: { enabled?: boolean; closedMarketTypes?: readonly string[] };
  cyber?: { enabled?: boolean };
  virtualSports?: { enabled?: boolean };
  disallowedSports?: readonly number[];
  topSports?: readonly number[];
  expressOfTheDay?: boolean;
}

/** What the offer needs to know of a sport: its id and kind (the feed's `FeedSport` fits). */
export interface OfferSport {
  id: number;
  kind: 'regular' | 'cyber' | 'virtual' | (string & {});
}

/** What the offer needs to know of a game: its status and sport (the feed's game fits). */
export interface OfferGame {
  status: 'prematch' | 'live' | 'finished' | 'cancelled' | (string & {});
  sportId: number;
}

/** What one brand in one country may show and take bets on, decided once per resolved configuration. */
export interface SiteOffer {
  /** Identifies the rule set, for response caches shared by brands with the same rules. */
  readonly key: string;
  /** The pre-match line is on. */
  readonly lineOn: boolean;
  /** Live betting is on. */
  readonly liveOn: boolean;
  readonly expressOfTheDay: boolean;
  /** Sports pinned first in the sports list, in order. */
  readonly topSports: readonly number[];
  /** Whether a sport may be shown (not disallowed; cyber and virtual only when switched on); unknown sports never. */
  allows(sport: OfferSport | undefined): boolean;
  /**
   * Whether a game may be shown and bet on: its sport is allowed, a pre-match game only with the line on, a live game
   * only with live on. Finished and cancelled games are offered when their sport is (results, coupons that name them);
   * whether they still take bets is the placement's own check.
   */
  offers(game: OfferGame, sport: OfferSport | undefined): boolean;
  /** Whether a market of an offered game may be shown and bet on (live-markets.ts: closed types once it is live). */
  offersMarket: LiveMarketRule['offersMarket'];
  /** Some market types are closed once a game is live (jurisdiction rule DEGGL-LIVE-1). */
  readonly liveMarketsRestricted: boolean;
}

const cache = new WeakMap<object, SiteOffer>();

/** The offer of a resolved configuration; cached per configuration object (the brand registry caches those). */
export function siteOfferFor(config: { betting?: OfferBettingConfig }): SiteOffer {
  const cached = cache.get(config);
  if (cached) return cached;
  const betting = config.betting ?? {};
  const cyberOn = betting.cyber?.enabled !== false;
  const virtualOn = betting.virtualSports?.enabled !== false;
  const lineOn = betting.line?.enabled !== false;
  const liveOn = betting.live?.enabled !== false;
  const disallowed = new Set(betting.disallowedSports ?? []);
  const liveMarkets = liveMarketRuleFor(betting);
  const allows = (sport: OfferSport | undefined): boolean =>
    sport !== undefined &&
    !disallowed.has(sport.id) &&
    (sport.kind !== 'cyber' || cyberOn) &&
    (sport.kind !== 'virtual' || virtualOn);
  const offer: SiteOffer = {
    key: [
      cyberOn,
      virtualOn,
      betting.line?.enabled,
      betting.live?.enabled,
      betting.expressOfTheDay,
      [...disallowed].sort((a, b) => a - b),
      betting.topSports,
      liveMarkets.key,
    ]
      .map(String)
      .join('|'),
    lineOn,
    liveOn,
    expressOfTheDay: betting.expressOfTheDay !== false,
    topSports: betting.topSports ?? [],
    allows,
    offers: (game, sport) =>
      allows(sport) && (game.status !== 'prematch' || lineOn) && (game.status !== 'live' || liveOn),
    offersMarket: liveMarkets.offersMarket,
    liveMarketsRestricted: liveMarkets.restricted,
  };
  cache.set(config, offer);
  return offer;
}
