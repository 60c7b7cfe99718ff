import type { OfferSport, SiteOffer } from './site-offer';

/**
 * What bet placement, coupon checks, sale and settlement read of the live line: the API's feed read model
 * (`@tessera/server/feed`'s FeedReadModel) has this shape; a benchmark or test can pass its own.
 */
export interface LineOutcome {
  odds: number;
  status: 'open' | 'suspended' | 'settled';
  result?: string;
  /** The outcome's code (home, draw, over, ...) and dictionary key (feed:outcome.home), stored with a bet's selection. */
  code?: string;
  nameKey?: string;
}

/** A market as the line holds it. */
export interface LineMarket {
  id: string;
  status: 'open' | 'suspended' | 'settled';
  /** The market's type (1x2, total, handicap, ...) and line (2.5), stored with a bet's selection. */
  type?: string;
  line?: number | null;
  outcomes: readonly (LineOutcome & { id: string })[];
}

/** A game of the line with its outcomes indexed by id. */
export interface LineGame {
  game: {
    status: 'prematch' | 'live' | 'finished' | 'cancelled';
    /** The game's sport: with the model's sports, what a brand's offer decides on (site-offer.ts). */
    sportId: number;
    home: { name: string };
    away: { name: string };
    /** A live game's score (DropOnScoreChange compares it across a live bet's hold). */
    live?: { score: { home: number; away: number } };
  };
  markets: readonly LineMarket[];
  outcomeById: ReadonlyMap<string, { market: LineMarket; outcome: LineOutcome }>;
}

/** The live line: games by id, and the sports they belong to. */
export interface LineModel {
  readonly games: ReadonlyMap<number, LineGame>;
  readonly sports: ReadonlyMap<number, OfferSport>;
}

/** A game of the line the offer shows, or undefined when the line has no such game or the offer hides it. */
export function offeredGame(model: LineModel, offer: SiteOffer, gameId: number): LineGame | undefined {
  const entry = model.games.get(gameId);
  return entry && offer.offers(entry.game, model.sports.get(entry.game.sportId)) ? entry : undefined;
}
