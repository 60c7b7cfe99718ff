import { useEffect, useState } from 'react';

type Listener = () => void;

/**
 * Holds back store notifications of a part of the page that is off screen and releases one per listener when it
 * comes back (feature-live README, "Off-screen blocks hold their updates"). A row of the live list with 1,000 games spends most of its life off screen: its odds keep
 * changing in the store, but re-rendering it would cost the main thread and show nothing. While closed, a
 * notification is remembered instead of delivered; on open, every remembered listener runs once and React reads the
 * store's current snapshot, so nothing is lost and nothing is replayed.
 */
export class UpdateGate {
  private isOpen = true;
  private readonly held = new Set<Listener>();

  /** Whether notifications pass through now. */
  get open(): boolean {
    return this.isOpen;
  }

  /** Wraps a store subscription: `subscribe(wrapped)` delivers while open and holds while closed. */
  subscribe(subscribe: (listener: Listener) => () => void, listener: Listener): () => void {
    const wrapped = () => {
      if (this.isOpen) listener();
      else this.held.add(listener);
    };
    const stop = subscribe(wrapped);
    return () => {
      stop();
      this.held.delete(listener);
    };
  }

  /** Opens (delivering what was held) or closes the gate. */
  setOpen(open: boolean): void {
    if (open === this.isOpen) return;
    this.isOpen = open;
    if (!open || this.held.size === 0) return;
    const due = [...this.held];
    this.held.clear();
    for (const listener of due) listener();
  }
}

/** Margin around the viewport inside which a row counts as on screen, so rows are current before they scroll in. */
export const ON_SCREEN_MARGIN = '300px 0px';

const gates = new WeakMap<Element, UpdateGate>();
let observer: IntersectionObserver | undefined;

/** One observer for the whole page: a thousand rows cost one IntersectionObserver, not a thousand. */
function sharedObserver(): IntersectionObserver | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) gates.get(entry.target)?.setOpen(entry.isIntersecting);
    },
    { rootMargin: ON_SCREEN_MARGIN },
  );
  return observer;
}

const CV_EVENT = 'contentvisibilityautostatechange';

function onContentVisibility(this: Element, event: Event): void {
  gates.get(this)?.setOpen(!(event as Event & { skipped: boolean }).skipped);
}

/** Options of {@link useOnScreenGate}. */
export interface OnScreenGateOptions {
  /**
   * The element has `content-visibility: auto`: follow the browser's own skip decision
   * (`contentvisibilityautostatechange`), which costs nothing extra, instead of an IntersectionObserver, whose
   * intersection checks on a thousand rows cost more main-thread time than the updates they save.
   */
  contentVisibility?: boolean;
}

/**
 * A gate that is open while the element `target()` returns is on screen; always open where the browser can tell
 * neither (server rendering, unit tests) or when `target()` gives nothing at mount. Visibility changes never
 * re-render the caller: only held store notifications are delivered.
 */
export function useOnScreenGate(
  target: () => Element | null | undefined,
  options: OnScreenGateOptions = {},
): UpdateGate {
  const [gate] = useState(() => new UpdateGate());
  const contentVisibility = options.contentVisibility === true;
  // The target is read once, at mount: rows keep their element for their lifetime.
  const [read] = useState(() => target);
  useEffect(() => {
    const element = read();
    if (!element) return undefined;
    gates.set(element, gate);
    if (contentVisibility && typeof window !== 'undefined' && 'ContentVisibilityAutoStateChangeEvent' in window) {
      element.addEventListener(CV_EVENT, onContentVisibility);
      return () => {
        element.removeEventListener(CV_EVENT, onContentVisibility);
        gates.delete(element);
        gate.setOpen(true);
      };
    }
    const io = sharedObserver();
    if (!io) {
      gates.delete(element);
      return undefined;
    }
    io.observe(element);
    return () => {
      io.unobserve(element);
      gates.delete(element);
      gate.setOpen(true);
    };
  }, [read, gate, contentVisibility]);
  return gate;
}
