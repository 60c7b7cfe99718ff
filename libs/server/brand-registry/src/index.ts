export {
  loadBrandRegistry,
  createBrandRegistry,
  normaliseHost,
  registryReport,
  consoleScopeKey,
  consoleLayersFor,
  consoleLayerFile,
} from './registry';
export { loadBrand, type LoadedBrand, type LoadContext } from './load-brand';
export {
  jurisdictionProfilesFrom,
  loadJurisdictionProfiles,
  shippedJurisdictionProfiles,
  type JurisdictionProfiles,
} from './jurisdictions';
export { loadPlatformDictionaries, flattenMessages, type PlatformDictionaries } from './platform-dictionaries';
export type {
  BrandRegistry,
  BrandSummary,
  BrandFileLayers,
  ConsoleLayerState,
  RefusedBrand,
  ResolvedBrand,
  Dictionary,
  LoadBrandRegistryOptions,
} from './types';
/** Re-exported so callers of the registry need one import for issues and provenance. */
export type { ConfigIssue, Provenance } from '@tessera/shared/util-config';
export { brandScaffold, brandIdProblem, BRAND_ID_PATTERN, type BrandScaffoldOptions } from './brand-scaffold';
export {
  CAPTCHA_FALLBACK_TYPE,
  SITEVERIFY_CAPTCHA_TYPES,
  captchaFallbackReason,
  captchaOverrides,
  configuredCaptchaSecrets,
  needsCaptchaFallback,
} from './captcha-overrides';
export {
  platformOverrides,
  brandPlatformOverrides,
  configuredSocialProviders,
  configuredMessageChannels,
  NO_SMS_GATEWAY_REASON,
  NO_EMAIL_GATEWAY_REASON,
  platformServicesFor,
  platformServicesFromEnv,
  serverModeFrom,
  paymentProviderFrom,
  applyOverrides,
  overrideAt,
  overridesUnder,
  explainSetting,
  type PlatformOverride,
  type PlatformServices,
  type ServerMode,
  type PaymentProviderChoice,
  type ExplainedSetting,
  type ConsoleChange,
  type JurisdictionBound,
  type BrandLayers,
} from './platform-overrides';
export { runningServerServices, type RunningServer } from './running-services';
