import type { TextDirection } from '@tessera/shared/util-i18n';
import { PAYLOAD_ELEMENT_ID, serializeForScript } from './payload';

/** Escapes text for element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The parts of a server-rendered page. */
export interface DocumentParts {
  lang: string;
  dir: TextDirection;
  title: string;
  /** `<meta name="theme-color">`: the header colour, for the mobile browser bar. */
  themeColour: string;
  faviconUrl: string;
  /** Stylesheets of the client build. */
  styles: string[];
  /** styled-components' collected `<style>` tags: the brand's theme in the first response. */
  styleTags: string;
  /** Entry scripts of the client build. */
  scripts: string[];
  /** The rendered app. */
  appHtml: string;
  /** Embedded as a JSON data block (`PAYLOAD_ELEMENT_ID`), read by the client entry. */
  payload: unknown;
  /**
   * Same-origin JSON the client entry fetches before it hydrates (the site configuration): preloaded from the end of
   * the body, so the fetch starts while the scripts load but does not share the link with the document's own bytes,
   * which the first paint waits for.
   */
  fetches?: string[];
  nonce?: string;
}

/**
 * The module that starts the client entry once the server's HTML is painted. A module script the parser meets runs
 * as soon as the document is parsed; when its bytes were already in (they are preloaded from the head), the whole
 * entry's evaluation (React, the router, the app's first modules) ran before the first frame and the page's first
 * paint waited for it. A frame callback runs just before the browser paints, a timer set there after it; the import
 * then takes the preloaded module from the cache. A tab in the background gets no frames, so there it starts at once.
 */
function startAfterFirstPaint(scripts: readonly string[]): string {
  const imports = scripts.map((src) => `import(${serializeForScript(src)})`).join(',');
  return `const go=()=>Promise.all([${imports}]);document.visibilityState==='hidden'?go():requestAnimationFrame(()=>setTimeout(go,0));`;
}

/** The whole HTML document around the rendered app. */
export function renderDocument(parts: DocumentParts): string {
  const nonce = parts.nonce ? ` nonce="${escapeHtml(parts.nonce)}"` : '';
  const styles = parts.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const preloads = parts.scripts.map((src) => `<link rel="modulepreload" href="${escapeHtml(src)}">`).join('');
  const scripts = parts.scripts.length
    ? `<script type="module"${nonce}>${startAfterFirstPaint(parts.scripts)}</script>`
    : '';
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(parts.lang)}" dir="${parts.dir}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    `<meta name="theme-color" content="${escapeHtml(parts.themeColour)}">`,
    `<link rel="icon" type="image/svg+xml" href="${escapeHtml(parts.faviconUrl)}">`,
    // styled-components reads the nonce for the style elements it adds in the browser from this element.
    parts.nonce ? `<meta property="csp-nonce"${nonce}>` : '',
    preloads,
    styles,
    parts.styleTags,
    '</head>',
    '<body>',
    `<div id="root">${parts.appHtml}</div>`,
    // `crossorigin` gives the preload the credentials and mode of the entry's `fetch(url, { credentials:
    // 'same-origin' })`, so the browser hands that call the preloaded answer.
    (parts.fetches ?? [])
      .map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin>`)
      .join(''),
    // A data block, not a script: the parser does not stop to run it before the first paint (a 130 KB object
    // literal took 28 ms of a 4× slowed phone's main thread there), and JSON.parse reads it faster than JavaScript.
    `<script type="application/json" id="${PAYLOAD_ELEMENT_ID}">${serializeForScript(parts.payload)}</script>`,
    scripts,
    '</body>',
    '</html>',
  ].join('');
}
