export { BrandProvider, useBrand, useFeature, useSiteConfig, useT } from './lib/brand-context';
export type { BrandContextValue, BrandProviderProps, TranslationHelpers } from './lib/brand-context';
export { configValue, isFeatureOn } from './lib/brand-payload';
export { LIVE_CONFIG_INTERVAL_MS, liveConfigUrl, useLiveBrandPayload } from './lib/live-site-config';
export type { LiveConfigOptions } from './lib/live-site-config';
export { BrandPayloadMismatch, brandPayloadFrom, fetchBrandPayload } from './lib/fetch-brand-payload';
export type { BrandRef, FetchBrandPayloadOptions } from './lib/fetch-brand-payload';
export type { BrandPayload } from './lib/brand-payload';
export { useNavigateSkipCurrent } from './lib/use-navigate-skip-current';
// Re-exported so callers reach the language-prefix helpers through the brand door, as the architecture names them.
export { isSameAddress, switchLanguage, withLanguage } from '@tessera/shared/util-i18n';
export { STORAGE_PREFIX, readStoredValue, removeStoredValue, writeStoredValue } from './lib/stored-value';
export type { KeyValueStorage, StoredValue } from './lib/stored-value';
export { useStoredPreference } from './lib/use-stored-preference';
export { useSiteFormat } from './lib/use-site-format';
