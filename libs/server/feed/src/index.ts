export { FeedAnswers, type FeedAnswersOptions, type FeedQuery, type FeedSite } from './feed-answers';
export {
  FEED_COMMON_PARAMS,
  FEED_PARAM_NAMES,
  feedCalls,
  type FeedCallName,
  type FeedName,
  type FeedParamName,
  type FeedSchemaName,
} from './feed-calls';
export { feedFilterFor, type FeedBettingConfig, type FeedFilter } from './feed-filter';
export {
  PushConnection,
  PushHub,
  PUSH_CLOSE_TOO_SLOW,
  PUSH_MAX_BUFFERED_BYTES,
  PUSH_MAX_GAMES,
  type PushMessageBody,
  type PushSocket,
} from './feed-push';
export {
  FEED_KIND_NUMBER,
  SEARCH_MAX,
  champView,
  champsList,
  cutSearchText,
  expressOfTheDay,
  gameGroups,
  gameRow,
  gameVisible,
  mainLineMarket,
  marketView,
  search,
  selectGames,
  sportVisible,
  sportsShort,
  topChamps,
  topGames,
  type ExpressPick,
  type FeedKindName,
  type GameCriteria,
  type MainLineType,
  type QueryContext,
} from './feed.queries';
export {
  PushAdmission,
  PUSH_CONNECTIONS_PER_ADDRESS,
  type PushAdmissionOptions,
  type PushHandshake,
} from './push-admission';
export { FeedReadModel, type AppliedEvent, type FeedChange, type GameEntry } from './feed.read-model';
export { loadStoredFeed, type StoredFeed } from './feed.repository';
export { FeedService, type FeedChangeListener, type FeedLogger, type FeedServiceOptions } from './feed.service';
export { feedApiSchemas, feedRouteSchema, feedSchema } from './feed-route-schemas';
