/**
 * Prefixes an in-site path with the language segment (spec section 2), unless it already starts with that language.
 * Absolute URLs, protocol-relative URLs, `mailto:`/`tel:` links and pure hash or query links are returned unchanged.
 */
export function withLanguage(path: string, lng: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//') || path.startsWith('#') || path.startsWith('?')) {
    return path;
  }
  const normalised = path.startsWith('/') ? path : `/${path}`;
  const prefix = `/${lng}`;
  if (hasLanguagePrefix(normalised, lng)) {
    return normalised;
  }
  return normalised === '/' ? `${prefix}/` : `${prefix}${normalised}`;
}

/** Replaces the language segment of a site path (for the language switcher); adds one when the path has none. */
export function switchLanguage(path: string, from: string, to: string): string {
  if (hasLanguagePrefix(path, from)) {
    return `/${to}${path.slice(from.length + 1)}`;
  }
  return withLanguage(path, to);
}

/** Compares two in-site addresses the way the address bar shows them (path, query and hash), ignoring a trailing slash. */
export function isSameAddress(a: string, b: string): boolean {
  return normaliseAddress(a) === normaliseAddress(b);
}

function normaliseAddress(address: string): string {
  const url = new URL(address, 'http://tessera.invalid');
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${pathname}${url.search}${url.hash}`;
}

/** True when the path's first segment is exactly the language (`/en`, `/en/...`, `/en?...`), not `/english`. */
export function hasLanguagePrefix(path: string, lng: string): boolean {
  const prefix = `/${lng}`;
  return path === prefix || (path.startsWith(prefix) && /^[/?#]/.test(path.slice(prefix.length)));
}
