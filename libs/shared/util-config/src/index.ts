/** Types of the resolved site configuration, generated from schemas/ (SiteConfig and its sections). */
export type * from './generated/site-config.types';
/** Types of a brand theme (brands/<id>/theme.json), generated from schemas/theme.schema.json. */
export type { ThemePrimitives, ThemePalette, ThemeFonts, ThemeRadii, ThemeLogo, Colour } from './generated/theme.types';
/** Types of the server-only brand settings (brands/<id>/server.json). */
export type { ServerConfig } from './generated/server-config.types';
/** Types of a jurisdiction profile (jurisdictions/<id>.json), generated from schemas/jurisdiction.schema.json. */
export type {
  JurisdictionProfile,
  JurisdictionRule,
  JurisdictionFloor,
  JurisdictionPending,
  JurisdictionRuleSource,
} from './generated/jurisdiction.types';

export { type ConfigIssue, issueMessage, makeIssue, describeValue, issuesFromAjv, formatIssues } from './config-issue';
export { parseJsonText, lineAndColumn, type ParsedJson } from './json-file';
export { parsePointer, formatPointer, toPointer, getAtPointer } from './json-pointer';
export { mergeInto, cloneJson, deepFreeze, withoutNulls, isJsonObject, type JsonObject } from './merge';
export {
  resolveSiteConfig,
  platformDefaults,
  defaultsFileFor,
  type ConfigLayer,
  type LayerName,
  type LayerRule,
  type Provenance,
  type ResolvedSiteConfig,
} from './resolve';
export { checkConfigRules, type RuleViolation } from './rules';
export {
  validateLayerData,
  validateThemeData,
  validateServerConfigData,
  validateResolved,
  responsibleFile,
} from './validate';
export { SHIPPED_JURISDICTION_FILES } from './jurisdiction-profiles';
export {
  NO_JURISDICTION,
  checkJurisdictionProfile,
  jurisdictionLayer,
  jurisdictionNamedBy,
  floorViolations,
  validateJurisdictionFloors,
  meetsFloor,
  floorExpectation,
  sourceText,
  type LoadedJurisdiction,
  type FloorViolation,
} from './jurisdiction-floors';
/** The site configuration's JSON Schema as one document ($defs): what the console's forms are built from (ADR 0310). */
export { default as siteConfigSchemaBundle } from './generated/site-config.schema.bundle.json';
