import type { BrandPayload } from '@tessera/shared/contract-api';
import type { SiteConfig } from '@tessera/shared/util-config';

/** The resolved brand as the server sends it: the SSR contract's one definition (ADR 0233), re-exported here. */
export type { BrandPayload };

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
    if (value !== null && typeof value === 'object' && 'enabled' in value)
      return (value as { enabled: unknown }).enabled === true;
  }
  return false;
}
