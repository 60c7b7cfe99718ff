import type {
  ConfigIssue,
  ConfigLayer,
  JsonObject,
  LoadedJurisdiction,
  ServerConfig,
  SiteConfig,
  ThemePrimitives,
} from '@tessera/shared/util-config';
import type { ConsoleChange, ExplainedSetting, PlatformOverride, PlatformServices } from './platform-overrides';

/**
 * A brand's published console layer (ADR 0310): per scope `<country|*>/<language|*>`, a partial site configuration
 * over the brand's files, and the change that published it.
 */
export interface ConsoleLayerState {
  layers: Readonly<Record<string, JsonObject>>;
  change: ConsoleChange;
}

/** The brand's files for one (country, language), before the console and the platform: what the console checks a change on. */
export interface BrandFileLayers {
  brandId: string;
  country: string;
  language: string;
  /** Lowest first: the jurisdiction's floors (when the country names one), brand, country, language. */
  layers: ConfigLayer[];
  /** The jurisdiction the country file names, whose floors the result must meet (ADR 0260). */
  jurisdiction: LoadedJurisdiction | undefined;
}

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

/**
 * A brand's configuration resolved for a country and a language, as this server honours it: the brand's layers with
 * the platform's overrides applied (ADR 0140, ADR 0231). The one type of a resolution, for the API, the pages and the CLI.
 */
export interface ResolvedBrand {
  brandId: string;
  /** The country whose override applied (or the requested one when the brand has no override for it). */
  country: string;
  /** The language used: the requested one, or the brand's default when the brand does not offer it. */
  language: string;
  /** The public configuration the site receives, platform overrides applied: safe to send to the browser. */
  config: SiteConfig;
  /** What the platform forces on this server and why; empty for a registry without services. */
  overrides: readonly PlatformOverride[];
  theme: ThemePrimitives;
  dictionary: Dictionary;
  /**
   * Which layer and file set the value at a JSON pointer (or dotted path) as the site receives it: layer `platform`,
   * with the reason, where an override decides it; `provenance` says what the brand files alone say.
   */
  explain(pointer: string): ExplainedSetting | undefined;
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
  /**
   * The same brands on a server with these services: its resolutions carry the platform's overrides (ADR 0231). A
   * function is read at each resolution (a server learns its services while it starts); the cache follows its answer.
   */
  withServices(services: PlatformServices | (() => PlatformServices)): BrandRegistry;
  /** Server-only settings of a brand (never send these to the browser). */
  serverConfig(id: string): ServerConfig | undefined;
  /** Absolute folder of a valid brand (for its assets). */
  brandDir(id: string): string | undefined;
  /**
   * Puts a brand's published console layer over its files (undefined: the files alone), for this registry and every
   * view of it; resolutions made before are dropped (ADR 0310).
   */
  setConsoleLayer(id: string, state: ConsoleLayerState | undefined): void;
  /** The console layer now served for a brand. */
  consoleLayer(id: string): ConsoleLayerState | undefined;
  /** The brand's file layers for a country and language (the brand's defaults for unknown ones). Throws for an unknown brand. */
  fileLayers(id: string, country: string, lng: string): BrandFileLayers;
}

/** Options of loadBrandRegistry. */
export interface LoadBrandRegistryOptions {
  /** Folder holding one sub-folder per brand. */
  brandsDir: string;
  /** A folder of platform dictionaries (<lng>/<namespace>.json) to use instead of util-i18n's (tests' fixtures). */
  platformLocalesDir?: string;
  /** A folder of jurisdiction profiles (<id>.json) to use instead of the shipped jurisdictions/ (tests' fixtures). */
  jurisdictionsDir?: string;
  /** File names in issues are relative to this folder (default: the current directory). */
  displayRoot?: string;
  /** Most cached resolutions kept before the cache is cleared (default 10000). */
  cacheLimit?: number;
  /** The services of the server the resolutions are for (default: every service, so nothing is overridden). */
  services?: PlatformServices;
}
