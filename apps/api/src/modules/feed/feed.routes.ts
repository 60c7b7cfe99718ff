import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachedAnswer, sendCachedAnswer } from '@tessera/server/http';
import { COUNTRY_COOKIE } from '../config/site-context';
import type { BrandRegistry } from '../config/brand-registry.port';
import { resolveForRequest, siteNotFound } from '@tessera/server/site-config';
import {
  FeedAnswers,
  feedCalls,
  feedRouteSchema,
  type FeedCallName,
  type FeedQuery,
  type FeedReadModel,
} from '@tessera/server/feed';

/** Options of {@link feedRoutes}. */
export interface FeedRoutesOptions {
  registry: BrandRegistry;
  model: FeedReadModel;
  /** Whether live odds are the last known ones (a shared feed whose stream is unreachable or lags). */
  stale?: () => boolean;
}

/** Header of a feed answer whose live odds are the last known ones (the page shows "odds paused"). */
export const FEED_STALE_HEADER = 'x-feed-stale';

/** GET /service-api/LineFeed/<call> and /service-api/LiveFeed/<call>: the spec's feed calls over the read model. */
export function feedRoutes(app: FastifyInstance, { registry, model, stale }: FeedRoutesOptions): void {
  const answers = new FeedAnswers({ model, encode: cachedAnswer });
  for (const feed of ['LineFeed', 'LiveFeed'] as const) {
    for (const call of Object.keys(feedCalls) as FeedCallName[]) {
      app.get<{ Querystring: FeedQuery }>(
        `/service-api/${feed}/${call}`,
        { schema: feedRouteSchema(call, feed) },
        async (request: FastifyRequest<{ Querystring: FeedQuery }>, reply: FastifyReply) => {
          if (request.brandSelection.kind !== 'found') throw siteNotFound();
          const { lng, country } = answers.siteParams(request.query);
          const { resolved } = resolveForRequest(registry, request.brandSelection.brand, {
            lng,
            country,
            cookieCountry: request.cookies[COUNTRY_COOKIE],
          });
          request.resolvedBrand = resolved;
          const answer = answers.answer(feed, call, request.query, resolved);
          // Answers differ per brand (Host) and language; shared caches must not mix them. A client polling the feed
          // revalidates with the validator it holds: no body while the answer is unchanged.
          reply.header('cache-control', 'private, no-cache');
          if (stale?.()) reply.header(FEED_STALE_HEADER, 'true');
          return sendCachedAnswer(request, reply, answer);
        },
      );
    }
  }
}
