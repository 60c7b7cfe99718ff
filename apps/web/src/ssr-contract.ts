import type { BrandPayload } from '@tessera/shared/data-access-brand';

/** Client files the page loads, from the client build's manifest (the API reads it). */
export interface SsrAssets {
  scripts: string[];
  styles: string[];
}

/** What the API passes to `render()` once it has chosen the brand, country and language (docs/architecture.md). */
export interface SsrRequest {
  /** Path and query of the page request. */
  url: string;
  /** The resolved brand as JSON. */
  brand: BrandPayload;
  /** The visitor; untrusted shape, checked with parseSession. */
  session: unknown;
  assets: SsrAssets;
  /** CSP nonce for the inline payload script and the entry scripts. */
  nonce?: string;
  /**
   * The platform API in process, for data the first HTML must carry (the line and live pages' feed): a fetch that
   * answers the feed's GET calls as the HTTP API does, for this visitor's site, without a network hop (ADR 0131).
   */
  api?: { fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response> };
}

/** What `render()` answers. */
export interface SsrResult {
  status: number;
  html: string;
  /** Set for redirects (route access rules); `html` is then empty. */
  redirect?: string;
}
