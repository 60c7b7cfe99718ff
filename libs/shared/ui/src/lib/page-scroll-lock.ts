/** How many open dialogs hold the page's scroll, and what the page had before the first of them took it. */
let holders = 0;
let before: { overflow: string; gutter: string } | null = null;

/**
 * Stops the page behind a modal dialog from scrolling (a wheel or a swipe over the dimmed page moved it) and returns
 * the release. The first holder saves the root's inline `overflow` and `scrollbar-gutter`; the last release puts them
 * back, so nested or consecutive dialogs never leave the page locked, and a release called twice counts once. The
 * scroll position is not saved: `overflow: hidden` keeps it, and where it moves while locked the browser moved it to
 * keep what the bettor sees in place (scroll anchoring, when a game above leaves the line); putting the old number back
 * would jump the page by what went away. A page that shows a scrollbar keeps its gutter while locked, so nothing moves sideways on a desktop; a
 * page without one (a phone's overlay scrollbars, a short page) gets no gutter, which would move it the other way.
 * Runs in the browser only (an effect), so the server-rendered page is the same with a dialog open.
 */
export function lockPageScroll(): () => void {
  const root = document.documentElement;
  if (holders === 0) {
    before = { overflow: root.style.overflow, gutter: root.style.scrollbarGutter };
    if (window.innerWidth > root.clientWidth) root.style.scrollbarGutter = 'stable';
    root.style.overflow = 'hidden';
  }
  holders += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0 || !before) return;
    root.style.overflow = before.overflow;
    root.style.scrollbarGutter = before.gutter;
    before = null;
  };
}
