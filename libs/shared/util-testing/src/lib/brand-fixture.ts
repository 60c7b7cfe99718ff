/* eslint-disable @nx/enforce-module-boundaries -- test-only helper composing every layer; see docs/adr/0236. */
import type { ThemePrimitives } from '@tessera/shared/util-config';
import { resolveSiteConfig } from '@tessera/shared/util-config';
import { platformDictionaries, type PlatformLanguage } from '@tessera/shared/util-i18n';
import type { BrandPayload } from '@tessera/shared/data-access-brand';

/** A light test theme with ordinary, readable primitives. */
export const TEST_THEME: ThemePrimitives = {
  mode: 'light',
  palette: {
    primary: '#0a5cff',
    secondary: '#e8eefc',
    accent: '#ffd400',
    background: '#f4f6fa',
    surface: '#ffffff',
    text: '#1a1f2b',
    success: '#1f9d55',
    warning: '#f59e0b',
    danger: '#dc2626',
  },
  fonts: { body: 'system-ui, sans-serif', heading: 'system-ui, sans-serif' },
  radii: { small: 4, medium: 8, large: 16 },
  logo: { src: 'assets/logo.svg', alt: 'Testbet', width: 120, height: 32 },
};

/** Options of {@link testBrandPayload}. */
export interface TestBrandOptions {
  brandId?: string;
  brandName?: string;
  language?: PlatformLanguage;
  languages?: string[];
  country?: string;
  /** A brand layer merged over the platform defaults exactly as the real resolver does. */
  config?: Record<string, unknown>;
  theme?: ThemePrimitives;
}

/**
 * A resolved brand payload for tests, built the way the server builds it (schema defaults, then the brand layer),
 * with the platform dictionary of the language. Brand JSON files are not read: tests state what they rely on.
 */
export function testBrandPayload(options: TestBrandOptions = {}): BrandPayload {
  const language = options.language ?? 'en';
  const languages = options.languages ?? ['en', 'ru', 'de', 'ar'];
  const brandLayer = {
    ...options.config,
    global: {
      brandName: options.brandName ?? 'Testbet',
      languages,
      mainLanguage: { id: 1, title: 'English', code: languages[0] ?? 'en', locale: 'en_GB' },
      ...(options.config?.['global'] as Record<string, unknown> | undefined),
    },
  };
  const { config } = resolveSiteConfig([
    { name: 'brand', file: 'test/brand.json', data: JSON.parse(JSON.stringify(brandLayer)) },
  ]);
  return {
    brandId: options.brandId ?? 'testbet',
    country: options.country ?? 'gb',
    language,
    config,
    theme: options.theme ?? TEST_THEME,
    dictionary: platformDictionaries[language],
  };
}
