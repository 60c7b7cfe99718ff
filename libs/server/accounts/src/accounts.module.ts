import { configuredCaptchaSecrets, type BrandRegistry } from '@tessera/server/brand-registry';
import { siteVerifyCaptcha, type CaptchaVerifier } from '@tessera/server/captcha';
import type { Database } from '@tessera/server/db';
import {
  createDevOutboxSender,
  createMessenger,
  delivers,
  gatewaySender,
  type MessageGateways,
  type MessageSender,
} from '@tessera/server/messaging';
import { createServerSecrets, DEVELOPMENT_SECRET_KEY } from '@tessera/server/secrets';
import type { AccountsContext, AccountsLogger, PersonGate } from './context';
import { buildBrandIdentityProviders, IdentityProviderConfigError } from './identity/configured-providers';
import { DevIdentityProvider } from './identity/dev-identity-provider';
import type { IdentityProvider } from './identity/identity-provider';
import type { IpCountryLookup } from './ip-country/ip-country';
import { siteForCountry } from './site-for';
import type { ProviderLookup } from './social-sign-in.service';

/** What {@link createAccountsModule} needs: the server's parts and the accounts' outside world. */
export interface AccountsModuleOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  log: AccountsLogger;
  /** The cookie that remembers the country a visitor chose (apps/api's site context). */
  countryCookie: string;
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

/** The accounts of a server: the context every accounts service takes, and what the platform learns of them. */
export interface AccountsModule {
  ctx: AccountsContext;
  /** The social sign-in provider of a brand by id: its configured one, a test's stand-in, or the development one. */
  providers: ProviderLookup;
  /** Outside production: the built-in identity provider that serves every provider a brand lists without its own. */
  devIdentity: DevIdentityProvider | undefined;
  /** Which channels a gateway delivers on: the flows that send on a missing one are off (ADR 0220). */
  messageChannels: { email: boolean; sms: boolean };
}

/**
 * Builds the accounts from the server's settings: the message sender (gateways, else the development outbox outside
 * production), the captcha check and secrets, and each brand's social sign-in providers. Stops the start-up on a
 * setting that cannot work: a shorter resend cool-down in production, a configured provider without its secret.
 */
export function createAccountsModule(options: AccountsModuleOptions): AccountsModule {
  const { mode, log, registry, database } = options;
  const clock = options.clock ?? (() => new Date());
  const environment = options.environment ?? process.env;
  if (options.resendCooldownMs !== undefined && mode === 'production')
    throw new Error('A shorter code resend cool-down is for test servers; production keeps 60 s');
  if (!options.secretKey && mode === 'production')
    log.error({}, 'ACCOUNT_SECRET_KEY is not set: two-factor secrets and codes use the public development key');
  const serverConfig = (brandId: string) => registry.serverConfig(brandId);
  const sender =
    options.messageSender ??
    gatewaySender(options.messageGateways ?? {}, {
      ...(mode === 'production'
        ? {}
        : {
            otherwise: createDevOutboxSender({
              database,
              clock,
              log: (m) => log.info(m, 'development outbox: message sent'),
            }),
          }),
      fromFor: (brandId) => serverConfig(brandId)?.messaging?.emailFrom,
      senderIdFor: (brandId) => serverConfig(brandId)?.messaging?.smsSenderId,
    });
  const messageChannels = { email: delivers(sender, 'email'), sms: delivers(sender, 'sms') };
  for (const [channel, present] of Object.entries(messageChannels)) {
    // The flows that need the channel are switched off and refused (ADR 0220); said once, at start-up.
    if (!present)
      log.warn(
        { channel },
        `no ${channel === 'sms' ? 'SMS' : 'e-mail'} gateway configured: the flows that send on it are off`,
      );
  }
  const ctx: AccountsContext = {
    db: database,
    registry,
    secrets: createServerSecrets(options.secretKey || DEVELOPMENT_SECRET_KEY),
    messenger: createMessenger({ sender, database, clock, timeoutMs: options.messageTimeoutMs || undefined }),
    captcha: options.captchaVerifier ?? siteVerifyCaptcha(),
    ipCountry: options.ipCountry,
    personGate: options.personGate,
    captchaSecret: configuredCaptchaSecrets(serverConfig, environment),
    clock,
    resendCooldownMs: options.resendCooldownMs,
    mode,
    log,
    siteFor: siteForCountry(registry, options.countryCookie),
  };
  // Each brand's real providers are built now: one configured without its secret stops the start-up (identity README, "Per-brand configuration").
  const configured = buildBrandIdentityProviders(
    registry.brands().map((b) => ({ id: b.id, server: registry.serverConfig(b.id) })),
    environment,
    { production: mode === 'production' },
  );
  if (configured.problems.length > 0) throw new IdentityProviderConfigError(configured.problems);
  // Outside production every other provider a brand lists works through the built-in development provider.
  const devIdentity = mode === 'production' ? undefined : new DevIdentityProvider(clock);
  return {
    ctx,
    devIdentity,
    messageChannels,
    providers: (brandId, id) =>
      configured.providers.get(brandId)?.get(id) ?? options.identityProviders?.[id] ?? devIdentity?.as(id),
  };
}
