/**
 * Which markets a live game offers in one brand and country (`betting.live.closedMarketTypes`, held to the floor of
 * jurisdiction rule DEGGL-LIVE-1: during a match, only the final result). Pure; the site offer carries it, so the feed
 * leaves a closed market out of a live game and bet placement refuses it (live_market_not_offered) with one rule.
 */

/** The part of a resolved configuration the rule reads (schemas/_betting.schema.json, `live`). */
export interface LiveMarketsConfig {
  live?: { closedMarketTypes?: readonly string[] };
}

/** What the rule needs of a market: its type (the feed's `1x2`, `total` ...). */
export interface RuledMarket {
  type?: string;
}

/** The live market rule of one resolved configuration. */
export interface LiveMarketRule {
  /** The closed types, sorted: part of the offer's key, so caches keep brands with other rules apart. */
  readonly key: string;
  /** True when some market type is closed once a game is live (pages say why markets are missing). */
  readonly restricted: boolean;
  /**
   * Whether a market of a game may be shown and bet on: any market before the game starts; once it is live, one whose
   * type is not closed. A live market without a type is closed whenever any type is: it cannot be shown to be allowed.
   */
  offersMarket(game: { status: string }, market: RuledMarket): boolean;
}

/** The rule of a resolved configuration's `betting` section. */
export function liveMarketRuleFor(betting: LiveMarketsConfig): LiveMarketRule {
  const closed = new Set(betting.live?.closedMarketTypes ?? []);
  const restricted = closed.size > 0;
  return {
    key: [...closed].sort().join(','),
    restricted,
    offersMarket: (game, market) =>
      !restricted || game.status !== 'live' || (market.type !== undefined && !closed.has(market.type)),
  };
}
