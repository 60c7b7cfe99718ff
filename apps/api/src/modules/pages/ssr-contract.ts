// The server-side rendering contract of docs/architecture.md, as the API calls it.

/** Client files the page must load, from the client build's manifest. */
export interface SsrAssets {
  scripts: string[];
  styles: string[];
}

/** The resolved brand as JSON, exactly what the page embeds for hydration. */
export interface SsrBrand {
  brandId: string;
  country: string;
  language: string;
  config: object;
  theme: object;
  dictionary: Record<string, Record<string, string>>;
}

/** Who is visiting. */
export type SsrSession = { status: 'guest' } | { status: 'authorised'; user: { id: string; displayName: string } };

/** What `render()` receives. */
export interface SsrRequest {
  url: string;
  brand: SsrBrand;
  session: SsrSession;
  assets: SsrAssets;
  nonce?: string;
  /** The feed's GET calls in process, for the first HTML of the line and live pages (ADR 0131). */
  api?: { fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response> };
}

/** What `render()` answers. */
export interface SsrResult {
  status: number;
  html: string;
  redirect?: string;
}

/** `render` of apps/web/src/entry-server.tsx. */
export type RenderFunction = (request: SsrRequest) => Promise<SsrResult>;
