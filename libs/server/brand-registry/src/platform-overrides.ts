import {
  getAtPointer,
  parsePointer,
  type LayerName,
  type LayerRule,
  type Provenance,
} from '@tessera/shared/util-config';
import { captchaOverrides } from './captcha-overrides';

/** What the brand's files alone resolve to: the configuration and its provenance, before the platform. */
export interface BrandLayers {
  config: object;
  explain(pointer: string): Provenance | undefined;
  /** The jurisdiction floors on the setting at a pointer (none without a jurisdiction). */
  floorsAt?(pointer: string): JurisdictionBound[];
  /** The published console change whose layers take part (ADR 0310), named by explain for a `console:` layer. */
  consoleChange?: ConsoleChange | undefined;
}

/** A published version of a brand's console layer: who published it, when, why (ADR 0310). */
export interface ConsoleChange {
  version: number;
  operator: string;
  /** ISO 8601. */
  at: string;
  reason: string;
}

/**
 * Settings the platform itself cannot honour on a server, whatever the brand's files say (ADR 0140): a brand offers
 * VIP bets, but no trading desk is connected; a brand offers deposits, but no payment provider is configured. The site
 * receives the setting switched off, so a bettor is never offered what will only be refused, and explain names the
 * platform and the reason instead of the brand file. The API and the `tessera` CLI share this module (tools/cli README, "Why explain and show apply the server's overrides"), so
 * `tessera config explain` gives compliance staff the answer the site gets.
 */
export interface PlatformOverride {
  /** JSON pointer of the setting in the site configuration (`/coupon/features/vipBet`). */
  pointer: string;
  /** The value the platform forces. */
  value: unknown;
  /** Why, in words an operator or compliance officer acts on. */
  reason: string;
}

/** What a server has: the services whose absence switches settings off. */
export interface PlatformServices {
  vipDesk: boolean;
  payments: boolean;
  /**
   * The social sign-in providers a brand's bettors can use on this server (production: the OAuth clients of its
   * server.json, the identity README of libs/server/accounts ("Per-brand configuration")); absent, or undefined for a brand, where the development identity provider stands in for
   * any provider a brand lists.
   */
  socialProviders?: (brandId: string) => ReadonlySet<string> | undefined;
  /**
   * Whether this server holds a brand's siteverify captcha secret (server.json captcha.secretKeyEnv, ADR 0210); a brand
   * configured with hCaptcha or reCAPTCHA without it gets the built-in check. Absent: every brand's captcha is checked.
   */
  captchaVerifiable?: (brandId: string) => boolean;
  /**
   * Whether a gateway delivers SMS on this server (ADR 0220): false switches off every setting that needs a code by
   * SMS. Absent counts as present, as the development outbox delivers everything.
   */
  sms?: boolean;
  /** Whether a gateway delivers e-mail on this server; absent counts as present (the development outbox). */
  email?: boolean;
}

/** Why SMS flows are off on a server without an SMS gateway (explain's reason and the API's refusal alike). */
export const NO_SMS_GATEWAY_REASON =
  'no SMS gateway is configured on this server (SMS_GATEWAY_URL), so no code can reach a phone';
/** Why e-mail flows are off on a server without an e-mail gateway. */
export const NO_EMAIL_GATEWAY_REASON =
  'no e-mail gateway is configured on this server (SMTP_URL or SMTP_HOST), so no link or code can reach a mailbox';

/** The overrides that follow from the services a server lacks. */
export function platformOverrides(services: PlatformServices): PlatformOverride[] {
  const overrides: PlatformOverride[] = [];
  if (!services.vipDesk) {
    overrides.push({
      pointer: '/coupon/features/vipBet',
      value: false,
      reason: 'no trading desk is connected to this server, so VIP bets cannot be decided',
    });
  }
  if (!services.payments) {
    overrides.push({
      pointer: '/office/pages/deposit/enabled',
      value: false,
      reason: 'no payment provider is configured on this server, so deposits cannot be taken',
    });
    overrides.push({
      pointer: '/office/pages/withdraw/enabled',
      value: false,
      reason: 'no payment provider is configured on this server, so withdrawals cannot be paid out',
    });
  }
  if (services.sms === false) {
    // Registration by phone proves the number with an SMS code; sign-in by SMS is nothing but one (ADR 0220).
    overrides.push(
      { pointer: '/registration/variants/phone/enabled', value: false, reason: NO_SMS_GATEWAY_REASON },
      { pointer: '/auth/methods/sms/enabled', value: false, reason: NO_SMS_GATEWAY_REASON },
    );
  }
  if (services.email === false) {
    // A registration with an e-mail address opens only once the code sent to it comes back (ADR 0202).
    for (const variant of EMAIL_VARIANTS)
      overrides.push({
        pointer: `/registration/variants/${variant}/enabled`,
        value: false,
        reason: NO_EMAIL_GATEWAY_REASON,
      });
  }
  return overrides;
}

/** Registration variants whose form always asks for an e-mail address (libs/account/feature-auth, VARIANT_FIELDS). */
const EMAIL_VARIANTS = ['full', 'short'];

/** The variants a brand makes ask for an e-mail address (requiredFields), off without an e-mail gateway. */
function emailFieldOverrides(services: PlatformServices, config: PreselectedSettings): PlatformOverride[] {
  if (services.email !== false) return [];
  const variants = (config.registration?.variants ?? {}) as Record<
    string,
    { requiredFields?: readonly string[] } | undefined
  >;
  return Object.entries(variants)
    .filter(([id, variant]) => !EMAIL_VARIANTS.includes(id) && variant?.requiredFields?.includes('email'))
    .map(([id]) => ({
      pointer: `/registration/variants/${id}/enabled`,
      value: false,
      reason: NO_EMAIL_GATEWAY_REASON,
    }));
}

/** The part of a resolved configuration the preselection overrides read. */
interface PreselectedSettings {
  registration?: { enabled?: boolean; defaultVariant?: string; variants?: object };
  auth?: { defaultMethod?: string; methods?: object };
}

/** A registration variant or sign-in method switch, as the preselection reads it. */
type Switches = Record<string, { enabled?: boolean; order?: number } | undefined>;

/** The order a sign-in form offers its methods in (libs/account/feature-auth login-form). */
const SIGN_IN_METHOD_ORDER = ['email', 'phone', 'id', 'sms'];

/**
 * When the overrides switch off the variant or sign-in method a brand preselects, the site preselects the first one
 * still offered (registration: lowest order; sign-in: the form's order), for the same reason, so the configuration the
 * site receives never preselects a dead option (ADR 0220).
 */
function preselectionOverrides(
  config: PreselectedSettings,
  overrides: readonly PlatformOverride[],
): PlatformOverride[] {
  const applied = applyOverrides(config as Record<string, unknown>, overrides) as PreselectedSettings;
  const out: PlatformOverride[] = [];
  const registration = applied.registration;
  const chosen = registration?.defaultVariant;
  const variantOff =
    chosen !== undefined
      ? overrides.find((o) => o.pointer === `/registration/variants/${chosen}/enabled` && o.value === false)
      : undefined;
  if (registration?.variants && variantOff) {
    const offered = Object.entries(registration.variants as Switches)
      .filter(([, variant]) => variant !== undefined && variant.enabled !== false)
      .sort(([, a], [, b]) => (a?.order ?? 0) - (b?.order ?? 0));
    const first = offered[0]?.[0];
    if (first)
      out.push({
        pointer: '/registration/defaultVariant',
        value: first,
        reason: `the preselected variant ${chosen} is off: ${variantOff.reason}`,
      });
    // Nothing left to offer: registration says it is closed, and why, rather than showing a form that cannot finish.
    else if (registration.enabled !== false)
      out.push({
        pointer: '/registration/enabled',
        value: false,
        reason: `no registration variant of this brand can finish on this server: ${variantOff.reason}`,
      });
  }
  const method = applied.auth?.defaultMethod;
  const methodOff =
    method !== undefined
      ? overrides.find((o) => o.pointer === `/auth/methods/${method}/enabled` && o.value === false)
      : undefined;
  if (applied.auth?.methods && methodOff) {
    const methods = applied.auth.methods as Switches;
    const first = SIGN_IN_METHOD_ORDER.find(
      (id) =>
        methods[id] !== undefined && methods[id]?.enabled !== false && (id !== 'sms' || methods[id]?.enabled === true),
    );
    if (first)
      out.push({
        pointer: '/auth/defaultMethod',
        value: first,
        reason: `the preselected sign-in method ${method} is off: ${methodOff.reason}`,
      });
  }
  return out;
}

/** The part of a resolved site configuration the brand's overrides read. */
interface SocialSettings {
  auth?: { social?: { providers?: readonly string[] } };
}

/**
 * The overrides of one brand's resolved configuration: the server's (platformOverrides) and the social providers it
 * lists that this server has no OAuth client for. A bettor is offered only providers that can sign them in; when
 * none is left, social sign-in and the social registration variant are off, with the same reason.
 */
export function brandPlatformOverrides(
  services: PlatformServices,
  brandId: string,
  config: SocialSettings & PreselectedSettings & { captcha?: { type?: string } },
): PlatformOverride[] {
  const overrides = [
    ...platformOverrides(services),
    ...emailFieldOverrides(services, config),
    ...socialOverrides(services, brandId, config),
    ...captchaOverrides(services.captchaVerifiable, brandId, config),
  ];
  return [...overrides, ...preselectionOverrides(config, overrides)];
}

/** The social providers a brand lists that this server has no OAuth client for, switched off (brand-registry README, "Social providers without a client are switched off"). */
function socialOverrides(services: PlatformServices, brandId: string, config: SocialSettings): PlatformOverride[] {
  const overrides: PlatformOverride[] = [];
  const available = services.socialProviders?.(brandId);
  const listed = config.auth?.social?.providers ?? [];
  const missing = available ? listed.filter((id) => !available.has(id)) : [];
  if (!available || missing.length === 0) return overrides;
  const kept = listed.filter((id) => available.has(id));
  const reason = `no OAuth client for ${missing.join(', ')} is configured for this brand on this server (server.json socialProviders), so ${missing.length === 1 ? 'it' : 'they'} could sign nobody in`;
  overrides.push({ pointer: '/auth/social/providers', value: kept, reason });
  if (kept.length === 0) {
    overrides.push(
      { pointer: '/auth/social/enabled', value: false, reason },
      { pointer: '/registration/variants/social/enabled', value: false, reason },
    );
  }
  return overrides;
}

/** The social providers of each brand's server.json: what a production server can sign in with (the identity README of libs/server/accounts ("Per-brand configuration")). */
export function configuredSocialProviders(
  serverConfigOf: (brandId: string) => { socialProviders?: Record<string, unknown> } | undefined,
): (brandId: string) => ReadonlySet<string> {
  return (brandId) => new Set(Object.keys(serverConfigOf(brandId)?.socialProviders ?? {}));
}

/** How the API server runs (NODE_ENV): production, test, or development for anything else. */
export type ServerMode = 'production' | 'test' | 'development';

/** The built-in card payment provider a server runs (PAYMENT_PROVIDER). */
export type PaymentProviderChoice = 'none' | 'sandbox';

/** The server mode NODE_ENV selects, as apps/api reads it. */
export function serverModeFrom(nodeEnv: string | undefined): ServerMode {
  return nodeEnv === 'production' || nodeEnv === 'test' ? nodeEnv : 'development';
}

/** PAYMENT_PROVIDER as apps/api reads it: default none in production, the sandbox elsewhere; anything else throws. */
export function paymentProviderFrom(raw: string | undefined, mode: ServerMode): PaymentProviderChoice {
  if (raw === undefined || raw === '') return mode === 'production' ? 'none' : 'sandbox';
  const value = raw.toLowerCase();
  if (value !== 'none' && value !== 'sandbox')
    throw new Error(`PAYMENT_PROVIDER must be none or sandbox, got "${raw}"`);
  return value;
}

/**
 * The message channels the environment configures a real gateway for (ADR 0220): e-mail with SMTP_URL or SMTP_HOST,
 * SMS with SMS_GATEWAY_URL. apps/api's gateway settings (providers/messaging) and `tessera config explain` both read
 * this, so they agree on which channels a server has.
 */
export function configuredMessageChannels(env: Readonly<Record<string, string | undefined>>): {
  email: boolean;
  sms: boolean;
} {
  return { email: Boolean(env['SMTP_URL'] || env['SMTP_HOST']), sms: Boolean(env['SMS_GATEWAY_URL']) };
}

/**
 * The services the API's own start-up (apps/api/src/main.ts) has with these settings: the trading desk VIP_DESK names
 * (console or development; none), by default the development desk outside production and none in production (ADR
 * 0136, 0315), a payment provider unless PAYMENT_PROVIDER is none, and in production only the message channels a
 * gateway is configured for (elsewhere the development outbox delivers all).
 */
export function platformServicesFor(settings: {
  mode: ServerMode;
  paymentProvider: PaymentProviderChoice;
  messageChannels?: { email: boolean; sms: boolean };
  /** VIP_DESK as given (console, development or none); unset: the mode's default. */
  vipDesk?: string | undefined;
}): PlatformServices {
  const services: PlatformServices = {
    vipDesk: settings.vipDesk ? settings.vipDesk !== 'none' : settings.mode !== 'production',
    payments: settings.paymentProvider !== 'none',
  };
  if (settings.mode !== 'production') return services;
  const channels = settings.messageChannels ?? { email: false, sms: false };
  return { ...services, sms: channels.sms, email: channels.email };
}

/**
 * The services a server started with this environment has (NODE_ENV, PAYMENT_PROVIDER, the message gateways'
 * variables); in production, the social
 * providers of each brand's server.json when `serverConfigOf` reads them.
 */
export function platformServicesFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  serverConfigOf?: (brandId: string) => { socialProviders?: Record<string, unknown> } | undefined,
): PlatformServices {
  const mode = serverModeFrom(env['NODE_ENV']);
  const services = platformServicesFor({
    mode,
    paymentProvider: paymentProviderFrom(env['PAYMENT_PROVIDER'], mode),
    messageChannels: configuredMessageChannels(env),
    vipDesk: env['VIP_DESK'],
  });
  return mode === 'production' && serverConfigOf
    ? { ...services, socialProviders: configuredSocialProviders(serverConfigOf) }
    : services;
}

/**
 * The configuration with the overrides applied, copying only the objects on each override's path (the resolved
 * configuration is shared and cached, and stays untouched). An override whose path the configuration lacks is skipped:
 * there is nothing to switch off.
 */
export function applyOverrides<T extends object>(config: T, overrides: readonly PlatformOverride[]): T {
  let result: Record<string, unknown> = config as Record<string, unknown>;
  for (const override of overrides) {
    const path = parsePointer(override.pointer);
    const last = path.pop();
    if (last === undefined) continue;
    const copy: Record<string, unknown> = { ...result };
    let from: Record<string, unknown> = result;
    let into = copy;
    let present = true;
    for (const key of path) {
      const next = from[key];
      if (next === null || typeof next !== 'object' || Array.isArray(next)) {
        present = false;
        break;
      }
      const nextCopy = { ...(next as Record<string, unknown>) };
      into[key] = nextCopy;
      into = nextCopy;
      from = next as Record<string, unknown>;
    }
    if (!present || !(last in from)) continue;
    into[last] = override.value;
    result = copy;
  }
  return result as T;
}

/** The override that decides the value at `pointer`: one set at the pointer or above it. */
export function overrideAt(overrides: readonly PlatformOverride[], pointer: string): PlatformOverride | undefined {
  return overrides.find((o) => pointer === o.pointer || pointer.startsWith(`${o.pointer}/`));
}

/** The overrides that change part of the value at `pointer` (set strictly below it). */
export function overridesUnder(overrides: readonly PlatformOverride[], pointer: string): PlatformOverride[] {
  const prefix = pointer === '' ? '/' : `${pointer}/`;
  return overrides.filter((o) => o.pointer.startsWith(prefix));
}

/** A jurisdiction floor on a setting, as explain reports it. */
export interface JurisdictionBound {
  /** Profile id (uk-gc). */
  jurisdiction: string;
  rule: LayerRule;
  /** What the floor asks for (at most 60). */
  expected: string;
}

/** The answer to "why does this setting have this value" on a server with these overrides. */
export interface ExplainedSetting {
  /** The value the site receives. */
  value: unknown;
  /** `platform` when an override decides it, else the brand layer (or defaults) that set it. */
  layer: LayerName | 'platform';
  /** The file of that layer; none for the platform. */
  file: string | undefined;
  /** Why the platform decided it (layer `platform`). */
  reason?: string;
  /** Overrides that changed part of an object value, whose layer is still the brand's. */
  overriddenBelow: PlatformOverride[];
  /** The jurisdiction rule whose floor set the value (layer `jurisdiction:<id>`, docs/adr/0260). */
  rule?: LayerRule;
  /** The jurisdiction floors on this setting, which the value meets (a brand may be stricter, never looser). */
  floors?: JurisdictionBound[];
  /** What the brand files say, before the platform. */
  provenance: Provenance;
  /** Layer `console:…`: the published version that set it, with its operator, time and reason (ADR 0310). */
  change?: ConsoleChange;
}

/**
 * Explains the value at `pointer` as the site receives it: an override at or above the pointer makes the answer
 * layer `platform` with the reason; one below it changes the value but leaves the layer. Undefined when the
 * configuration has nothing at the pointer.
 */
export function explainSetting(
  resolved: BrandLayers,
  pointer: string,
  overrides: readonly PlatformOverride[],
): ExplainedSetting | undefined {
  const provenance = resolved.explain(pointer);
  if (!provenance) return undefined;
  const forced = overrideAt(overrides, pointer);
  // Only overrides that changed something: one whose setting the configuration lacks was skipped.
  const below = forced
    ? []
    : overridesUnder(overrides, pointer).filter((o) => getAtPointer(resolved.config, o.pointer) !== undefined);
  const applied = forced || below.length > 0 ? applyOverrides(resolved.config, overrides) : undefined;
  const value = applied ? getAtPointer(applied, pointer) : provenance.value;
  const floors = resolved.floorsAt?.(pointer) ?? [];
  const bound = floors.length > 0 ? { floors } : {};
  if (forced)
    return {
      value,
      layer: 'platform',
      file: undefined,
      reason: forced.reason,
      overriddenBelow: [],
      provenance,
      ...bound,
    };
  const change =
    provenance.layer.startsWith('console:') && resolved.consoleChange ? { change: { ...resolved.consoleChange } } : {};
  const decided = {
    value,
    layer: provenance.layer,
    file: provenance.file,
    overriddenBelow: below,
    provenance,
    ...bound,
    ...change,
  };
  return provenance.rule ? { ...decided, rule: provenance.rule } : decided;
}
