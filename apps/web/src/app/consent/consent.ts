import { CONSENT_COOKIE } from '@tessera/shared/contract-api';

/**
 * Cookie consent (spec: levels 0 disable, 1 only functionality, 2 only marketing, 3 all), kept in a first-party cookie
 * for `rememberDays`. Pure: the browser's cookie string goes in and out as text, so tests and the server can use it.
 */

/** A consent level of the spec. */
export type ConsentLevel = 0 | 1 | 2 | 3;

/** The cookie that remembers the visitor's choice (defined in the SSR contract: the API reads it for the first HTML). */
export { CONSENT_COOKIE };

/** What a level allows. */
export interface ConsentScope {
  /** Functional cookies: remembered settings. */
  functional: boolean;
  /** Marketing cookies: analytics and offers. */
  marketing: boolean;
}

/** The scope of a level: 1 functional, 2 marketing, 3 both, 0 neither. */
export function scopeOf(level: ConsentLevel): ConsentScope {
  return { functional: level === 1 || level === 3, marketing: level === 2 || level === 3 };
}

/** The level of a scope (the inverse of {@link scopeOf}). */
export function levelOf(scope: ConsentScope): ConsentLevel {
  return ((scope.functional ? 1 : 0) + (scope.marketing ? 2 : 0)) as ConsentLevel;
}

/** A remembered choice, or undefined when there is none or it is older than `rememberDays`. */
export function readConsent(
  cookie: string,
  rememberDays: number,
  nowSeconds: number,
): { level: ConsentLevel; at: number } | undefined {
  const raw = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  const match = raw ? /^([0-3])\.([0-9]{1,12})$/.exec(raw) : null;
  if (!match) return undefined;
  const at = Number(match[2]);
  if (nowSeconds - at > rememberDays * 86_400 || at > nowSeconds + 86_400) return undefined;
  return { level: Number(match[1]) as ConsentLevel, at };
}

/** The Set-Cookie text (for `document.cookie`) that remembers `level` for `rememberDays`. */
export function consentCookie(level: ConsentLevel, rememberDays: number, nowSeconds: number, secure: boolean): string {
  return `${CONSENT_COOKIE}=${level}.${nowSeconds}; Max-Age=${rememberDays * 86_400}; Path=/; SameSite=Lax${
    secure ? '; Secure' : ''
  }`;
}
