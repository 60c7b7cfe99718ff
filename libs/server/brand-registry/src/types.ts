import type { ConfigIssue, Provenance, ServerConfig, SiteConfig, ThemePrimitives } from '@tessera/shared/util-config';

/** What the platform needs to route to a valid brand without resolving it. */
export interface BrandSummary {
  id: string;
  name: string;
  /** Host names without port, lower case. */
  domains: string[];
  defaultLanguage: string;
  languages: string[];
  defaultCountry: string;
  countries: string[];
  /** The brand's languages that are written right to left. */
  rtlLanguages: string[];
}

/** A brand that failed to load, with every problem found. */
export interface RefusedBrand {
  id: string;
  errors: ConfigIssue[];
}

/** Translations: namespace -> key -> text. */
export type Dictionary = Record<string, Record<string, string>>;

/** A brand's configuration resolved for a country and a language. */
export interface ResolvedBrand {
  brandId: string;
  /** The country whose override applied (or the requested one when the brand has no override for it). */
  country: string;
  /** The language used: the requested one, or the brand's default when the brand does not offer it. */
  language: string;
  /** The public configuration: safe to send to the browser. */
  config: SiteConfig;
  theme: ThemePrimitives;
  dictionary: Dictionary;
  /** Which layer and file set the value at a JSON pointer (or dotted path). */
  explain(pointer: string): Provenance | undefined;
}

/** The loaded brands. */
export interface BrandRegistry {
  /** The valid brands, sorted by id. */
  brands(): BrandSummary[];
  /** Brands refused at load, with their issues. */
  refused(): RefusedBrand[];
  get(id: string): BrandSummary | undefined;
  /** The brand serving a host (port and case ignored). */
  brandForHost(host: string): BrandSummary | undefined;
  /** Resolved configuration; cached per (brand, country, language). Throws for an unknown brand. */
  resolve(id: string, country: string, lng: string): ResolvedBrand;
  /** Server-only settings of a brand (never send these to the browser). */
  serverConfig(id: string): ServerConfig | undefined;
  /** Absolute folder of a valid brand (for its assets). */
  brandDir(id: string): string | undefined;
}

/** Options of loadBrandRegistry. */
export interface LoadBrandRegistryOptions {
  /** Folder holding one sub-folder per brand. */
  brandsDir: string;
  /** Platform dictionaries (<lng>/<namespace>.json); default libs/shared/util-i18n/src/locales beside brandsDir. */
  platformLocalesDir?: string;
  /** File names in issues are relative to this folder (default: the current directory). */
  displayRoot?: string;
  /** Most cached resolutions kept before the cache is cleared (default 10000). */
  cacheLimit?: number;
}
