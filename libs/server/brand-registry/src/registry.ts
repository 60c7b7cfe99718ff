import fs from 'node:fs';
import path from 'node:path';
import {
  deepFreeze,
  makeIssue,
  resolveSiteConfig,
  toPointer,
  type ConfigIssue,
  type ConfigLayer,
  type ServerConfig,
} from '@tessera/shared/util-config';
import { loadBrand, type LoadedBrand } from './load-brand';
import { loadPlatformDictionaries, type PlatformDictionaries } from './platform-dictionaries';
import type { BrandRegistry, BrandSummary, Dictionary, LoadBrandRegistryOptions, RefusedBrand, ResolvedBrand } from './types';

function displayFor(root: string): (abs: string) => string {
  return (abs) => {
    const rel = path.relative(root, abs);
    return (rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel).split(path.sep).join('/');
  };
}

/** Host without port and trailing dot, lower case. */
export function normaliseHost(host: string): string {
  const h = host.trim().toLowerCase();
  const withoutPort = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}

function mergeDictionaries(...parts: (Dictionary | undefined)[]): Dictionary {
  const out: Dictionary = {};
  for (const part of parts) {
    if (!part) continue;
    for (const [ns, messages] of Object.entries(part)) out[ns] = { ...out[ns], ...messages };
  }
  return out;
}

/** Builds a registry from already-loaded brands; exposed for tests and the CLI. */
export function createBrandRegistry(
  loaded: readonly LoadedBrand[],
  refusedBrands: readonly RefusedBrand[],
  platform: PlatformDictionaries,
  cacheLimit = 10_000,
): BrandRegistry {
  const byId = new Map(loaded.map((b) => [b.id, b]));
  const byHost = new Map<string, LoadedBrand>();
  for (const b of loaded) for (const d of b.summary.domains) byHost.set(d, b);
  const cache = new Map<string, ResolvedBrand>();

  function resolveUncached(brand: LoadedBrand, country: string, lng: string): ResolvedBrand {
    const summary = brand.summary;
    const language = summary.languages.includes(lng) ? lng : summary.defaultLanguage;
    const layers: ConfigLayer[] = [brand.brandLayer];
    const countryLayer = brand.countryLayers.get(country);
    if (countryLayer) layers.push(countryLayer);
    const languageLayer = brand.languageLayers.get(language);
    if (languageLayer) layers.push(languageLayer);
    // The dictionary language depends on the request, not on any file: its own layer keeps provenance honest.
    layers.push({ name: 'request', file: '(request)', data: { dictionary: { language } } });
    const resolved = resolveSiteConfig(layers);
    const fallback = resolved.config.global.fallbackLanguage;
    const dictionary = mergeDictionaries(
      language === fallback ? undefined : platform[fallback],
      platform[language],
      language === fallback ? undefined : brand.locales[fallback],
      brand.locales[language],
    );
    return deepFreeze({
      brandId: brand.id,
      country,
      language,
      config: resolved.config,
      theme: brand.theme,
      dictionary,
      explain: (p: string) => resolved.explain(toPointer(p)),
    });
  }

  return {
    brands: () => loaded.map((b) => b.summary),
    refused: () => refusedBrands.map((r) => ({ id: r.id, errors: [...r.errors] })),
    get: (id) => byId.get(id)?.summary,
    brandForHost: (host) => byHost.get(normaliseHost(host))?.summary,
    serverConfig: (id): ServerConfig | undefined => byId.get(id)?.server,
    brandDir: (id) => byId.get(id)?.dir,
    resolve(id, countryIn, lngIn) {
      const key = `${id}\u0000${countryIn}\u0000${lngIn}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const brand = byId.get(id);
      if (!brand) throw new Error(`unknown brand "${id}" (valid brands: ${[...byId.keys()].join(', ') || 'none'})`);
      const country = /^[a-z]{2}$/i.test(countryIn) ? countryIn.toLowerCase() : brand.summary.defaultCountry;
      const result = resolveUncached(brand, country, lngIn.toLowerCase());
      // The key space is bounded (countries x languages) but callers pass request input: never let it grow without limit.
      if (cache.size >= cacheLimit) cache.clear();
      cache.set(key, result);
      return result;
    },
  };
}

/**
 * Loads every brand folder under brandsDir. Invalid brands are refused with their issues and kept aside;
 * the valid ones load. Never throws for a bad brand: the platform must keep serving the others.
 */
export async function loadBrandRegistry(options: LoadBrandRegistryOptions): Promise<BrandRegistry> {
  const brandsDir = path.resolve(options.brandsDir);
  const display = displayFor(path.resolve(options.displayRoot ?? process.cwd()));
  const platformDir = options.platformLocalesDir ?? path.join(brandsDir, '..', 'libs/shared/util-i18n/src/locales');
  const platform = loadPlatformDictionaries(platformDir);
  const ctx = { display, platform };
  const loaded: LoadedBrand[] = [];
  const refused: RefusedBrand[] = [];
  const entries = fs.existsSync(brandsDir) ? fs.readdirSync(brandsDir, { withFileTypes: true }) : [];
  for (const entry of entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).sort((a, b) => a.name.localeCompare(b.name))) {
    const { brand, issues } = loadBrand(path.join(brandsDir, entry.name), entry.name, ctx);
    if (brand) loaded.push(brand);
    else refused.push({ id: entry.name, errors: issues });
  }
  // Two brands claiming one host would make routing depend on folder order: the later brand is refused.
  const owner = new Map<string, string>();
  const accepted: LoadedBrand[] = [];
  for (const brand of loaded) {
    const clashes: ConfigIssue[] = [];
    brand.summary.domains.forEach((domain, i) => {
      const other = owner.get(domain);
      if (other) clashes.push(makeIssue(brand.brandLayer.file, `/global/domains/${i}`, `a host name no other brand uses`, `${JSON.stringify(domain)}, already served by brand "${other}"`));
    });
    if (clashes.length > 0) {
      refused.push({ id: brand.id, errors: clashes });
      continue;
    }
    for (const domain of brand.summary.domains) owner.set(domain, brand.id);
    accepted.push(brand);
  }
  refused.sort((a, b) => a.id.localeCompare(b.id));
  return createBrandRegistry(accepted, refused, platform, options.cacheLimit);
}

/** Readiness summary: which brands serve and which were refused (with their first issue). */
export function registryReport(registry: BrandRegistry): { valid: string[]; refused: { id: string; issues: number; first: string }[] } {
  return {
    valid: registry.brands().map((b: BrandSummary) => b.id),
    refused: registry.refused().map((r) => ({ id: r.id, issues: r.errors.length, first: r.errors[0]?.message ?? '' })),
  };
}
