import type { Database } from '@tessera/server/db';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { COUNTRY_COOKIE } from '../../http/site-context';
import type { IpCountryLookup } from '../../providers/ip-country';
import type { Messenger } from '@tessera/server/messaging';
import type { BrandRegistry, BrandSummary, ResolvedBrand } from '../config/brand-registry.port';
import { selectCountry } from '../config/brand-selection';
import { siteNotFound } from '../config/config.service';
import type { CaptchaVerifier } from '@tessera/server/captcha';
import type { ServerSecrets } from '@tessera/server/secrets';

/** What every accounts service needs; built once by the accounts plugin. */
export interface AccountsContext {
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
  /** Development and test modes expose the outbox and log codes; production does neither. */
  mode: 'development' | 'test' | 'production';
  log: FastifyBaseLogger;
}

/** Who made a request, for sessions and security events. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** The client address and user agent of a request (user agent cut to a sane length). */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

/** The brand of the request or 404. */
export function requestBrand(request: FastifyRequest): BrandSummary {
  if (request.brandSelection.kind !== 'found') throw siteNotFound();
  return request.brandSelection.brand;
}

/**
 * The brand configuration that applies to this request: the country asked for (when the brand serves it), else the
 * remembered one, else the brand's default; always the default language (account rules do not vary by language).
 */
export function requestConfig(ctx: AccountsContext, request: FastifyRequest, country?: string): ResolvedBrand {
  const brand = requestBrand(request);
  const selected = selectCountry(brand, country?.toLowerCase(), request.cookies[COUNTRY_COOKIE]);
  if (selected.kind === 'not-served') {
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'country', message: `must be one of the site's countries: ${brand.countries.join(', ')}` }],
    });
  }
  const resolved = ctx.registry.resolve(brand.id, selected.country, brand.defaultLanguage);
  request.resolvedBrand = resolved;
  return resolved;
}
