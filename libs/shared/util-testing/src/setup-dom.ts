import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
// eslint-disable-next-line no-restricted-imports -- the test setup, not library code: it resets the sheet the renders of render-with-providers.tsx fill
import { __PRIVATE__ } from 'styled-components';
import { afterAll, afterEach, vi } from 'vitest';

// findBy* and waitFor give a page up to 5 s to show what is asked for (Testing Library's default is 1 s): on a busy
// 2-core machine the first render of a feature with its providers alone can take longer, and a test must fail for
// what the page shows, not for how loaded the machine is. Nothing waits longer when the page is right.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// A file's last test may end while a lazy page it rendered is still loading. The worker fetches modules over a channel
// that closes when the file ends: a module whose import loses that race stays failed in the graph the worker's later
// files share (isolate: false), and every one of them that imports it fails. So a file ends once its imports are in.
afterAll(() => vi.dynamicImportSettled());

/** The page as the worker's jsdom began, taken by the first file that runs in it. */
interface FreshPage {
  href: string;
  htmlAttributes: Array<[string, string]>;
  /** The window's properties as jsdom gives them (accessors onto its window), which a test may have redefined. */
  windowProperties: Array<[string, PropertyDescriptor]>;
  /** The scroll position and viewport, which a test may have set. */
  view: Array<[ViewProperty, number]>;
}

const VIEW_PROPERTIES = [
  'scrollX',
  'scrollY',
  'pageXOffset',
  'pageYOffset',
  'innerWidth',
  'innerHeight',
  'outerWidth',
  'outerHeight',
  'devicePixelRatio',
] as const;
type ViewProperty = (typeof VIEW_PROPERTIES)[number];

const FRESH_PAGE = Symbol.for('tessera.setup-dom.fresh-page');

/**
 * The files of a dom worker share one jsdom and one module graph (`isolate: false`, tools/scripts/README.md, "Test
 * run"). This file runs before each of them, so each starts on the page a fresh jsdom would give it: what an earlier
 * file left in the document, the storages and the cookies is gone, its fake timers, stubbed globals and redefined window
 * properties are put back, and styled-components' sheet holds only the styles this file's components inject. What cannot be reset from here
 * is the test's own to take down: a React root it made without Testing Library (unmount it in afterEach) and module
 * state it changed (a sportsbook preference: reset it in afterEach).
 */
function startFromAFreshPage(): void {
  const scope = globalThis as typeof globalThis & { [FRESH_PAGE]?: FreshPage };
  const fresh = (scope[FRESH_PAGE] ??= {
    href: window.location.href,
    htmlAttributes: [...document.documentElement.attributes].map((a): [string, string] => [a.name, a.value]),
    windowProperties: Object.getOwnPropertyNames(window).flatMap((name): Array<[string, PropertyDescriptor]> => {
      const descriptor = Object.getOwnPropertyDescriptor(window, name);
      return descriptor?.get && descriptor.set && descriptor.configurable ? [[name, descriptor]] : [];
    }),
    view: VIEW_PROPERTIES.map((name): [ViewProperty, number] => [name, window[name]]),
  });

  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // A test that pinned a window property with Object.defineProperty (the scroll position, say) left it read-only.
  for (const [name, descriptor] of fresh.windowProperties) {
    const now = Object.getOwnPropertyDescriptor(window, name);
    if (now?.get !== descriptor.get || now?.set !== descriptor.set) Object.defineProperty(window, name, descriptor);
  }
  const view = window as unknown as Record<ViewProperty, number>;
  for (const [name, value] of fresh.view) if (view[name] !== value) view[name] = value;

  if (window.location.href !== fresh.href) window.history.replaceState(null, '', fresh.href);
  const html = document.documentElement;
  for (const { name } of [...html.attributes]) html.removeAttribute(name);
  for (const [name, value] of fresh.htmlAttributes) html.setAttribute(name, value);
  for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
  document.body.replaceChildren();
  for (const title of document.head.querySelectorAll('title')) title.remove();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }

  // What jest-styled-components does between tests: forget every injected rule, so a component's styles are written
  // again (into a new style element) when it next renders.
  for (const style of document.head.querySelectorAll('style[data-styled]')) style.remove();
  const sheet = __PRIVATE__.mainSheet;
  sheet.gs = {};
  sheet.names = new Map();
  sheet.clearTag();
}

startFromAFreshPage();
