import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import {
  configuredCaptchaSecrets,
  configuredSocialProviders,
  loadBrandRegistry,
  type PlatformServices,
} from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ApiError } from '@tessera/server/api-errors';
import {
  apiSchemas,
  BODY_LIMIT_BYTES,
  clientErrorHandler,
  frameworkErrorHandler,
  preRoutingSecurityHeaders,
  registerErrorHandling,
  registerClientBuild,
  registerOperatorAccess,
  registerRequestGuards,
  registerSecurity,
  requestId,
  requestValidatorFactory,
  responseSerializerFactory,
  serverTimeoutOptions,
  serverTimeouts,
  type ServerTimeouts,
} from '@tessera/server/http';
import { chooseBrand, foundBrand } from './modules/config/site-context';
import { brandAssetRoutes } from './modules/brand-assets/brand-assets.routes';
import type { BrandRegistry } from './modules/config/brand-registry.port';
import {
  defaultBrandOverride,
  insertValidationReport,
  validationReport,
  type BrandOverrideScope,
} from '@tessera/server/site-config';
import { configRoutes } from './modules/config/config.routes';
import { registerApiDocs } from './modules/docs/docs.plugin';
import { registerAccounts } from './modules/auth/accounts.plugin';
import { configurePasswordHashing, type PasswordHashingLimits } from '@tessera/server/accounts';
import { registerBets, type BetsOptions } from './modules/bets/bets.plugin';
import type { ControllableFeed } from '@tessera/server/bets';
import { registerWallet, type WalletOptions } from './modules/wallet/wallet.plugin';
import { registerVerification, type VerificationOptions } from './modules/verification/verification.plugin';
import { registerResponsible, type ResponsibleOptions } from './modules/responsible/responsible.plugin';
import type { FeedService } from '@tessera/server/feed';
import { feedPlugin, type FeedOptions } from './modules/feed/feed.plugin';
import { healthRoutes } from './modules/health/health.routes';
import { fallbackRender, readClientAssets } from '@tessera/server/pages';
import { pageRoutes } from './modules/pages/pages.routes';
import type { RenderFunction } from '@tessera/shared/contract-api';
import type { CaptchaVerifier } from '@tessera/server/captcha';
import type { IpCountryLookup } from './providers/ip-country';
import type { IdentityProvider } from './providers/identity';
import type { MessageGateways, MessageSender } from './providers/messaging';

/** How the server runs: production adds HSTS; test keeps logs quiet by default. */
export type AppMode = 'development' | 'test' | 'production';

/** Everything {@link buildApp} needs; the caller owns (and closes) the database. */
export interface BuildAppOptions {
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
  /** Trust X-Forwarded-* from a proxy in front (real deployments behind a load balancer). */
  trustProxy?: boolean;
  /** Identifies this start-up in the stored validation report; default a fresh UUID. */
  startupId?: string;
  /** The sportsbook feed: its provider (the simulator in development) and write batching. */
  feed?: FeedOptions;
  /** SMS and e-mail as one sender (tests' stand-ins); default `messageGateways`, and the development outbox (`GET /__dev/outbox`) outside production for the channels they leave out. */
  messageSender?: MessageSender;
  /** The real gateways (SMTP, HTTP SMS; main.ts reads them from the environment); in production a channel without one is off, explained as layer platform (ADR 0220). */
  messageGateways?: MessageGateways;
  /** Server key sealing two-factor secrets and keying code hashes (ACCOUNT_SECRET_KEY); development default otherwise. */
  accountSecretKey?: string;
  /** Clock of code expiry, lockouts and sessions; tests move it. */
  clock?: () => Date;
  /** A shorter resend cool-down for codes (CODE_RESEND_COOLDOWN_MS; test servers only, production refuses it). */
  resendCooldownMs?: number;
  /** Social sign-in providers by id; outside production unlisted ones use the built-in development provider. */
  identityProviders?: Record<string, IdentityProvider>;
  /** Where secrets named in brands' server.json are read (social providers' client secrets, captcha secrets); default process.env. */
  environment?: Readonly<Record<string, string | undefined>>;
  /** Server-side captcha check; default hCaptcha/reCAPTCHA siteverify. */
  captchaVerifier?: CaptchaVerifier;
  /** Where a registration's IP address is (ADR 0195); default the offline geoip-country data. Tests place test addresses. */
  ipCountry?: IpCountryLookup;
  /** Outside production: the feed wrapper behind `POST /__dev/feed/finish` (main.ts wraps the simulator in it). */
  feedControl?: ControllableFeed;
  /** The card payment provider, the built-in one to run and sandbox timing; default the sandbox outside production, none in production. */
  payments?: Pick<
    WalletOptions,
    'paymentProvider' | 'provider' | 'callbackSecret' | 'sandbox' | 'gates' | 'withdrawalSweepMs' | 'rates'
  >;
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
  responsible?: Pick<ResponsibleOptions, 'registers' | 'crossOperator' | 'registerTimeoutMs' | 'testClock'>;
}

/** Paths that are never rate limited: probes and immutable files. */
function unlimited(url: string): boolean {
  return url === '/health' || url === '/ready' || url.startsWith('/assets/') || url.startsWith('/brand-assets/');
}

/** Logger defaults: JSON lines with the request id, never a cookie or credential. */
export function loggerOptions(mode: AppMode, level = 'info'): FastifyServerOptions['logger'] {
  if (mode === 'test') return false;
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-auth"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}

/** Builds the platform's Fastify app: API, docs, static files and server-side rendered pages of every brand. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const mode = options.mode ?? 'development';
  const registry =
    options.brandRegistry ??
    (await loadBrandRegistry({
      brandsDir: options.brandsDir,
      ...(options.platformLocalesDir ? { platformLocalesDir: options.platformLocalesDir } : {}),
    }));
  const brandOverride: BrandOverrideScope =
    options.brandOverride === undefined
      ? defaultBrandOverride(mode)
      : options.brandOverride === true
        ? 'any-host'
        : options.brandOverride === false
          ? 'off'
          : options.brandOverride;
  const startupId = options.startupId ?? randomUUID();

  const preRoutingHeaders = preRoutingSecurityHeaders(mode === 'production');
  const app = Fastify({
    logger: options.logger ?? loggerOptions(mode),
    genReqId: requestId,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
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
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.rateLimitPerMinute ?? 600,
    timeWindow: '1 minute',
    allowList: (request) => unlimited(request.url.split('?')[0] ?? ''),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'Too many requests', { detail: `Try again in ${context.after}` }),
  });

  registerOperatorAccess(app, { token: options.operatorToken, trustProxy: options.trustProxy ?? false });
  // Production serves no API documentation unless the operator switches it on (API_DOCS=on).
  if (options.apiDocs ?? mode !== 'production') await registerApiDocs(app);
  if (options.passwordHashing) configurePasswordHashing(options.passwordHashing);
  healthRoutes(app, options.database, registry);
  configRoutes(app, site);
  let feedService: FeedService | undefined;
  await app.register(feedPlugin, {
    database: options.database,
    registry,
    production: mode === 'production',
    ...options.feed,
    onService: (service) => {
      feedService = service;
      options.feed?.onService?.(service);
    },
  });
  brandAssetRoutes(app, registry);
  if (options.clientDir) registerClientBuild(app, options.clientDir);
  const assets = options.clientDir ? readClientAssets(options.clientDir) : { scripts: [], styles: [] };
  // Player protection gates registration and sign-in, bets and deposits (libs/server/responsible README).
  const responsible = registerResponsible(app, {
    database: options.database,
    registry,
    mode,
    ...(options.accountSecretKey ? { secretKey: options.accountSecretKey } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...options.responsible,
  });
  const accounts = registerAccounts(app, {
    database: options.database,
    registry,
    mode,
    ...(options.messageSender ? { messageSender: options.messageSender } : {}),
    ...(options.messageGateways ? { messageGateways: options.messageGateways } : {}),
    ...(options.accountSecretKey ? { secretKey: options.accountSecretKey } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.resendCooldownMs !== undefined ? { resendCooldownMs: options.resendCooldownMs } : {}),
    ...(options.identityProviders ? { identityProviders: options.identityProviders } : {}),
    ...(options.environment ? { environment: options.environment } : {}),
    ...(options.captchaVerifier ? { captchaVerifier: options.captchaVerifier } : {}),
    ...(options.ipCountry ? { ipCountry: options.ipCountry } : {}),
    personGate: responsible.personGate,
  });
  if (!feedService) throw new Error('feed service not created');
  const shared = {
    database: options.database,
    registry,
    mode,
    ...(options.accountSecretKey ? { secretKey: options.accountSecretKey } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  };
  // Identity verification: its gate refuses withdrawals, deposits and stakes that wait for it (libs/server/verification README).
  const verification = registerVerification(app, {
    ...shared,
    ...(options.environment ? { environment: options.environment } : {}),
    ...options.verification,
  });
  const bets = registerBets(app, {
    ...shared,
    feed: feedService,
    ...(options.feedControl ? { feedControl: options.feedControl } : {}),
    ...(options.vipDesk !== undefined ? { vipDesk: options.vipDesk } : {}),
    stakeGates: [responsible.stakeGate, verification.stakeGate],
  });
  const wallet = registerWallet(app, {
    ...shared,
    ...options.payments,
    // A caller's own gates (tests) run after the platform's.
    gates: [responsible.cashierGate, verification.gate, ...(options.payments?.gates ?? [])],
  });
  // Social providers: in production only the OAuth clients a brand configures (or a test's stand-ins); elsewhere the
  // development identity provider serves every provider a brand lists (identity README of libs/server/accounts, "Per-brand configuration").
  const configuredSocial = configuredSocialProviders((brandId) => registry.serverConfig(brandId));
  const captchaSecrets = configuredCaptchaSecrets(
    (brandId) => registry.serverConfig(brandId),
    options.environment ?? process.env,
  );
  const standIns = Object.keys(options.identityProviders ?? {});
  services = {
    vipDesk: bets.vipDesk,
    payments: wallet.provider !== undefined,
    // Flows that send a code or link are offered only where a gateway delivers on their channel (ADR 0220).
    sms: accounts.messageChannels.sms,
    email: accounts.messageChannels.email,
    ...(mode === 'production'
      ? { socialProviders: (brandId: string) => new Set([...configuredSocial(brandId), ...standIns]) }
      : {}),
    // hCaptcha and reCAPTCHA need their secret here; without it the brand gets the built-in ALTCHA check (ADR 0210).
    captchaVerifiable: (brandId: string) => captchaSecrets(brandId) !== undefined,
  };
  pageRoutes(app, {
    registry: site,
    render: options.render ?? fallbackRender,
    assets: () => assets,
    session: accounts.sessionFor,
  });

  app.addHook('onReady', async () => {
    await insertValidationReport(options.database, validationReport(startupId, registry));
    for (const refused of registry.refused()) {
      // The first issue in the message itself: what an operator reading one log line needs to fix it.
      const more = refused.errors.length > 1 ? ` (and ${refused.errors.length - 1} more)` : '';
      app.log.warn(
        { brand: refused.id, issues: refused.errors },
        `brand "${refused.id}" refused, not served: ${refused.errors[0]?.message ?? 'invalid files'}${more}`,
      );
    }
    app.log.info({ brands: registry.brands().map((b) => b.id), startupId }, 'brands loaded');
  });

  return app;
}
