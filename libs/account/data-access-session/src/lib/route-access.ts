import { hasLanguagePrefix, switchLanguage, withLanguage } from '@tessera/shared/util-i18n';
import { isAuthorised, type Session } from './session';

/** Route access metadata (spec section 2, "Other screen parts"). */
export interface RouteAccess {
  /** Only guests: an authorised visitor is sent home. */
  requiresGuest?: boolean;
  /** Only authorised visitors: a guest is sent to the login page with a return address. */
  requiresAuthorised?: boolean;
  /** Only these languages: another language is sent to the brand's default language. */
  allowedLanguages?: readonly string[];
}

/** What to do with a request for a route. */
export type AccessDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string; reason: 'language' | 'guest-only' | 'authorised-only' };

/** Everything the decision depends on. */
export interface AccessRequest {
  access: RouteAccess;
  session: Session;
  /** The page language (URL segment). */
  language: string;
  /** The brand's default language. */
  defaultLanguage: string;
  /** The requested address (path, query and hash), used for the return address and the language switch. */
  address: string;
  /** Login page path without language (default `/login`). */
  loginPath?: string;
  /** Home path without language (default `/`). */
  homePath?: string;
}

/** Query parameter that carries the address to come back to after login. */
export const RETURN_TO_PARAM = 'returnTo';

/**
 * Decides access for route metadata. Language is checked first, so a guest on a wrong-language office page first
 * moves to the right language and then meets the login redirect with a return address in that language.
 */
export function checkRouteAccess(request: AccessRequest): AccessDecision {
  const { access, session, language, defaultLanguage, address } = request;
  if (access.allowedLanguages && !access.allowedLanguages.includes(language) && language !== defaultLanguage) {
    return { kind: 'redirect', to: switchLanguage(address, language, defaultLanguage), reason: 'language' };
  }
  if (access.requiresGuest && isAuthorised(session)) {
    return { kind: 'redirect', to: withLanguage(request.homePath ?? '/', language), reason: 'guest-only' };
  }
  if (access.requiresAuthorised && !isAuthorised(session)) {
    const login = withLanguage(request.loginPath ?? '/login', language);
    return {
      kind: 'redirect',
      to: `${login}?${RETURN_TO_PARAM}=${encodeURIComponent(address)}`,
      reason: 'authorised-only',
    };
  }
  return { kind: 'allow' };
}

/**
 * A return address that is safe to follow after login: an in-site path in the page language. Anything else
 * (another origin, `//host`, `javascript:`) becomes the home page, so the login page cannot be an open redirect.
 */
export function safeReturnAddress(value: string | null | undefined, language: string): string {
  const home = withLanguage('/', language);
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return home;
  return hasLanguagePrefix(value, language) ? value : home;
}
