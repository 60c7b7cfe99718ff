export {
  fakeFeedClient,
  feedBrand,
  feedGame,
  feedHttpError,
  feedLineMarket,
  feedMainMarket,
  renderFeedView,
} from './lib/feed-view-kit';
export type { FeedAnswer } from './lib/feed-view-kit';
