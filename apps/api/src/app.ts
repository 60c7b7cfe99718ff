import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { loadBrandRegistry, runningServerServices, type PlatformServices } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import { createJobQueue } from '@tessera/server/jobs';
import { depositInFlight } from '@tessera/server/wallet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  apiSchemas,
  BODY_LIMIT_BYTES,
  clientErrorHandler,
  frameworkErrorHandler,
  loggerOptions,
  preRoutingSecurityHeaders,
  registerErrorHandling,
  registerClientBuild,
  registerCompression,
  registerOperatorAccess,
  registerRateLimit,
  registerRequestGuards,
  registerSecurity,
  requestId,
  type RateLimitStore,
  requestValidatorFactory,
  responseSerializerFactory,
  serverTimeoutOptions,
  serverTimeouts,
  type ServerTimeouts,
} from '@tessera/server/http';
import { chooseBrand, foundBrand } from './modules/config/site-context';
import { brandAssetRoutes } from './modules/brand-assets/brand-assets.routes';
import type { BrandRegistry } from './modules/config/brand-registry.port';
import { defaultBrandOverride, reportBrands, type BrandOverrideScope } from '@tessera/server/site-config';
import { configRoutes } from './modules/config/config.routes';
import { registerCasino } from './modules/casino/casino.plugin';
import { registerCasinoExternal } from './modules/casino/casino-external.plugin';
import type { ExternalCasinoSettings } from '@tessera/server/casino';
import { registerApiDocs } from './modules/docs/docs.plugin';
import { registerAccounts, type AccountsOptions } from './modules/auth/accounts.plugin';
import { configurePasswordHashing, type PasswordHashingLimits } from '@tessera/server/accounts';
import { registerBets, type BetsOptions } from './modules/bets/bets.plugin';
import { registerWallet, type WalletOptions } from './modules/wallet/wallet.plugin';
import { registerVerification, type VerificationOptions } from './modules/verification/verification.plugin';
import { registerResponsible, type ResponsibleOptions } from './modules/responsible/responsible.plugin';
import { registerBackoffice } from './modules/backoffice/backoffice.plugin';
import type { FeedService } from '@tessera/server/feed';
import { feedPlugin, type FeedOptions } from './modules/feed/feed.plugin';
import { healthRoutes } from './modules/health/health.routes';
import { fallbackRender, readClientAssets } from '@tessera/server/pages';
import { pageRoutes } from './modules/pages/pages.routes';
import { informationRoutes } from './modules/pages/information.routes';
import type { HealthResponse, RenderFunction } from '@tessera/shared/contract-api';

/** The longest one start-up step (a plugin, an onReady hook) may take before the server gives up starting. */
const STARTUP_STEP_TIMEOUT_MS = 120_000;

/** How the server runs: production adds HSTS; test keeps logs quiet by default. */
export type AppMode = 'development' | 'test' | 'production';

/**
 * Everything {@link buildApp} needs; the caller owns (and closes) the database. The accounts' outside world (message
 * gateways or a test's sender, identity providers, captcha check, IP country, clock) is described where it is used.
 */
export interface BuildAppOptions extends Pick<
  AccountsOptions,
  | 'messageSender'
  | 'messageGateways'
  | 'clock'
  | 'resendCooldownMs'
  | 'identityProviders'
  | 'environment'
  | 'captchaVerifier'
  | 'ipCountry'
> {
  /** The brands folder (brands/<id>/brand.json, ...), loaded and validated at start-up. */
  brandsDir: string;
  /** Platform dictionaries (<lng>/<namespace>.json); default the registry's (libs/shared/util-i18n/src/locales). */
  platformLocalesDir?: string;
  /** An already loaded registry (tests, or a caller that loaded it to report before starting). */
  brandRegistry?: BrandRegistry;
  database: Database;
  /** `render()` of the web app's SSR bundle; without it a plain fallback page is rendered. */
  render?: RenderFunction;
  /** The client build (dist/apps/web/client); absent or missing means no static files and no asset links. */
  clientDir?: string;
  mode?: AppMode;
  /** Fastify/pino logger options; default JSON logs at info, none in test mode. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Where the development brand override (`?brand=`, cookie, first brand on localhost) applies: `true` any host no
   * brand serves, `false` nowhere; default development hosts only in production, any host otherwise (site-config README, "The development brand override is scoped").
   */
  brandOverride?: boolean | BrandOverrideScope;
  /** Requests per client per minute across the API; default 600. Auth routes apply tighter limits. */
  rateLimitPerMinute?: number;
  /**
   * Shared mode (ADR 0365): the Redis every server of the deployment counts per-address limits in, and its key
   * prefix; without it the counters live in this process.
   */
  shared?: RateLimitStore;
  /** Trust X-Forwarded-* from a proxy in front (real deployments behind a load balancer). */
  trustProxy?: boolean;
  /** Identifies this start-up in the stored validation report; default a fresh UUID. */
  startupId?: string;
  /** The sportsbook feed: its provider (the simulator in development) and write batching. */
  feed?: FeedOptions;
  /** Server key sealing two-factor secrets and keying code hashes (ACCOUNT_SECRET_KEY); development default otherwise. */
  accountSecretKey?: string;
  /** Outside production: the feed wrapper behind `POST /__dev/feed/finish` (main.ts wraps the simulator in it). */
  feedControl?: BetsOptions['feedControl'];
  /** The card payment provider, the built-in one to run and sandbox timing; default the sandbox outside production, none in production. */
  payments?: Pick<
    WalletOptions,
    'paymentProvider' | 'provider' | 'callbackSecret' | 'sandbox' | 'gates' | 'withdrawalSweepMs' | 'rates'
  >;
  /** External casino game providers on the seamless wallet (CASINO_PROVIDER_URL; ADR 0345); default none. */
  casinoExternal?: ExternalCasinoSettings;
  /** The trading desk for VIP bets; default the development desk outside production, none in production (ADR 0136). */
  vipDesk?: BetsOptions['vipDesk'];
  /** How long the server waits for slow clients; default DEFAULT_SERVER_TIMEOUTS (libs/server/http/README.md). */
  timeouts?: Partial<ServerTimeouts>;
  /** Serve /api-docs (API_DOCS); default on outside production, off in production. */
  apiDocs?: boolean;
  /** OPERATOR_TOKEN: the bearer token of the explain endpoint and /ready's details; without it only loopback clients. */
  operatorToken?: string;
  /** argon2 at once and waiting (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE); default DEFAULT_PASSWORD_HASHING. */
  passwordHashing?: PasswordHashingLimits;
  /** Identity documents' storage (default a local folder: VERIFICATION_DOCUMENTS_DIR, else .data/verification-documents; ADR 0265). */
  verification?: Pick<VerificationOptions, 'storage' | 'documentsDir'>;
  /** Player protection's outside world (self-exclusion registers, cross-operator deposit limit) and the test-mode clock. */
  responsible?: Pick<
    ResponsibleOptions,
    'registers' | 'crossOperator' | 'registerTimeoutMs' | 'testClock' | 'sandboxActivityFile'
  >;
}

/** Builds the platform's Fastify app: API, docs, static files and server-side rendered pages of every brand. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const mode = options.mode ?? 'development';
  const registry =
    options.brandRegistry ??
    (await loadBrandRegistry({ brandsDir: options.brandsDir, platformLocalesDir: options.platformLocalesDir }));
  const brandOverride: BrandOverrideScope =
    options.brandOverride === undefined
      ? defaultBrandOverride(mode)
      : options.brandOverride === true
        ? 'any-host'
        : options.brandOverride === false
          ? 'off'
          : options.brandOverride;

  const preRoutingHeaders = preRoutingSecurityHeaders(mode === 'production');
  const app = Fastify({
    logger: options.logger ?? loggerOptions(mode),
    genReqId: requestId,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Each plugin and onReady hook (recovery of held bets, the job queue, the feed's catch-up after a crash) may take
    // this long. Fastify's 10 s default made a server on a loaded host, or recovering after SIGKILL, exit at start-up
    // ("Plugin did not start in time"); a start that hangs beyond this still fails, and loudly.
    pluginTimeout: STARTUP_STEP_TIMEOUT_MS,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Slow clients are cut off (item 16 of issue 12; libs/server/http/README.md).
    ...serverTimeoutOptions(serverTimeouts(options.timeouts)),
    // Answers written before routing keep the error shape and the security headers too.
    frameworkErrors: frameworkErrorHandler(preRoutingHeaders),
    clientErrorHandler: clientErrorHandler(preRoutingHeaders),
    // Request bodies are validated strictly (no type coercion, nothing silently dropped); the querystring, params and
    // headers keep Fastify's coercion from text (ADR 0191).
    // Tests build many apps and call few routes of each, so there each route's validators and serializer are built on
    // first use (libs/server/http/README.md).
    schemaController: {
      compilersFactory: {
        buildValidator: requestValidatorFactory({ lazy: mode === 'test' }),
        buildSerializer: responseSerializerFactory({ lazy: mode === 'test' }),
      },
    },
  });

  for (const schema of apiSchemas()) app.addSchema(schema);
  registerErrorHandling(app);

  await app.register(fastifyCookie);
  // Before any route, so every route's answers are compressed (HTML pages, JSON; issue 16).
  await registerCompression(app);
  app.decorateRequest('brandSelection', null as never);
  app.decorateRequest('resolvedBrand', undefined);
  app.addHook('onRequest', async (request, reply) => {
    request.brandSelection = chooseBrand(request, reply, registry, brandOverride);
  });
  // Settings this server cannot honour (no trading desk, no payment provider) reach the site switched off (ADR 0140):
  // the registry's view of this server applies them (ADR 0231); the modules that know register below, before the
  // first request resolves through it.
  let services: PlatformServices = { vipDesk: true, payments: true };
  const site = registry.withServices(() => services);
  // Right after the brand (which every answer's headers read), before any hook that may refuse the request, so a
  // refusal carries the security headers too.
  await registerSecurity(app, {
    production: mode === 'production',
    // The game pages frame the external casino providers' games (ADR 0345).
    frameSources: options.casinoExternal?.providers.map((p) => new URL(p.launchUrl).origin),
    // The configuration as this server honours it (ADR 0140): a captcha it cannot verify is not the one pages load.
    configFor: (request) => {
      // No brand selection: an answer written before the hooks ran.
      if (!request.brandSelection) return undefined;
      const brand = foundBrand(request);
      // A module may have resolved through the brand's registry: the headers follow this server's view of the same.
      const chosen =
        request.resolvedBrand ??
        (brand ? { brandId: brand.id, country: brand.defaultCountry, language: brand.defaultLanguage } : undefined);
      return chosen ? site.resolve(chosen.brandId, chosen.country, chosen.language).config : undefined;
    },
  });
  // An oversize body or a control character is refused before any other work.
  registerRequestGuards(app);
  await registerRateLimit(app, options.rateLimitPerMinute, options.shared);

  registerOperatorAccess(app, { token: options.operatorToken, trustProxy: options.trustProxy ?? false });
  // Production serves no API documentation unless the operator switches it on (API_DOCS=on).
  if (options.apiDocs ?? mode !== 'production') await registerApiDocs(app);
  if (options.passwordHashing) configurePasswordHashing(options.passwordHashing);
  let feedHealth: (() => HealthResponse['feed']) | undefined;
  healthRoutes(app, options.database, registry, () => feedHealth?.());
  configRoutes(app, site);
  let feedService: FeedService | undefined;
  await app.register(feedPlugin, {
    database: options.database,
    registry,
    production: mode === 'production',
    ...options.feed,
    onHealth: (health) => {
      feedHealth = health;
    },
    onService: (service) => {
      feedService = service;
      options.feed?.onService?.(service);
    },
  });
  if (!feedService) throw new Error('feed service not created');
  brandAssetRoutes(app, registry);
  if (options.clientDir) registerClientBuild(app, options.clientDir);
  const assets = options.clientDir ? readClientAssets(options.clientDir) : { scripts: [], styles: [] };

  // The domain modules (libs/server/<domain>), composed: each gets the server's parts and the gates of the others.
  const shared = {
    database: options.database,
    registry,
    mode,
    secretKey: options.accountSecretKey,
    clock: options.clock,
  };
  // Deferred work waits in one job queue per server (libs/server/jobs README); the modules define their kinds on it.
  const jobs = createJobQueue({
    database: options.database,
    log: app.log,
    pollIntervalMs: mode === 'test' ? 1_000 : undefined,
  });
  // Player protection gates registration and sign-in, bets and deposits (libs/server/responsible README).
  const responsible = registerResponsible(app, {
    ...shared,
    // Deposits in flight count against deposit limits: the payment provider says which still are (the wallet's below).
    depositInFlight: (reference) =>
      wallet.provider ? depositInFlight(options.database, wallet.provider, reference) : Promise.resolve(false),
    ...options.responsible,
  });
  const accounts = registerAccounts(app, { ...options, ...shared, personGate: responsible.personGate });
  // Identity verification: its gate refuses withdrawals, deposits and stakes that wait for it (libs/server/verification README).
  const verification = registerVerification(app, {
    ...shared,
    environment: options.environment,
    ...options.verification,
  });
  const bets = registerBets(app, {
    ...shared,
    jobs,
    feed: feedService,
    feedControl: options.feedControl,
    vipDesk: options.vipDesk,
    stakeGates: [responsible.stakeGate, verification.stakeGate, responsible.activityGate],
  });
  // The in-house casino: its stakes pass player protection and identity verification as bets do (libs/server/casino README).
  const casino = registerCasino(app, {
    ...shared,
    stakeGates: [responsible.casinoRoundGate, verification.stakeGate, responsible.activityGate],
    ...(options.casinoExternal ? { external: options.casinoExternal } : {}),
    // Tournaments are scored and paid by a recurring job on one server per interval (ADR 0366).
    jobs,
  });
  // External providers' games: the launch, and the seamless wallet's signed callbacks (ADR 0345).
  registerCasinoExternal(app, casino);
  const wallet = registerWallet(app, {
    ...shared,
    // The periodic withdrawal sweep runs on one server per interval (ADR 0366).
    jobs,
    ...options.payments,
    // A caller's own gates (tests) run after the platform's.
    gates: [
      responsible.cashierGate,
      responsible.affordabilityGate,
      verification.gate,
      ...(options.payments?.gates ?? []),
    ],
  });
  // Loaded after the modules' own hooks were added: the queue starts once the line is loaded (after the feed's
  // onReady) and stops first on close, so no job runs while the modules close.
  void app.register(async (scope) => {
    scope.addHook('onReady', () => jobs.start());
    scope.addHook('onClose', () => jobs.stop());
  });
  services = runningServerServices({
    registry,
    production: mode === 'production',
    environment: options.environment ?? process.env,
    vipDesk: bets.vipDesk,
    payments: wallet.provider !== undefined,
    messageChannels: accounts.messageChannels,
    socialStandIns: Object.keys(options.identityProviders ?? {}),
  });
  informationRoutes(app, site);
  pageRoutes(app, {
    registry: site,
    render: options.render ?? fallbackRender,
    assets: () => assets,
    session: accounts.sessionFor,
  });

  // The operators' console, on operator hosts only, never a brand's (libs/server/backoffice README).
  registerBackoffice(app, {
    ...shared,
    withdrawals: wallet.withdrawals,
    payments: wallet.provider,
    verification: verification.ctx,
    // The console's VIP desk decides held bids through the bets' own decision (ADR 0315).
    decideVipBet: bets.decideVipBet,
    protection: responsible.protection,
    // A voided or resettled bet is told to its player on the accounts' own gateways.
    messenger: accounts.messenger,
    environment: options.environment,
    clientDir: options.clientDir,
  });
  const startupId = options.startupId ?? randomUUID();
  app.addHook('onReady', () => reportBrands(options.database, registry, startupId, app.log));
  return app;
}
