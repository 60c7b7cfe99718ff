import fastifyWebsocket from '@fastify/websocket';
import type { Database } from '@tessera/server/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COUNTRY_COOKIE } from '../config/site-context';
import type { BrandRegistry } from '../config/brand-registry.port';
import { resolveForRequest } from '@tessera/server/site-config';
import {
  FeedService,
  feedFilterFor,
  PushConnection,
  PushHub,
  PushAdmission,
  PUSH_CONNECTIONS_PER_ADDRESS,
  PUSH_PER_MESSAGE_DEFLATE,
  SharedFeed,
  type FeedBettingConfig,
  type FeedClusterEnv,
} from '@tessera/server/feed';
import { apiRef, type FeedPushQuery, type FeedSource, type HealthResponse } from '@tessera/shared/contract-api';
import { feedRoutes } from './feed.routes';

/** Path of the live push channel (WebSocket). */
export const FEED_PUSH_PATH = '/service-api/feed/push';

/** Close code when the request names no known site. */
export const PUSH_CLOSE_NO_SITE = 4404;

/** The feed options of `buildApp`: the odds feed to follow and how often odds ticks are written. */
export interface FeedOptions {
  /** The odds feed (the simulator in development); without one the API serves what the database holds. */
  provider?: FeedSource;
  /** Milliseconds between batched writes of odds ticks; default 1000. */
  flushIntervalMs?: number;
  /** Called with the running service (tests, health checks). */
  onService?: (service: FeedService) => void;
  /** Open push connections one client address may hold (PUSH_CONNECTIONS_PER_ADDRESS); default 20. */
  pushConnectionsPerAddress?: number;
  /**
   * Shared mode (ADR 0360, REDIS_URL and DATABASE_URL): one server of several leads the feed, every one follows the
   * Redis Stream. Without it the feed stays in this process.
   */
  shared?: FeedClusterEnv;
  /** Called with the shared feed once created (tests, health). */
  onShared?: (feed: SharedFeed) => void;
  /** Called with the push hub (tests: its stale flag). */
  onHub?: (hub: PushHub) => void;
  /** Called with what `GET /health` says of the feed: mode, leader, stale, stream position and lag. */
  onHealth?: (health: () => NonNullable<HealthResponse['feed']>) => void;
}

/** Everything the feed plugin needs. */
export interface FeedPluginOptions extends FeedOptions {
  database: Database;
  registry: BrandRegistry;
  /** Production admits push connections only from the brands' own https origins (and development hosts). */
  production?: boolean;
}

/**
 * The sportsbook feed: the read model kept by {@link FeedService}, the spec's LineFeed and LiveFeed calls over it,
 * and the live push channel. The read model is rebuilt (database, then provider) before the server listens.
 */
export async function feedPlugin(app: FastifyInstance, options: FeedPluginOptions): Promise<void> {
  const service = new FeedService({
    database: options.database,
    provider: options.provider,
    ...(options.flushIntervalMs !== undefined ? { flushIntervalMs: options.flushIntervalMs } : {}),
    log: app.log,
    ...(options.shared ? { followProvider: false, writeStreamMark: SharedFeed.writeMark } : {}),
  });
  // Shared: the stream feeds the hub (and the listeners); one process: the service's changes do.
  const shared = options.shared
    ? await SharedFeed.create({ ...options.shared, service, database: options.database, log: app.log })
    : undefined;
  const hub = shared?.hub ?? new PushHub();
  if (!shared) service.onChanges((changes, version) => hub.broadcast(changes, version));
  options.onService?.(service);
  if (shared) options.onShared?.(shared);
  options.onHub?.(hub);
  options.onHealth?.(() => {
    if (!shared) return { mode: 'single', leader: true, stale: hub.stale };
    const state = shared.state();
    return {
      mode: 'shared',
      leader: state.leader,
      stale: state.stale,
      position: state.position,
      lagMs: Math.round(state.lagMs),
      sinceReadMs: Math.round(state.sinceReadMs),
    };
  });

  const admission = new PushAdmission({
    connectionsPerAddress: options.pushConnectionsPerAddress ?? PUSH_CONNECTIONS_PER_ADDRESS,
    production: options.production ?? false,
  });
  // permessage-deflate so that live deltas go out compressed once for every client (push-frame.ts).
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024, perMessageDeflate: { ...PUSH_PER_MESSAGE_DEFLATE } },
  });
  feedRoutes(app, { registry: options.registry, model: service.model, stale: () => hub.stale });

  app.get<{ Querystring: FeedPushQuery }>(
    FEED_PUSH_PATH,
    {
      websocket: true,
      // Before the upgrade: a page of another site, or an address over its share, is refused with 403 or 429. An
      // unknown site is left to the handler, which closes with PUSH_CLOSE_NO_SITE.
      onRequest: async (request) => {
        if (request.brandSelection.kind !== 'found') return;
        admission.checkOrigin(request);
        admission.admit(request);
      },
      schema: {
        summary: 'Live push channel (WebSocket): deltas of odds, score, clock, suspension; messages in FeedPushMessage',
        tags: ['feed'],
        querystring: apiRef('feed/feed-push-query'),
      },
    },
    (socket, request: FastifyRequest<{ Querystring: FeedPushQuery }>) => {
      if (request.brandSelection.kind !== 'found') {
        socket.close(PUSH_CLOSE_NO_SITE, 'site not found');
        return;
      }
      let filter;
      try {
        const { resolved } = resolveForRequest(options.registry, request.brandSelection.brand, {
          lng: request.query.lng,
          country: request.query.country?.toLowerCase(),
          cookieCountry: request.cookies[COUNTRY_COOKIE],
        });
        filter = feedFilterFor(resolved.config as { betting?: FeedBettingConfig });
      } catch {
        socket.close(PUSH_CLOSE_NO_SITE, 'language or country not served');
        return;
      }
      const connection = new PushConnection(socket, filter, service.model, hub);
      const remove = hub.add(connection);
      socket.on('message', (data: Buffer) => connection.command(data.toString('utf8')));
      socket.on('close', remove);
      connection.hello();
    },
  );

  app.addHook('onReady', async () => {
    await service.start();
    await shared?.start();
  });
  app.addHook('onClose', async () => {
    await shared?.stop();
    hub.close();
    await service.stop();
  });
}
