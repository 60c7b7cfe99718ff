import type { DehydratedState } from '@tanstack/react-query';
import type { Session } from '@tessera/account/data-access-session';
import type { BrandPayload } from '@tessera/shared/data-access-brand';
import type { SerialisedRouterState } from './hydration';

/** What the server embeds in the page as `window.__TESSERA__` for hydration (docs/architecture.md). */
export interface TesseraPayload {
  /** The resolved brand, exactly as the API passed it to render(). */
  brand: BrandPayload;
  session: Session;
  /** The year the footer printed, so hydration prints the same one. */
  year: number;
  /** The consent cookie the server rendered with, so hydration shows the banner as the first HTML did. */
  consent?: string;
  /** Loader data and route errors of the server render. */
  router: SerialisedRouterState;
  /** The query cache the server filled. */
  queries: DehydratedState;
}

declare global {
  interface Window {
    __TESSERA__?: TesseraPayload;
  }
}

/**
 * Serialises a value into an inline `<script>`: `<`, `>`, `&` and the JavaScript line separators are escaped, so
 * text such as `</script>` or `<!--` inside brand copy cannot end the script or inject markup.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
