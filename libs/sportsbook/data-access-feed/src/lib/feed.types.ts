// The feed's wire types come from the generated API contract (@tessera/shared/contract-api, from
// schemas/api/feed/*.schema.json); the aliases below only name parts of those types that the site uses on their own.
import type {
  FeedExpressResponse,
  FeedGameResponse,
  FeedGameRow,
  FeedMarket,
  FeedPushMessage,
  FeedSportsResponse,
} from '@tessera/shared/contract-api';

export type {
  FeedChamp,
  FeedChampResponse,
  FeedChampsResponse,
  FeedExpressResponse,
  FeedGameResponse,
  FeedGameRow,
  FeedGamesResponse,
  FeedMarket,
  FeedPushMessage,
  FeedSearchResponse,
  FeedSportsResponse,
} from '@tessera/shared/contract-api';

/** Live state of a started game. */
export type FeedLiveState = NonNullable<FeedGameRow['live']>;

/** Score of one side pair. */
export type FeedScore = FeedLiveState['score'];

/** Status of a market or an outcome. */
export type FeedMarketStatus = FeedMarket['status'];

/** One selectable outcome of a market. */
export type FeedOutcome = FeedMarket['outcomes'][number];

/** A team or player. */
export type FeedTeam = FeedGameRow['home'];

/** A sport with counts (GetSportsShortZip). */
export type FeedSport = FeedSportsResponse['sports'][number];

/** A market group of the game page (GetGameZip). */
export type FeedMarketGroup = FeedGameResponse['groups'][number];

/** One pick of the express of the day. */
export type FeedExpressEvent = NonNullable<FeedExpressResponse['express']>['events'][number];

/** One change of the push channel (a delta message's changes). */
export type FeedChange = Extract<FeedPushMessage, { type: 'delta' }>['changes'][number];
