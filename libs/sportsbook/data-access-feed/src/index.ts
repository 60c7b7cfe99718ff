export {
  CYBER_STATISTIC_SPORT_IDS,
  hasCyberStatistics,
  STAGE_VIEW,
  statisticCyberUrl,
  statisticGameUrl,
  statisticGraphUrl,
  statisticHorseUrl,
  statisticPlayerUrl,
  statisticRatingUrl,
  statisticStageUrl,
  statisticTeamUrl,
  statisticTournamentUrl,
  statisticUrl,
  StatisticUrlError,
} from './statistics/statistic-urls';
export type {
  StageView,
  StatisticCyberParams,
  StatisticGameParams,
  StatisticGraphParams,
  StatisticHorseParams,
  StatisticId,
  StatisticLink,
  StatisticPlayerParams,
  StatisticRatingParams,
  StatisticStageParams,
  StatisticTeamParams,
  StatisticTournamentParams,
} from './statistics/statistic-urls';
export { parseStatisticPath, STATISTIC_UNAVAILABLE_KINDS } from './statistics/statistic-path';
export type { StatisticTarget, StatisticUnavailableKind } from './statistics/statistic-path';
export {
  openStatisticWindow,
  STATISTIC_WINDOW_NAME,
  STATISTIC_WINDOW_WIDTH,
  statisticWindowFeatures,
  statisticWindowHeight,
  statisticWindowRect,
} from './statistics/statistic-window';
export type { ScreenLike, StatisticWindowRect, WindowLike } from './statistics/statistic-window';
export { cutSearchText, feedApi, SEARCH_MAX_LENGTH } from './lib/feed.api';
export type { FeedCalls, FeedKind } from './lib/feed.api';
export { createFeedQueries, feedKeys } from './lib/feed.queries';
export type { FeedContext, FeedQueries } from './lib/feed.queries';
export type {
  FeedChamp,
  FeedChampResponse,
  FeedChampsResponse,
  FeedChange,
  FeedExpressEvent,
  FeedExpressResponse,
  FeedGameResponse,
  FeedGameRow,
  FeedGamesResponse,
  FeedLiveState,
  FeedMarket,
  FeedMarketGroup,
  FeedMarketStatus,
  FeedOutcome,
  FeedPushMessage,
  FeedScore,
  FeedSearchResponse,
  FeedSport,
  FeedSportsResponse,
  FeedTeam,
} from './lib/feed.types';
export { LiveStore } from './lib/live-store';
export type { LiveGameSnapshot, LiveOutcomeSnapshot, OddsDirection } from './lib/live-store';
export { createLiveConnection, FEED_PUSH_PATH } from './lib/live-connection';
export type { LiveChannelStatus, LiveConnection, LiveConnectionOptions, SocketLike } from './lib/live-connection';
export {
  allMarketGroupsCollapsedPreference,
  allowedBettingViews,
  bettingViewPreference,
  orderMarketGroups,
  coefficientFormatPreference,
  collapsedMarketGroupsPreference,
  createPreference,
  expandedMarketGroupsPreference,
  favoriteChampsPreference,
  favoriteGamesPreference,
  isGroupCollapsed,
  pushSearchHistory,
  rowMarkets,
  SEARCH_HISTORY_MAX,
  searchHistoryPreference,
  toggleId,
  useMarketGroupsCollapse,
  usePreference,
} from './lib/sportsbook-preferences';
export type { BettingView, Preference } from './lib/sportsbook-preferences';
export {
  feedContextOf,
  SportsbookProvider,
  useBettingView,
  useCoefficientFormat,
  useFeedContext,
  useFeedQueries,
  useFormatOdds,
  useLiveFeed,
  useLiveGame,
  useLiveOutcome,
  useLiveStore,
  useSeedLive,
} from './lib/sportsbook-provider';
export type { SportsbookProviderProps } from './lib/sportsbook-provider';
export { marketTypeText, outcomeLabelText, useFeedText, useOddsCell } from './lib/use-odds-cell';
export type { FeedText, OddsCell } from './lib/use-odds-cell';
export { ON_SCREEN_MARGIN, UpdateGate, useOnScreenGate } from './lib/update-gate';
export { periodKey, periodKind, usePeriodName } from './lib/period-name';
export type { PeriodKind } from './lib/period-name';
