import type { RouteAccess } from '@tessera/account/data-access-session';
import type { TranslationKey } from '@tessera/shared/util-i18n';
import type { ServerDataDeclaration } from './server-data';

/** Metadata every route may carry (read by the shell and the server render through `useMatches()`). */
export interface RouteHandle {
  /** Page title key; the brand name is appended. */
  titleKey?: TranslationKey;
  /** Access metadata of spec section 2: requires-guest, requires-authorised, allowed-languages. */
  access?: RouteAccess;
  /** The data the route's first HTML carries, loaded with its page's chunk (ADR 0234); the server render runs it. */
  serverData?: ServerDataDeclaration;
  /**
   * The page names itself from its data (a game page: its match): the shell leaves the document title to the page, and
   * the server render takes it from the server data's `title`, `titleKey` being the fallback.
   */
  ownTitle?: boolean;
}

/** The title key of the deepest matched route that has one, from its handle or (pages named by a parameter) its loader data. */
export function titleKeyOf(
  matches: readonly { handle?: unknown; data?: unknown; loaderData?: unknown }[],
): TranslationKey | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const handle = match?.handle as RouteHandle | undefined;
    if (handle?.titleKey) return handle.titleKey;
    const loaded = (match?.data ?? match?.loaderData) as { titleKey?: TranslationKey } | null | undefined;
    if (loaded?.titleKey) return loaded.titleKey;
  }
  return undefined;
}

/** True when the deepest route with a handle names the page itself (`ownTitle`). */
export function ownsTitle(matches: readonly { handle?: unknown }[]): boolean {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle) return handle.ownTitle === true;
  }
  return false;
}
