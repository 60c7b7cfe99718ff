import fs from 'node:fs';
import path from 'node:path';

/** Operator hosts when BACKOFFICE_HOSTS is unset: the server itself. */
export const DEFAULT_OPERATOR_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/** The operator hosts of BACKOFFICE_HOSTS (comma-separated host names, case and ports ignored), else the defaults. */
export function operatorHosts(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase().replace(/:\d+$/, ''))
    .filter(Boolean);
  return hosts.length > 0 ? hosts : [...DEFAULT_OPERATOR_HOSTS];
}

/**
 * Whether a request's host (port and case ignored) is an operator host. A brand's host never is, even when listed:
 * the console and its API are never served where players are.
 */
export function isOperatorHost(
  host: string,
  hosts: readonly string[],
  brandForHost: (host: string) => unknown,
): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\](:\d+)?$/, '$1')
    .replace(/:\d+$/, '');
  return hosts.includes(name) && brandForHost(name) === undefined;
}

/**
 * The console's Content-Security-Policy: its own scripts and styles (and styled-components' style elements, which
 * carry the page's nonce), its own API, nothing framed, nothing framing it.
 */
export function consolePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The page shell of the console's build (dist/apps/backoffice/index.html), which every console address answers; its
 * other files are served as the site's client build is. Undefined when the console has not been built.
 */
export function readConsoleShell(dir: string): string | undefined {
  const index = path.join(dir, 'index.html');
  return fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : undefined;
}

/**
 * The page shell with this answer's nonce: on its scripts and on the `csp-nonce` meta element styled-components
 * reads (as the site's pages carry it).
 */
export function consolePage(indexHtml: string, nonce: string): string {
  return indexHtml
    .replace(/<head>/i, `<head><meta property="csp-nonce" nonce="${nonce}">`)
    .replace(/<script(?![^>]*\snonce=)/gi, `<script nonce="${nonce}"`);
}
