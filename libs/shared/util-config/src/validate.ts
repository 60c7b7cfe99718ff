import { validateSiteConfigLayer, validateThemePrimitives } from './generated/layer.validators.js';
import { validateServerConfig } from './generated/resolved.validators.js';
import type { ServerConfig } from './generated/server-config.types';
import type { ThemePrimitives } from './generated/theme.types';
import siteConfigSchema from './generated/site-config.schema.bundle.json';
import themeSchema from './generated/theme.schema.bundle.json';
import { describeValue, issuesFromAjv, makeIssue, type ConfigIssue } from './config-issue';
import { formatPointer, parsePointer } from './json-pointer';
import { isJsonObject, withoutNulls } from './merge';
import type { ResolvedSiteConfig } from './resolve';
import { checkConfigRules } from './rules';

/**
 * Checks one layer file (brand.json, countries/<iso2>.json, languages/<lng>.json) against the schema.
 * A layer is partial: required settings are checked on the resolved configuration. Nulls (removals) are allowed.
 */
export function validateLayerData(data: unknown, file: string): ConfigIssue[] {
  if (!isJsonObject(data)) return [makeIssue(file, '', 'an object', describeValue(data))];
  const own = withoutNulls(data);
  if (validateSiteConfigLayer(own)) return [];
  return issuesFromAjv(validateSiteConfigLayer.errors, own, () => file, siteConfigSchema);
}

/** Checks a theme.json; returns the typed theme when it is valid. */
export function validateThemeData(data: unknown, file: string): { theme?: ThemePrimitives; issues: ConfigIssue[] } {
  if (validateThemePrimitives(data)) return { theme: data as ThemePrimitives, issues: [] };
  return { issues: issuesFromAjv(validateThemePrimitives.errors, data, () => file, themeSchema) };
}

/** Checks a server.json (server-only settings) and fills its defaults; a missing file is `{}`. */
export function validateServerConfigData(
  data: unknown,
  file: string,
): { config?: ServerConfig; issues: ConfigIssue[] } {
  if (!isJsonObject(data)) return { issues: [makeIssue(file, '', 'an object', describeValue(data))] };
  const copy = structuredClone(data);
  if (validateServerConfig(copy)) return { config: copy as unknown as ServerConfig, issues: [] };
  return { issues: issuesFromAjv(validateServerConfig.errors, copy, () => file) };
}

/**
 * The file responsible for a pointer of a resolved configuration: the layer that set it, or for a missing
 * value the layer that set its nearest parent (falling back to the lowest layer, the brand file).
 */
export function responsibleFile(resolved: ResolvedSiteConfig, pointer: string): string {
  const segments = parsePointer(pointer);
  for (let n = segments.length; n >= 0; n--) {
    const provenance = resolved.explain(formatPointer(segments.slice(0, n)));
    if (provenance && provenance.layer !== 'defaults') return provenance.file;
  }
  // A missing value is the brand's to add, not the jurisdiction profile's beneath it.
  const lowest = resolved.layers.find((l) => !l.name.startsWith('jurisdiction:')) ?? resolved.layers[0];
  return lowest?.file ?? 'schemas/site-config.schema.json';
}

/** Schema errors and rule violations of a resolved configuration, each blamed on the file that caused it. */
export function validateResolved(resolved: ResolvedSiteConfig): ConfigIssue[] {
  const fileFor = (pointer: string) => responsibleFile(resolved, pointer);
  const issues = issuesFromAjv(resolved.errors, resolved.config, fileFor, siteConfigSchema);
  for (const violation of checkConfigRules(resolved.config)) {
    issues.push(
      makeIssue(fileFor(violation.pointer), violation.pointer, violation.expected, describeValue(violation.found)),
    );
  }
  return issues;
}
