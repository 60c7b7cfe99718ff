import type { BrandRegistry, BrandSummary } from '@tessera/server/brand-registry';

/** How the brand of a request was chosen. */
export type BrandSource = 'host' | 'query' | 'cookie' | 'development-default';

/** The brand chosen for a request, or none. */
export type BrandSelection = { kind: 'found'; brand: BrandSummary; source: BrandSource } | { kind: 'not-found' };

/**
 * Where the development override (`?brand=`, the tessera_brand cookie, the first brand on localhost) is honoured:
 * on any host that no brand serves, only on a development host (localhost, 127.0.0.1, ::1; the production default,
 * the site-config README ("The development brand override is scoped")), or nowhere.
 */
export type BrandOverrideScope = 'any-host' | 'development-hosts' | 'off';

/** What brand selection looks at. */
export interface BrandSelectionInput {
  /** Host without port. */
  host: string;
  queryBrand?: string | undefined;
  cookieBrand?: string | undefined;
  /** Where the development override applies. */
  override: BrandOverrideScope;
}

/** The override scope a deployment runs with when none is configured: development hosts only in production. */
export function defaultBrandOverride(mode: 'production' | 'test' | 'development'): BrandOverrideScope {
  return mode === 'production' ? 'development-hosts' : 'any-host';
}

/** Hosts a developer runs the platform on, where no brand owns the domain. */
export function isDevelopmentHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '127.0.0.1' || h === '::1' || h === '[::1]';
}

/** Lower-cases a host and drops a port and a trailing dot, so it compares with the brands' domains. */
export function normaliseHost(host: string | undefined): string {
  if (!host) return '';
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(0, h.indexOf(']') + 1);
  else h = h.split(':')[0] ?? '';
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/**
 * Host first (a real domain always wins), then the override where its scope allows it on this host: `?brand=`, the
 * remembered cookie, the first valid brand on a development host. An explicit `?brand=` naming no valid brand is
 * not-found rather than a silent fallback.
 */
export function selectBrand(registry: BrandRegistry, input: BrandSelectionInput): BrandSelection {
  const byHost = input.host ? registry.brandForHost(input.host) : undefined;
  if (byHost) return { kind: 'found', brand: byHost, source: 'host' };
  if (input.override === 'off') return { kind: 'not-found' };
  if (input.override === 'development-hosts' && !isDevelopmentHost(input.host)) return { kind: 'not-found' };
  if (input.queryBrand !== undefined) {
    const brand = registry.get(input.queryBrand);
    return brand ? { kind: 'found', brand, source: 'query' } : { kind: 'not-found' };
  }
  const remembered = input.cookieBrand ? registry.get(input.cookieBrand) : undefined;
  if (remembered) return { kind: 'found', brand: remembered, source: 'cookie' };
  const first = registry.brands()[0];
  if (first && isDevelopmentHost(input.host)) return { kind: 'found', brand: first, source: 'development-default' };
  return { kind: 'not-found' };
}

/** The country chosen for a request, or the country asked for that the brand does not serve. */
export type CountrySelection =
  | { kind: 'ok'; country: string; source: 'query' | 'cookie' | 'default' }
  | { kind: 'not-served'; requested: string; fallback: string };

/** `?country=` when the brand serves it, else the remembered cookie when it still applies, else the default. */
export function selectCountry(
  brand: BrandSummary,
  queryCountry: string | undefined,
  cookieCountry: string | undefined,
): CountrySelection {
  if (queryCountry !== undefined) {
    const requested = queryCountry.toLowerCase();
    return brand.countries.includes(requested)
      ? { kind: 'ok', country: requested, source: 'query' }
      : { kind: 'not-served', requested, fallback: brand.defaultCountry };
  }
  // A cookie left by another brand (or an old configuration) is ignored rather than refused.
  const remembered = cookieCountry?.toLowerCase();
  if (remembered && brand.countries.includes(remembered)) return { kind: 'ok', country: remembered, source: 'cookie' };
  return { kind: 'ok', country: brand.defaultCountry, source: 'default' };
}
