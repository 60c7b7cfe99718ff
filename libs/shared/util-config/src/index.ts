/** Types of the resolved site configuration, generated from schemas/ (SiteConfig and its sections). */
export type * from './generated/site-config.types';
/** Types of a brand theme (brands/<id>/theme.json), generated from schemas/theme.schema.json. */
export type { ThemePrimitives, ThemePalette, ThemeFonts, ThemeRadii, ThemeLogo, Colour } from './generated/theme.types';
/** Types of the server-only brand settings (brands/<id>/server.json). */
export type { ServerConfig } from './generated/server-config.types';

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
