import type { NavItem } from '@tessera/shared/util-config';

/** A header navigation entry ready to render. */
export interface HeaderNavEntry extends NavItem {
  /** The item's key in `header.navItems`. */
  id: string;
}

/** The header's items split into those shown and those under "more" (spec section 9: at most 9 visible by default). */
export interface HeaderNav {
  visible: HeaderNavEntry[];
  more: HeaderNavEntry[];
}

/**
 * Orders the configured items, drops disabled ones and those that need a signed-in visitor when there is none,
 * and keeps at most `maxVisible` in the bar. Equal orders fall back to the id, so the server and the client agree.
 */
export function splitHeaderNav(items: Record<string, NavItem>, maxVisible: number, authorised: boolean): HeaderNav {
  const entries = Object.entries(items)
    .filter(([, item]) => item.enabled !== false && (authorised || !item.requiresAuth))
    .map(([id, item]) => ({ ...item, id }))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.id.localeCompare(b.id));
  const limit = Math.max(1, maxVisible);
  // A "more" menu holding a single item wastes the space it frees: show that item instead.
  if (entries.length === limit + 1) return { visible: entries, more: [] };
  return { visible: entries.slice(0, limit), more: entries.slice(limit) };
}
