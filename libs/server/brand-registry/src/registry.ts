import fs from 'node:fs';
import path from 'node:path';
import {
  deepFreeze,
  makeIssue,
  resolveSiteConfig,
  toPointer,
  floorExpectation,
  sourceText,
  type JurisdictionProfile,
  type ConfigIssue,
  type ConfigLayer,
  type ServerConfig,
  type SiteConfig,
} from '@tessera/shared/util-config';
import { loadJurisdictionProfiles, shippedJurisdictionProfiles } from './jurisdictions';
import { loadBrand, type LoadedBrand } from './load-brand';
import {
  applyOverrides,
  brandPlatformOverrides,
  explainSetting,
  type BrandLayers,
  type JurisdictionBound,
  type PlatformServices,
} from './platform-overrides';
import {
  loadPlatformDictionaries,
  shippedPlatformDictionaries,
  type PlatformDictionaries,
} from './platform-dictionaries';
import type {
  BrandFileLayers,
  BrandRegistry,
  BrandSummary,
  ConsoleLayerState,
  Dictionary,
  LoadBrandRegistryOptions,
  RefusedBrand,
  ResolvedBrand,
} from './types';

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

/** The floors of a profile on the setting at `pointer`, for explain. */
function floorsOn(profile: JurisdictionProfile, pointer: string): JurisdictionBound[] {
  return profile.rules.flatMap((rule) =>
    (rule.floors ?? [])
      .filter((floor) => floor.setting === pointer)
      .map((floor) => ({
        jurisdiction: profile.id,
        rule: { id: rule.id, statement: rule.statement, source: sourceText(rule.source) },
        expected: floorExpectation(floor),
      })),
  );
}

/** The scope key of a console layer: `<country|*>/<language|*>`. */
export function consoleScopeKey(country: string | null, language: string | null): string {
  return `${country ?? '*'}/${language ?? '*'}`;
}

/**
 * The console's layers that apply to a (country, language), lowest first: the brand-wide part, the country's, the
 * language's, then the country-and-language one (ADR 0310). Each is named `console:<scope>`, its file the version.
 */
export function consoleLayersFor(
  state: Pick<ConsoleLayerState, 'layers'> | undefined,
  country: string,
  language: string,
  file: string,
): ConfigLayer[] {
  if (!state) return [];
  const out: ConfigLayer[] = [];
  for (const key of [
    consoleScopeKey(null, null),
    consoleScopeKey(country, null),
    consoleScopeKey(null, language),
    consoleScopeKey(country, language),
  ]) {
    const data = state.layers[key];
    if (data && Object.keys(data).length > 0) out.push({ name: `console:${key}`, file, data });
  }
  return out;
}

/** The file name explain gives for a console layer. */
export function consoleLayerFile(version: number): string {
  return `(console version ${version})`;
}

/** One resolution of a brand's files, before the platform: shared by every view of the registry. */
interface BrandResolution extends BrandLayers {
  brandId: string;
  country: string;
  language: string;
  config: SiteConfig;
  theme: ResolvedBrand['theme'];
  dictionary: Dictionary;
}

/** Builds a registry from already-loaded brands; exposed for tests and the CLI. */
export function createBrandRegistry(
  loaded: readonly LoadedBrand[],
  refusedBrands: readonly RefusedBrand[],
  platform: PlatformDictionaries,
  cacheLimit = 10_000,
  services?: PlatformServices,
): BrandRegistry {
  const byId = new Map(loaded.map((b) => [b.id, b]));
  const byHost = new Map<string, LoadedBrand>();
  for (const b of loaded) for (const d of b.summary.domains) byHost.set(d, b);
  const layersCache = new Map<string, BrandResolution>();
  // The console's published layers per brand (ADR 0310); every view's cache follows `consoleGeneration`.
  const consoleState = new Map<string, ConsoleLayerState>();
  let consoleGeneration = 0;

  function filesOf(brand: LoadedBrand, country: string, lng: string): BrandFileLayers {
    const summary = brand.summary;
    const language = summary.languages.includes(lng) ? lng : summary.defaultLanguage;
    // The floors of the jurisdiction the country file names lie between the platform defaults and the brand (ADR 0260).
    const jurisdiction = brand.jurisdictions.get(country);
    const layers: ConfigLayer[] = jurisdiction ? [jurisdiction.layer, brand.brandLayer] : [brand.brandLayer];
    const countryLayer = brand.countryLayers.get(country);
    if (countryLayer) layers.push(countryLayer);
    const languageLayer = brand.languageLayers.get(language);
    if (languageLayer) layers.push(languageLayer);
    return { brandId: brand.id, country, language, layers, jurisdiction };
  }

  function resolveUncached(brand: LoadedBrand, country: string, lng: string): BrandResolution {
    const { language, layers, jurisdiction } = filesOf(brand, country, lng);
    // The console's layer lies over the files (ADR 0310).
    const published = consoleState.get(brand.id);
    if (published)
      layers.push(...consoleLayersFor(published, country, language, consoleLayerFile(published.change.version)));
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
      floorsAt: (p: string) => (jurisdiction ? floorsOn(jurisdiction.profile, toPointer(p)) : []),
      consoleChange: published?.change,
    });
  }

  function brandById(id: string): LoadedBrand {
    const brand = byId.get(id);
    if (!brand) throw new Error(`unknown brand "${id}" (valid brands: ${[...byId.keys()].join(', ') || 'none'})`);
    return brand;
  }

  function countryOf(brand: LoadedBrand, countryIn: string): string {
    return /^[a-z]{2}$/i.test(countryIn) ? countryIn.toLowerCase() : brand.summary.defaultCountry;
  }

  function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
    const hit = cache.get(key);
    if (hit) return hit;
    const result = make();
    // The key space is bounded (countries x languages) but callers pass request input: never let it grow without limit.
    if (cache.size >= cacheLimit) cache.clear();
    cache.set(key, result);
    return result;
  }

  function brandLayers(id: string, countryIn: string, lngIn: string): BrandResolution {
    return cached(layersCache, `${id}\u0000${countryIn}\u0000${lngIn}`, () => {
      const brand = brandById(id);
      return resolveUncached(brand, countryOf(brand, countryIn), lngIn.toLowerCase());
    });
  }

  /** The platform's part (ADR 0231): the overrides of the server's services, applied once per resolution. */
  function honoured(layers: BrandResolution, services: PlatformServices | undefined): ResolvedBrand {
    const overrides = services ? brandPlatformOverrides(services, layers.brandId, layers.config) : [];
    return deepFreeze({
      brandId: layers.brandId,
      country: layers.country,
      language: layers.language,
      config: applyOverrides(layers.config, overrides),
      overrides,
      theme: layers.theme,
      dictionary: layers.dictionary,
      explain: (p: string) => explainSetting(layers, toPointer(p), overrides),
    });
  }

  function view(servicesOf: () => PlatformServices | undefined): BrandRegistry {
    const cache = new Map<string, ResolvedBrand>();
    let cachedFor: PlatformServices | undefined;
    let cachedGeneration = consoleGeneration;
    return {
      brands: () => loaded.map((b) => b.summary),
      refused: () => refusedBrands.map((r) => ({ id: r.id, errors: [...r.errors] })),
      get: (id) => byId.get(id)?.summary,
      brandForHost: (host) => byHost.get(normaliseHost(host))?.summary,
      serverConfig: (id): ServerConfig | undefined => byId.get(id)?.server,
      brandDir: (id) => byId.get(id)?.dir,
      resolve(id, countryIn, lngIn) {
        const current = servicesOf();
        // A server that learnt other services since: what was cached was for the old ones.
        if (current !== cachedFor || cachedGeneration !== consoleGeneration) {
          cache.clear();
          cachedFor = current;
          cachedGeneration = consoleGeneration;
        }
        return cached(cache, `${id}\u0000${countryIn}\u0000${lngIn}`, () =>
          honoured(brandLayers(id, countryIn, lngIn), current),
        );
      },
      withServices: (next) => view(typeof next === 'function' ? next : () => next),
      setConsoleLayer(id, state) {
        if (state) consoleState.set(id, deepFreeze(structuredClone(state)));
        else consoleState.delete(id);
        for (const key of [...layersCache.keys()]) if (key.startsWith(`${id}\u0000`)) layersCache.delete(key);
        consoleGeneration++;
      },
      consoleLayer: (id) => consoleState.get(id),
      fileLayers(id, countryIn, lngIn) {
        const brand = brandById(id);
        return filesOf(brand, countryOf(brand, countryIn), lngIn.toLowerCase());
      },
    };
  }

  return view(() => services);
}

/**
 * Loads every brand folder under brandsDir. Invalid brands are refused with their issues and kept aside;
 * the valid ones load. Never throws for a bad brand: the platform must keep serving the others.
 */
export async function loadBrandRegistry(options: LoadBrandRegistryOptions): Promise<BrandRegistry> {
  const brandsDir = path.resolve(options.brandsDir);
  const display = displayFor(path.resolve(options.displayRoot ?? process.cwd()));
  // The platform's copy comes from util-i18n's import, never from its files by path; a folder only replaces it in tests.
  const platform = options.platformLocalesDir
    ? loadPlatformDictionaries(options.platformLocalesDir)
    : shippedPlatformDictionaries();
  const jurisdictions = options.jurisdictionsDir
    ? loadJurisdictionProfiles(path.resolve(options.jurisdictionsDir), display)
    : shippedJurisdictionProfiles();
  const ctx = { display, platform, jurisdictions };
  const loaded: LoadedBrand[] = [];
  const refused: RefusedBrand[] = [];
  const entries = fs.existsSync(brandsDir) ? fs.readdirSync(brandsDir, { withFileTypes: true }) : [];
  for (const entry of entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))) {
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
      if (other)
        clashes.push(
          makeIssue(
            brand.brandLayer.file,
            `/global/domains/${i}`,
            `a host name no other brand uses`,
            `${JSON.stringify(domain)}, already served by brand "${other}"`,
          ),
        );
    });
    if (clashes.length > 0) {
      refused.push({ id: brand.id, errors: clashes });
      continue;
    }
    for (const domain of brand.summary.domains) owner.set(domain, brand.id);
    accepted.push(brand);
  }
  refused.sort((a, b) => a.id.localeCompare(b.id));
  return createBrandRegistry(accepted, refused, platform, options.cacheLimit, options.services);
}

/** Readiness summary: which brands serve and which were refused (with their first issue). */
export function registryReport(registry: BrandRegistry): {
  valid: string[];
  refused: { id: string; issues: number; first: string }[];
} {
  return {
    valid: registry.brands().map((b: BrandSummary) => b.id),
    refused: registry.refused().map((r) => ({ id: r.id, issues: r.errors.length, first: r.errors[0]?.message ?? '' })),
  };
}
