import { ApiError } from '@tessera/server/api-errors';
import type { BrandRegistry, BrandSummary, ResolvedBrand } from '@tessera/server/brand-registry';
import type { CaptchaVerifier } from '@tessera/server/captcha';
import type { Database } from '@tessera/server/db';
import type { Messenger } from '@tessera/server/messaging';
import type { ServerSecrets } from '@tessera/server/secrets';
import type { IpCountryLookup } from './ip-country/ip-country';

/** The log lines the accounts services write (Fastify's logger is one). */
export interface AccountsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * What the services read of an HTTP request; a Fastify request is one. The services stay free of the framework: the
 * routes in apps/api hand their request over as it is.
 */
export interface AccountsRequest {
  readonly ip: string;
  readonly host: string;
  readonly protocol: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly cookies: Readonly<Record<string, string | undefined>>;
  /** The brand apps/api chose for the request (Host, or the development override). */
  readonly brandSelection: { kind: 'found'; brand: BrandSummary } | { kind: 'not-found' };
  /** The configuration resolved for this request, set by {@link requestConfig} (apps/api's CSP reads it). */
  resolvedBrand: ResolvedBrand | undefined;
  readonly log: AccountsLogger;
}

/** Options of a cookie the services set. */
export interface AccountsCookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  path?: string;
  domain?: string;
  maxAge?: number;
  signed?: boolean;
}

/** What the services do to an HTTP answer: cookies and the status; a Fastify reply is one. */
export interface AccountsReply {
  setCookie(name: string, value: string, options: AccountsCookieOptions): unknown;
  clearCookie(name: string, options: AccountsCookieOptions): unknown;
  status(code: number): unknown;
}

/** Security defaults of the cookies the accounts set: the same as every platform cookie (apps/api http/site-context). */
export const cookieDefaults = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

/** What reading a session needs (modules/bets reads the bettor with it). */
export interface SessionContext {
  db: Database;
  registry: BrandRegistry;
  secrets: ServerSecrets;
  messenger: Messenger;
  captcha: CaptchaVerifier;
  /** Where a registration's IP address is (ADR 0195); default the offline geoip-country data. */
  ipCountry?: IpCountryLookup;
  /** The brand's hCaptcha or reCAPTCHA secret on this server (server.json captcha.secretKeyEnv), if set (ADR 0210). */
  captchaSecret: (brandId: string) => string | undefined;
  clock: () => Date;
  /**
   * How long a recipient waits before another code of the same purpose; default RESEND_COOLDOWN_MS (60 s). Only a
   * test server shortens it (CODE_RESEND_COOLDOWN_MS), so browser journeys need not sit out a minute.
   */
  resendCooldownMs?: number;
  /** Development and test modes expose the outbox and log codes; production does neither. */
  mode: 'development' | 'test' | 'production';
  log: AccountsLogger;
  /**
   * Player protection's check of a person (the national self-exclusion register, libs/server/responsible): asked
   * before a registration is written and before every sign-in's session starts; an ApiError refuses with it.
   */
  personGate?: PersonGate;
}

/** Who {@link PersonGate} is asked about: what a self-exclusion register matches on. */
export interface PersonToCheck {
  firstName: string | null;
  lastName: string | null;
  /** yyyy-mm-dd */
  birthDate: string | null;
  postcode: string | null;
  email: string | null;
  phone: string | null;
}

/** A check of a person at registration and sign-in; undefined lets them through. */
export type PersonGate = (
  site: { brandId: string; country: string },
  person: PersonToCheck,
) => Promise<ApiError | undefined>;

/** What every accounts service needs; built once by the accounts plugin of apps/api. */
export interface AccountsContext extends SessionContext {
  /**
   * The brand configuration a request is for, from apps/api's site selection: the country asked for (400 when the
   * brand does not serve it), else the remembered one, else the brand's default; the default language.
   */
  siteFor: (request: AccountsRequest, brand: BrandSummary, country?: string) => ResolvedBrand;
}

/** Who made a request, for sessions and security events. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** The client address and user agent of a request (user agent cut to a sane length). */
export function requestMeta(request: Pick<AccountsRequest, 'ip' | 'headers'>): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

/** The brand of the request or 404. */
export function requestBrand(request: Pick<AccountsRequest, 'brandSelection'>): BrandSummary {
  if (request.brandSelection.kind !== 'found') throw new ApiError(404, 'Site not found');
  return request.brandSelection.brand;
}

/**
 * The brand configuration that applies to this request: the country asked for (when the brand serves it), else the
 * remembered one, else the brand's default; always the default language (account rules do not vary by language).
 */
export function requestConfig(ctx: AccountsContext, request: AccountsRequest, country?: string): ResolvedBrand {
  const resolved = ctx.siteFor(request, requestBrand(request), country);
  request.resolvedBrand = resolved;
  return resolved;
}
