import fs from 'node:fs';
import path from 'node:path';
import {
  formatPointer,
  isJsonObject,
  jurisdictionNamedBy,
  validateJurisdictionFloors,
  makeIssue,
  parseJsonText,
  resolveSiteConfig,
  validateLayerData,
  validateResolved,
  validateServerConfigData,
  validateThemeData,
  type ConfigIssue,
  type ConfigLayer,
  type JsonObject,
  type ServerConfig,
  type SiteConfig,
  type ThemePrimitives,
  type LoadedJurisdiction,
} from '@tessera/shared/util-config';
import { BRAND_ID_PATTERN } from './brand-scaffold';
import type { JurisdictionProfiles } from './jurisdictions';
import { flattenMessages, type PlatformDictionaries } from './platform-dictionaries';
import type { BrandSummary, Dictionary } from './types';

/** A brand whose files all passed. */
export interface LoadedBrand {
  id: string;
  dir: string;
  brandLayer: ConfigLayer;
  countryLayers: ReadonlyMap<string, ConfigLayer>;
  languageLayers: ReadonlyMap<string, ConfigLayer>;
  /** Per country with a file naming a profile in licence.jurisdiction: the profile, whose floors lie under the brand. */
  jurisdictions: ReadonlyMap<string, LoadedJurisdiction>;
  theme: ThemePrimitives;
  server: ServerConfig;
  /** Brand copy overrides: lng -> namespace -> key -> text. */
  locales: Record<string, Dictionary>;
  summary: BrandSummary;
}

/** How file names appear in issues, and the platform dictionaries locale overrides are checked against. */
export interface LoadContext {
  display(absolute: string): string;
  platform: PlatformDictionaries;
  /** The jurisdiction profiles country files may name (docs/adr/0260). */
  jurisdictions: JurisdictionProfiles;
}

/** Settings a country or language file may not change: routing depends on them being the brand's own. */
const IDENTITY_POINTERS = ['/global/domains', '/global/countries', '/global/languages', '/global/brandName'];

function readJson(abs: string, ctx: LoadContext, issues: ConfigIssue[]): unknown {
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
  } catch {
    issues.push(makeIssue(ctx.display(abs), '', 'a readable JSON file', 'no such file'));
    return undefined;
  }
  const parsed = parseJsonText(text, ctx.display(abs));
  if (!parsed.ok) {
    issues.push(parsed.issue);
    return undefined;
  }
  return parsed.value;
}

function listJson(dir: string): string[] {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
}

function readLayerFiles(
  dir: string,
  kind: 'country' | 'language',
  ctx: LoadContext,
  issues: ConfigIssue[],
): Map<string, ConfigLayer> {
  const layers = new Map<string, ConfigLayer>();
  for (const name of listJson(dir)) {
    const abs = path.join(dir, name);
    const code = name.slice(0, -'.json'.length);
    if (!/^[a-z]{2}$/.test(code)) {
      issues.push(
        makeIssue(
          ctx.display(abs),
          '',
          `a file named after a two-letter lower-case ${kind} code (de.json)`,
          JSON.stringify(name),
        ),
      );
      continue;
    }
    const data = readJson(abs, ctx, issues);
    if (data === undefined) continue;
    const own = validateLayerData(data, ctx.display(abs));
    issues.push(...own);
    if (own.length > 0) continue;
    for (const pointer of IDENTITY_POINTERS) {
      const segments = pointer.split('/').slice(1);
      let node: unknown = data;
      for (const s of segments) node = isJsonObject(node) ? node[s] : undefined;
      if (node !== undefined)
        issues.push(
          makeIssue(
            ctx.display(abs),
            pointer,
            `no ${pointer.slice(1).replace('/', '.')} here (it belongs in brand.json)`,
            'a value',
          ),
        );
    }
    layers.set(code, { name: `${kind}:${code}`, file: ctx.display(abs), data: data as JsonObject });
  }
  return layers;
}

function readLocales(
  dir: string,
  languages: readonly string[],
  ctx: LoadContext,
  issues: ConfigIssue[],
): Record<string, Dictionary> {
  const out: Record<string, Dictionary> = {};
  if (!fs.existsSync(dir)) return out;
  const platformLanguages = Object.keys(ctx.platform);
  for (const lng of fs.readdirSync(dir).sort()) {
    const lngDir = path.join(dir, lng);
    if (!fs.statSync(lngDir).isDirectory()) continue;
    if (!languages.includes(lng)) {
      issues.push(
        makeIssue(
          ctx.display(lngDir),
          '',
          `a folder for one of global.languages (${languages.join(', ')})`,
          JSON.stringify(lng),
        ),
      );
      continue;
    }
    for (const name of listJson(lngDir)) {
      const abs = path.join(lngDir, name);
      const ns = name.slice(0, -'.json'.length);
      const data = readJson(abs, ctx, issues);
      if (data === undefined) continue;
      if (!isJsonObject(data)) {
        issues.push(makeIssue(ctx.display(abs), '', 'an object of translation keys', typeof data));
        continue;
      }
      const messages = flattenMessages(data);
      // When the platform dictionaries are not there yet there is nothing to check against.
      if (platformLanguages.length > 0) {
        const reference =
          ctx.platform[lng]?.[ns] ?? platformLanguages.map((l) => ctx.platform[l]?.[ns]).find((d) => d !== undefined);
        if (!reference) {
          const known = [...new Set(platformLanguages.flatMap((l) => Object.keys(ctx.platform[l] ?? {})))].sort();
          issues.push(
            makeIssue(ctx.display(abs), '', `a platform namespace (${known.join(', ')})`, JSON.stringify(ns)),
          );
          continue;
        }
        for (const key of Object.keys(messages)) {
          if (!(key in reference))
            issues.push(
              makeIssue(
                ctx.display(abs),
                formatPointer([key]),
                `a key that exists in the platform dictionary ${lng}/${ns}.json`,
                `the unknown key ${JSON.stringify(key)}`,
              ),
            );
        }
      }
      (out[lng] ??= {})[ns] = messages;
    }
  }
  return out;
}

function checkTheme(dir: string, ctx: LoadContext, issues: ConfigIssue[]): ThemePrimitives | undefined {
  const abs = path.join(dir, 'theme.json');
  const data = readJson(abs, ctx, issues);
  if (data === undefined) return undefined;
  const { theme, issues: own } = validateThemeData(data, ctx.display(abs));
  issues.push(...own);
  if (!theme) return undefined;
  const logo = path.join(dir, theme.logo.src);
  const head = fs.existsSync(logo) ? fs.readFileSync(logo, 'utf8').slice(0, 512) : undefined;
  if (head === undefined)
    issues.push(makeIssue(ctx.display(abs), '/logo/src', `an existing file (${ctx.display(logo)})`, 'no such file'));
  else if (!/<svg[\s>]/.test(head))
    issues.push(makeIssue(ctx.display(logo), '', 'an SVG document', 'a file without <svg>'));
  return theme;
}

/**
 * Every (country, language) layer combination a brand can resolve to, so load-time checks cover them all; a country
 * whose file names a jurisdiction puts that profile's floors beneath the brand (docs/adr/0260).
 */
function combinations(
  brand: ConfigLayer,
  countries: Map<string, ConfigLayer>,
  languages: Map<string, ConfigLayer>,
  jurisdictions: ReadonlyMap<string, LoadedJurisdiction>,
): { layers: ConfigLayer[]; country?: string; jurisdiction?: LoadedJurisdiction }[] {
  const withCountry = (code: string, layers: ConfigLayer[]) => {
    const jurisdiction = jurisdictions.get(code);
    return jurisdiction
      ? { layers: [jurisdiction.layer, ...layers], country: code, jurisdiction }
      : { layers, country: code };
  };
  const out: { layers: ConfigLayer[]; country?: string; jurisdiction?: LoadedJurisdiction }[] = [{ layers: [brand] }];
  for (const [code, c] of countries) out.push(withCountry(code, [brand, c]));
  for (const l of languages.values()) {
    out.push({ layers: [brand, l] });
    for (const [code, c] of countries) out.push(withCountry(code, [brand, c, l]));
  }
  return out;
}

/** Where licence.jurisdiction may be set: only a country file, since a licence covers one territory. */
const JURISDICTION_POINTER = '/licence/jurisdiction';

/** The profile each country file names, with an issue for a file naming an unknown or refused profile. */
function countryJurisdictions(
  countryLayers: ReadonlyMap<string, ConfigLayer>,
  ctx: LoadContext,
  issues: ConfigIssue[],
): Map<string, LoadedJurisdiction> {
  const out = new Map<string, LoadedJurisdiction>();
  const known = [...ctx.jurisdictions.byId.keys()].sort().join(', ');
  for (const [code, layer] of countryLayers) {
    const id = jurisdictionNamedBy(layer.data);
    if (id === undefined) continue;
    const loaded = ctx.jurisdictions.byId.get(id);
    const refused = ctx.jurisdictions.refused.get(id);
    if (loaded) out.set(code, loaded);
    else if (refused)
      issues.push(
        makeIssue(
          layer.file,
          JURISDICTION_POINTER,
          `a jurisdiction profile that loads (${known})`,
          `"${id}", whose profile is refused`,
        ),
        ...refused,
      );
    else
      issues.push(makeIssue(layer.file, JURISDICTION_POINTER, `a jurisdiction profile (${known})`, JSON.stringify(id)));
  }
  return out;
}

/** A brand or language file naming a jurisdiction: it would bind every country, or change with the language. */
function misplacedJurisdiction(layer: ConfigLayer): ConfigIssue | undefined {
  if (jurisdictionNamedBy(layer.data) === undefined) return undefined;
  return makeIssue(
    layer.file,
    JURISDICTION_POINTER,
    'no licence.jurisdiction here (it belongs in countries/<iso2>.json, one licence per territory)',
    'a value',
  );
}

/** Loads and checks one brand folder; any issue refuses the whole brand. */
export function loadBrand(dir: string, id: string, ctx: LoadContext): { brand?: LoadedBrand; issues: ConfigIssue[] } {
  const issues: ConfigIssue[] = [];
  if (!BRAND_ID_PATTERN.test(id)) {
    issues.push(
      makeIssue(ctx.display(dir), '', 'a kebab-case folder name (the brand id), such as north-bet', JSON.stringify(id)),
    );
    return { issues };
  }
  const brandFile = path.join(dir, 'brand.json');
  const brandData = readJson(brandFile, ctx, issues);
  if (brandData !== undefined) issues.push(...validateLayerData(brandData, ctx.display(brandFile)));
  const theme = checkTheme(dir, ctx, issues);
  const serverFile = path.join(dir, 'server.json');
  let server: ServerConfig | undefined = {} as ServerConfig;
  const serverData = fs.existsSync(serverFile) ? readJson(serverFile, ctx, issues) : {};
  if (serverData !== undefined) {
    const checked = validateServerConfigData(serverData, ctx.display(serverFile));
    issues.push(...checked.issues);
    server = checked.config;
  }
  const countryLayers = readLayerFiles(path.join(dir, 'countries'), 'country', ctx, issues);
  const languageLayers = readLayerFiles(path.join(dir, 'languages'), 'language', ctx, issues);
  if (!isJsonObject(brandData)) return { issues };

  // Report as much as possible in one pass: listing and locale checks run even when a file already has issues.
  const brandLayer: ConfigLayer = { name: 'brand', file: ctx.display(brandFile), data: brandData };
  const g: SiteConfig['global'] = resolveSiteConfig([brandLayer]).config.global;
  const countries = Array.isArray(g.countries) ? g.countries : [];
  const languages = Array.isArray(g.languages) ? g.languages : [];
  for (const [code, layer] of countryLayers) {
    if (!countries.includes(code))
      issues.push(
        makeIssue(
          layer.file,
          '',
          `a country listed in global.countries (${countries.join(', ')})`,
          `an override for ${JSON.stringify(code)}`,
        ),
      );
  }
  for (const [code, layer] of languageLayers) {
    if (!languages.includes(code))
      issues.push(
        makeIssue(
          layer.file,
          '',
          `a language listed in global.languages (${languages.join(', ')})`,
          `an override for ${JSON.stringify(code)}`,
        ),
      );
  }
  const locales = readLocales(path.join(dir, 'locales'), languages, ctx, issues);
  for (const layer of [brandLayer, ...languageLayers.values()]) {
    const misplaced = misplacedJurisdiction(layer);
    if (misplaced) issues.push(misplaced);
  }
  const jurisdictions = countryJurisdictions(countryLayers, ctx, issues);
  if (issues.length > 0 || !theme || !server) return { issues };
  const seen = new Set<string>();
  for (const { layers, country, jurisdiction } of combinations(
    brandLayer,
    countryLayers,
    languageLayers,
    jurisdictions,
  )) {
    const resolved = resolveSiteConfig(layers);
    const found = validateResolved(resolved);
    // A brand may be stricter than its jurisdiction, never looser: a weaker value refuses the brand (docs/adr/0260).
    if (jurisdiction && country) found.push(...validateJurisdictionFloors(resolved, jurisdiction.profile, country));
    for (const issue of found) {
      if (seen.has(issue.message)) continue;
      seen.add(issue.message);
      issues.push(issue);
    }
  }
  if (issues.length > 0) return { issues };

  const summary: BrandSummary = {
    id,
    name: g.brandName,
    domains: g.domains.map((d) => d.toLowerCase()),
    defaultLanguage: g.mainLanguage.code,
    languages: [...g.languages],
    defaultCountry: g.defaultCountry,
    countries: [...g.countries],
    rtlLanguages: g.languages.filter((l) => g.rtlLanguages.includes(l)),
  };
  return {
    brand: { id, dir, brandLayer, countryLayers, languageLayers, jurisdictions, theme, server, locales, summary },
    issues,
  };
}
