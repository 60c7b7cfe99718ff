import {
  consoleLayersFor,
  type BrandRegistry,
  type BrandSummary,
  type ConsoleLayerState,
} from '@tessera/server/brand-registry';
import {
  isJsonObject,
  makeIssue,
  resolveSiteConfig,
  validateJurisdictionFloors,
  validateLayerData,
  validateResolved,
  type ConfigIssue,
  type JsonObject,
} from '@tessera/shared/util-config';
import { diffJson, type ValueChange } from './diff';

/** The part of the registry the console layer needs. */
export type ConsoleRegistry = Pick<
  BrandRegistry,
  'brands' | 'get' | 'resolve' | 'serverConfig' | 'setConsoleLayer' | 'consoleLayer' | 'fileLayers'
>;

/** A brand's console layer: per scope `<country|*>/<language|*>`, a partial site configuration. */
export type ConsoleLayers = Record<string, JsonObject>;

/** The file name issues of a draft name. */
export const DRAFT_FILE = '(console draft)';

/**
 * Settings the console never changes: routing depends on the brand's own (as for country and language files), and a
 * licence's jurisdiction belongs to the country file whose floors it puts under the brand (ADR 0260).
 */
const FIXED_POINTERS = [
  '/global/domains',
  '/global/countries',
  '/global/languages',
  '/global/brandName',
  '/licence/jurisdiction',
];

const SCOPE = /^([a-z]{2}|\*)\/([a-z]{2}|\*)$/;

function has(data: JsonObject, pointer: string): boolean {
  let node: unknown = data;
  for (const s of pointer.split('/').slice(1)) {
    if (!isJsonObject(node)) return false;
    node = node[s];
  }
  return node !== undefined;
}

/** Every (country, language) a brand serves. */
export function combinationsOf(brand: BrandSummary): { country: string; language: string }[] {
  return brand.countries.flatMap((country) => brand.languages.map((language) => ({ country, language })));
}

/**
 * Checks a brand's console layer as `tessera config validate` checks its files (ADR 0310): each scope against the
 * layer schema, the settings the console may not change, the scope's country and language, then every resolution of
 * the brand (files + console) against the resolved schema, the configuration rules and the floors of the country's
 * jurisdiction. Issues name the draft and the scope.
 */
export function checkConsoleLayers(
  registry: ConsoleRegistry,
  brand: BrandSummary,
  layers: ConsoleLayers,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const [scope, data] of Object.entries(layers)) {
    const file = `${DRAFT_FILE} ${scope}`;
    const match = SCOPE.exec(scope);
    if (!match) {
      issues.push(makeIssue(file, '', 'a scope <country|*>/<language|*>', JSON.stringify(scope)));
      continue;
    }
    const [, country, language] = match;
    if (country !== '*' && !brand.countries.includes(country ?? ''))
      issues.push(makeIssue(file, '', `a country of the brand (${brand.countries.join(', ')})`, `"${country}"`));
    if (language !== '*' && !brand.languages.includes(language ?? ''))
      issues.push(makeIssue(file, '', `a language of the brand (${brand.languages.join(', ')})`, `"${language}"`));
    issues.push(...validateLayerData(data, file));
    for (const pointer of FIXED_POINTERS)
      if (has(data, pointer))
        issues.push(makeIssue(file, pointer, 'no value here (the brand files own it)', 'a value'));
  }
  if (issues.length > 0) return issues;
  const seen = new Set<string>();
  const state = { layers };
  for (const { country, language } of combinationsOf(brand)) {
    const files = registry.fileLayers(brand.id, country, language);
    const resolved = resolveSiteConfig([
      ...files.layers,
      ...consoleLayersFor(state, files.country, files.language, DRAFT_FILE),
    ]);
    const found = validateResolved(resolved);
    if (files.jurisdiction) found.push(...validateJurisdictionFloors(resolved, files.jurisdiction.profile, country));
    for (const issue of found) {
      const message = `${country}/${language}: ${issue.message}`;
      if (seen.has(issue.message)) continue;
      seen.add(issue.message);
      issues.push({ ...issue, message });
    }
  }
  return issues;
}

/** The configuration of a (country, language) with these console layers over the files, before the platform. */
function resolvedWith(
  registry: ConsoleRegistry,
  brandId: string,
  country: string,
  language: string,
  state: Pick<ConsoleLayerState, 'layers'> | undefined,
): unknown {
  const files = registry.fileLayers(brandId, country, language);
  return resolveSiteConfig([...files.layers, ...consoleLayersFor(state, files.country, files.language, DRAFT_FILE)])
    .config;
}

/** Per (country, language) of the brand whose configuration the change alters: each changed value, before and after. */
export function previewChange(
  registry: ConsoleRegistry,
  brand: BrandSummary,
  before: ConsoleLayers,
  after: ConsoleLayers,
): { country: string; language: string; changes: ValueChange[] }[] {
  return combinationsOf(brand)
    .map(({ country, language }) => ({
      country,
      language,
      changes: diffJson(
        resolvedWith(registry, brand.id, country, language, { layers: before }),
        resolvedWith(registry, brand.id, country, language, { layers: after }),
      ),
    }))
    .filter((p) => p.changes.length > 0);
}

/** The changed settings of two console layers, per scope: what ownership is checked on. */
export function layerChanges(before: ConsoleLayers, after: ConsoleLayers): { scope: string; change: ValueChange }[] {
  const scopes = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return scopes.flatMap((scope) =>
    diffJson(before[scope] ?? {}, after[scope] ?? {}).map((change) => ({ scope, change })),
  );
}
