import type { SiteConfig, ThemePrimitives } from '@tessera/shared/util-config';
import type { Dictionary } from '@tessera/shared/util-i18n';

/**
 * The resolved brand as the server sends it (SSR contract, `docs/architecture.md`): the same object feeds the
 * server render and, embedded in the page, the client's hydration.
 */
export interface BrandPayload {
  /** Brand id, equal to its folder name under `brands/`. */
  brandId: string;
  /** The visitor's country (iso2), chosen by the server. */
  country: string;
  /** The page language, chosen by the server and equal to the URL's language segment. */
  language: string;
  /** The public resolved site configuration. */
  config: SiteConfig;
  /** The brand's theme primitives. */
  theme: ThemePrimitives;
  /** The resolved dictionary of the page language (platform copy plus brand overrides). */
  dictionary: Dictionary;
}

/** Reads a dotted path (`coupon.features.sale`) out of the resolved config; undefined when any step is missing. */
export function configValue(config: SiteConfig, path: string): unknown {
  let node: unknown = config;
  for (const step of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, step)) return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

/**
 * Whether a feature is on. Accepts the short forms product people use (`coupon.sale` for `coupon.features.sale`)
 * and switch objects (`{ enabled }`). Anything missing or not clearly on is off: a typo must not enable a feature.
 */
export function isFeatureOn(config: SiteConfig, path: string): boolean {
  const [section, ...rest] = path.split('.');
  const candidates = [path];
  if (section && rest.length > 0) candidates.push([section, 'features', ...rest].join('.'));
  for (const candidate of candidates) {
    const value = configValue(config, candidate);
    if (typeof value === 'boolean') return value;
    if (value !== null && typeof value === 'object' && 'enabled' in value) return (value as { enabled: unknown }).enabled === true;
  }
  return false;
}
