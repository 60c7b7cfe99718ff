import { configuredCaptchaSecrets } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AccountsContext,
  buildBrandIdentityProviders,
  DevIdentityProvider,
  type IdentityProvider,
  IdentityProviderConfigError,
  type IpCountryLookup,
  type PersonGate,
  siteForCountry,
  ssrSession,
} from '@tessera/server/accounts';
import {
  createDevOutboxSender,
  createMessenger,
  delivers,
  gatewaySender,
  type MessageGateways,
  type MessageSender,
} from '@tessera/server/messaging';
import { accountRoutes } from '../account/account.routes';
import { COUNTRY_COOKIE } from '../config/site-context';
import type { BrandRegistry } from '../config/brand-registry.port';
import type { SsrSession } from '@tessera/shared/contract-api';
import { authRoutes } from './auth.routes';
import { siteVerifyCaptcha, type CaptchaVerifier } from '@tessera/server/captcha';
import { captchaRoutes } from './captcha.routes';
import { createServerSecrets, DEVELOPMENT_SECRET_KEY } from '@tessera/server/secrets';
import { socialRoutes } from './social.routes';

/** What {@link registerAccounts} needs. */
export interface AccountsOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  /**
   * The SMS and e-mail gateway as one sender (tests' stand-ins); default `messageGateways`, with the development outbox
   * for the channels they leave out outside production.
   */
  messageSender?: MessageSender;
  /** The real gateways (SMTP, HTTP SMS) from the environment; in production a channel without one is off (ADR 0220). */
  messageGateways?: MessageGateways;
  /** Server key for two-factor secrets at rest, keyed code hashes and user tokens (ACCOUNT_SECRET_KEY). */
  secretKey?: string;
  /** The clock of every expiry and lockout; tests move it. */
  clock?: () => Date;
  /** A shorter resend cool-down for codes (test servers only; production refuses it). */
  resendCooldownMs?: number;
  /** Gateway deadline in ms (default 5000). */
  messageTimeoutMs?: number;
  /** Social sign-in providers for every brand, by id (google, vk, ...): tests' stand-ins; brands configure theirs in server.json. */
  identityProviders?: Record<string, IdentityProvider>;
  /**
   * Where the secrets named in server.json are read (`socialProviders.<id>.clientSecretEnv`, `captcha.secretKeyEnv`);
   * default process.env.
   */
  environment?: Readonly<Record<string, string | undefined>>;
  /** Server-side captcha check; default hCaptcha/reCAPTCHA siteverify over the network. */
  captchaVerifier?: CaptchaVerifier;
  /** Where a registration's IP address is (ADR 0195); default the offline geoip-country data. */
  ipCountry?: IpCountryLookup;
  /** Player protection's check at registration and sign-in (the self-exclusion register, libs/server/responsible). */
  personGate?: PersonGate;
}

/** Registers the accounts and security routes; answers the session identity for server-side rendering. */
export function registerAccounts(
  app: FastifyInstance,
  options: AccountsOptions,
): { sessionFor: (request: FastifyRequest) => Promise<SsrSession>; messageChannels: { email: boolean; sms: boolean } } {
  const clock = options.clock ?? (() => new Date());
  if (options.resendCooldownMs !== undefined && options.mode === 'production')
    throw new Error('A shorter code resend cool-down is for test servers; production keeps 60 s');
  if (!options.secretKey && options.mode === 'production') {
    app.log.error('ACCOUNT_SECRET_KEY is not set: two-factor secrets and codes use the public development key');
  }
  const serverConfig = (brandId: string) => options.registry.serverConfig(brandId);
  const sender =
    options.messageSender ??
    gatewaySender(options.messageGateways ?? {}, {
      ...(options.mode === 'production'
        ? {}
        : {
            otherwise: createDevOutboxSender({
              database: options.database,
              clock,
              log: (m) => app.log.info(m, 'development outbox: message sent'),
            }),
          }),
      fromFor: (brandId) => serverConfig(brandId)?.messaging?.emailFrom,
      senderIdFor: (brandId) => serverConfig(brandId)?.messaging?.smsSenderId,
    });
  const messageChannels = { email: delivers(sender, 'email'), sms: delivers(sender, 'sms') };
  for (const [channel, present] of Object.entries(messageChannels)) {
    // The flows that need the channel are switched off and refused (ADR 0220); said once, at start-up.
    if (!present)
      app.log.warn(
        { channel },
        `no ${channel === 'sms' ? 'SMS' : 'e-mail'} gateway configured: the flows that send on it are off`,
      );
  }
  const ctx: AccountsContext = {
    db: options.database,
    registry: options.registry,
    secrets: createServerSecrets(options.secretKey || DEVELOPMENT_SECRET_KEY),
    messenger: createMessenger({
      sender,
      database: options.database,
      clock,
      ...(options.messageTimeoutMs ? { timeoutMs: options.messageTimeoutMs } : {}),
    }),
    captcha: options.captchaVerifier ?? siteVerifyCaptcha(),
    ...(options.ipCountry ? { ipCountry: options.ipCountry } : {}),
    ...(options.personGate ? { personGate: options.personGate } : {}),
    captchaSecret: configuredCaptchaSecrets(
      (brandId) => options.registry.serverConfig(brandId),
      options.environment ?? process.env,
    ),
    clock,
    ...(options.resendCooldownMs !== undefined ? { resendCooldownMs: options.resendCooldownMs } : {}),
    mode: options.mode,
    log: app.log,
    siteFor: siteForCountry(options.registry, COUNTRY_COOKIE),
  };
  authRoutes(app, ctx);
  captchaRoutes(app, ctx);
  // Each brand's real providers are built now: one configured without its secret stops the start-up (identity README of libs/server/accounts, "Per-brand configuration").
  const configured = buildBrandIdentityProviders(
    options.registry.brands().map((b) => ({ id: b.id, server: options.registry.serverConfig(b.id) })),
    options.environment ?? process.env,
    { production: options.mode === 'production' },
  );
  if (configured.problems.length > 0) throw new IdentityProviderConfigError(configured.problems);
  // Outside production every other provider a brand lists works through the built-in development provider.
  const devIdentity = options.mode === 'production' ? undefined : new DevIdentityProvider(clock);
  devIdentity?.register(app);
  socialRoutes(
    app,
    ctx,
    (brandId, id) =>
      configured.providers.get(brandId)?.get(id) ?? options.identityProviders?.[id] ?? devIdentity?.as(id),
  );
  accountRoutes(app, ctx);
  return { sessionFor: (request) => ssrSession(ctx, request), messageChannels };
}
