import type { SiteConfig } from '@tessera/shared/util-config';
import {
  textDirection,
  type TextDirection,
  translateDynamic,
  translator,
  type Translate,
  type TranslationValues,
} from '@tessera/shared/util-i18n';
import type { I18n } from '@tessera/shared/util-i18n';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type BrandPayload, isFeatureOn } from './brand-payload';

/** What `useBrand()` gives: the brand, the request's country and language, and its resolved configuration. */
export interface BrandContextValue {
  /** Brand id. */
  id: string;
  /** Display name (`global.brandName`). */
  name: string;
  /** Visitor country. */
  country: string;
  /** Page language. */
  language: string;
  /** Text direction of the page language. */
  dir: TextDirection;
  /** Languages the brand offers, in its order. */
  languages: string[];
  /** The brand's default language (`global.mainLanguage.code`). */
  defaultLanguage: string;
  /** Resolved configuration. */
  config: SiteConfig;
  /** The whole payload, for code that hands it on (hydration). */
  payload: BrandPayload;
  /** The translations of this request or page. */
  i18n: I18n;
}

const BrandContext = createContext<BrandContextValue | null>(null);

/** Props of {@link BrandProvider}. */
export interface BrandProviderProps {
  /** The resolved brand sent by the server. */
  payload: BrandPayload;
  /** The instance made by `createI18n` for this request or page (the caller owns it, so tests can use the pseudo-language). */
  i18n: I18n;
  children?: ReactNode;
}

/** Provides the brand, its configuration and its translations to everything below. */
export function BrandProvider({ payload, i18n, children }: BrandProviderProps) {
  const value = useMemo<BrandContextValue>(
    () => ({
      id: payload.brandId,
      name: payload.config.global.brandName,
      country: payload.country,
      language: payload.language,
      dir: textDirection(payload.language),
      languages: payload.config.global.languages,
      defaultLanguage: payload.config.global.mainLanguage.code,
      config: payload.config,
      payload,
      i18n,
    }),
    [payload, i18n],
  );
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}

/** The current brand; throws the spec's 'config is absent' outside a BrandProvider. */
export function useBrand(): BrandContextValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('config is absent');
  return value;
}

/** The resolved site configuration of the current brand, country and language. */
export function useSiteConfig(): SiteConfig {
  return useBrand().config;
}

/** Whether a feature is on, by dotted path (`useFeature('coupon.sale')`); missing paths are off. */
export function useFeature(path: string): boolean {
  const { config } = useBrand();
  return isFeatureOn(config, path);
}

/** Translation helpers bound to the page language. */
export interface TranslationHelpers {
  /** Typed: only platform keys compile. */
  t: Translate;
  /** For keys that arrive as data (config `langKey`); falls back to the given text. */
  tDynamic: (key: string, fallback?: string, values?: TranslationValues) => string;
  /** The page language. */
  language: string;
}

/** Typed translation for components (`t('header:auth.login')`). */
export function useT(): TranslationHelpers {
  const { i18n, language } = useBrand();
  return useMemo(
    () => ({
      t: translator(i18n),
      tDynamic: (key, fallback, values) => translateDynamic(i18n, key, fallback, values),
      language,
    }),
    [i18n, language],
  );
}
