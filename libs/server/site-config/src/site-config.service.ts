import type { SiteConfigExplainResponse, SiteConfigResponse } from '@tessera/shared/contract-api';
import { ApiError, invalidField } from '@tessera/server/api-errors';
import type { BrandRegistry, BrandSummary, ResolvedBrand } from '@tessera/server/brand-registry';
import { selectCountry } from './brand-selection';

/** The payload of GET /web-api/site-config: the resolved brand with its name (generated from schemas/api). */
export type SiteConfigPayload = Omit<SiteConfigResponse, 'config' | 'theme'> & Pick<ResolvedBrand, 'config' | 'theme'>;

/** The answer of GET /web-api/site-config/explain; the value is any JSON (the generated type reads an untyped schema as an object). */
export type ExplainPayload = Omit<SiteConfigExplainResponse, 'value'> & { value: unknown };

/** What a visitor asked for, before it is checked against the brand. */
export interface ResolveRequest {
  lng?: string | undefined;
  country?: string | undefined;
  cookieCountry?: string | undefined;
}

/** The answer for a request whose brand is unknown: names nothing internal. */
export function siteNotFound(): ApiError {
  return new ApiError(404, 'Site not found');
}

/**
 * Resolves the brand's configuration for the requested language and country, refusing (400, with the field) a
 * language the brand does not allow or a country it does not serve, so the client learns which value to fix.
 */
export function resolveForRequest(
  registry: BrandRegistry,
  brand: BrandSummary,
  request: ResolveRequest,
): { resolved: ResolvedBrand; countryFromQuery: boolean } {
  const language = request.lng ?? brand.defaultLanguage;
  if (!brand.languages.includes(language)) {
    throw invalidField('lng', `must be one of the site's languages: ${brand.languages.join(', ')}`);
  }
  const country = selectCountry(brand, request.country, request.cookieCountry);
  if (country.kind === 'not-served') {
    throw invalidField('country', `must be one of the site's countries: ${brand.countries.join(', ')}`);
  }
  return {
    resolved: registry.resolve(brand.id, country.country, language),
    countryFromQuery: country.source === 'query',
  };
}

/** The resolved brand as the site receives it (the registry has switched off what this server cannot honour). */
export function siteConfigPayload(brand: BrandSummary, resolved: ResolvedBrand): SiteConfigPayload {
  return {
    brand: { id: brand.id, name: brand.name },
    country: resolved.country,
    language: resolved.language,
    config: resolved.config,
    theme: resolved.theme,
    dictionary: resolved.dictionary,
  };
}

/**
 * Which layer and file set the value at `pointer`; 404 when the configuration has nothing there. A value the platform
 * forces (a missing service) is explained as layer `platform` with the reason, and the brand's own value is not shown
 * as if it applied. The `tessera config explain` command answers through the same function (tools/cli README, "Why explain and show apply the server's overrides").
 */
export function explainValue(resolved: ResolvedBrand, pointer: string): ExplainPayload {
  const explained = resolved.explain(pointer);
  if (!explained) {
    throw new ApiError(404, 'No configuration value at this pointer', { detail: pointer });
  }
  return {
    brand: resolved.brandId,
    country: resolved.country,
    language: resolved.language,
    pointer,
    value: explained.value,
    layer: explained.layer,
    file: explained.file ?? null,
    ...(explained.reason !== undefined ? { reason: explained.reason } : {}),
    ...(explained.change ? { change: { ...explained.change } } : {}),
    ...(explained.rule ? { rule: { ...explained.rule } } : {}),
    ...(explained.floors ? { floors: explained.floors.map((f) => ({ ...f, rule: { ...f.rule } })) } : {}),
  };
}
