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
  PUSH_CONFLATE_BYTES,
  PUSH_DRAINED_BYTES,
  PUSH_MAX_BUFFERED_BYTES,
  PUSH_MAX_CONFLATED,
  PUSH_MAX_GAMES,
  PUSH_REPLAY_CHANGES,
  type PushEntry,
  type PushHubOptions,
  type PushMessageBody,
  type PushSocket,
} from './feed-push';
export { PUSH_PER_MESSAGE_DEFLATE } from './push-frame';
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
export {
  FeedService,
  type FeedChangeListener,
  type FeedLogger,
  type FeedServiceOptions,
  type StreamMark,
} from './feed.service';
export { feedApiSchemas, feedRouteSchema, feedSchema } from './feed-route-schemas';
export {
  SharedFeed,
  VERSION_STRIDE,
  STREAM_STALE_MS,
  FEED_CLUSTER_STREAM,
  leaderLockKey,
  type ReplayableFeedSource,
  type SharedFeedOptions,
  type SharedFeedState,
} from './cluster/shared-feed';
export { FeedStream, FencedError, type FeedStreamEntry, type FeedStreamOptions } from './cluster/feed-stream';
export { FeedLeadership, type FeedLeadershipOptions } from './cluster/feed-leadership';
export { agreeSimStart, readClusterMark, readStoredMark, type ClusterMark } from './cluster/cluster-state';
export { readFeedClusterEnv, type FeedClusterEnv } from './cluster/cluster-env';
export { OwnRedis, deleteKeys, requireRedis, testKeyPrefix, testRedisUrl } from './cluster/testing/redis-server';
