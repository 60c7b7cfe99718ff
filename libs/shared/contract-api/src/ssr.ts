// The server-side rendering contract (docs/architecture.md): what the API hands the web app's `render()` and what it
// answers, and the brand payload the page embeds for hydration. One definition for both sides (ADR 0233).
import type { SiteConfig, ThemePrimitives } from '@tessera/shared/util-config';
import type { Dictionary } from '@tessera/shared/util-i18n';

/**
 * The resolved brand as the server sends it: the same object feeds the server render and, embedded in the page, the
 * client's hydration. Its configuration is the one the site receives (platform overrides applied, ADR 0231).
 */
export interface BrandPayload {
  /** Brand id, equal to its folder name under `brands/`. */
  brandId: string;
  /** The visitor's country (iso2), chosen by the server. */
  country: string;
  /** The page language, chosen by the server and equal to the URL's language segment. */
  language: string;
  /** The public resolved site configuration. */
  config: SiteConfig;
  /** The brand's theme primitives. */
  theme: ThemePrimitives;
  /** The resolved dictionary of the page language (platform copy plus brand overrides). */
  dictionary: Dictionary;
}

/** Client files the page loads, from the client build's manifest (the API reads it). */
export interface SsrAssets {
  scripts: string[];
  styles: string[];
}

/** Who is visiting, as the API's session says (the web app still checks the shape with parseSession). */
export type SsrSession = { status: 'guest' } | { status: 'authorised'; user: { id: string; displayName: string } };

/** The platform API in process: a fetch that answers GET calls as the HTTP API does, without a network hop. */
export type SsrFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The first-party cookie that remembers a visitor's cookie-consent choice: `<level>.<unix seconds of the choice>`. */
export const CONSENT_COOKIE = 'tessera_consent';

/** What the API passes to `render()` once it has chosen the brand, country and language. */
export interface SsrRequest {
  /** Path and query of the page request. */
  url: string;
  /** The resolved brand as JSON. */
  brand: BrandPayload;
  /** The visitor. */
  session: SsrSession;
  assets: SsrAssets;
  /** CSP nonce for the inline payload script, the entry scripts and the style elements. */
  nonce?: string;
  /**
   * The visitor's remembered cookie-consent choice, the raw value of {@link CONSENT_COOKIE}: the first HTML shows the
   * consent banner to a visitor without one, so it is not a late paint after hydration (ADR 0371).
   */
  consent?: string;
  /** The API's GET calls in process, for the data the first HTML must carry (the routes' server data, ADR 0131). */
  api?: { fetch: SsrFetch };
}

/** What `render()` answers. */
export interface SsrResult {
  status: number;
  html: string;
  /** Set for redirects (route access rules); `html` is then empty. */
  redirect?: string;
}

/** `render` of apps/web/src/entry-server.tsx, as the API calls it. */
export type RenderFunction = (request: SsrRequest) => Promise<SsrResult>;
