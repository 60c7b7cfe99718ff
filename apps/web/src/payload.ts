import type { DehydratedState } from '@tanstack/react-query';
import type { Session } from '@tessera/account/data-access-session';
import type { BrandRef } from '@tessera/shared/data-access-brand';
import type { SerialisedRouterState } from './hydration';

/** What the server embeds in the page for hydration, as JSON in `<script id="tessera-payload">` (docs/architecture.md). */
export interface TesseraPayload {
  /**
   * Which brand, country and language the page was rendered for. Its configuration, theme and dictionary are not
   * here: the document preloads the site configuration (`DocumentParts.fetches`) and the client entry reads them from
   * it (apps/web README, "The site configuration beside the document").
   */
  brand: BrandRef;
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

/** The id of the `<script type="application/json">` element that carries the payload. */
export const PAYLOAD_ELEMENT_ID = 'tessera-payload';

/** The page's payload, parsed from its data block; undefined when the page has none (not the app's page). */
export function readPayload(doc: Document): TesseraPayload | undefined {
  const text = doc.getElementById(PAYLOAD_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as TesseraPayload) : undefined;
}

/**
 * Serialises a value into an inline `<script>` (a JSON data block): `<`, `>`, `&` and the line separators are escaped
 * as JSON `\u` escapes, so text such as `</script>` or `<!--` inside brand copy cannot end the element or inject
 * markup, and JSON.parse reads them back.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
