import {
  readStoredValue,
  removeStoredValue,
  writeStoredValue,
  type KeyValueStorage,
} from '@tessera/shared/data-access-brand';
import { COEFFICIENT_FORMATS, type CoefficientFormat } from '@tessera/shared/util-format';
import { useCallback, useSyncExternalStore } from 'react';

const DAY_MS = 86_400_000;
/** Most entries kept in the search history. */
export const SEARCH_HISTORY_MAX = 10;

/** A value kept in local storage (spec sections 3-4: value + expireDate, removed on read when expired), shared by every view. */
export interface Preference<T> {
  readonly key: string;
  get(): T;
  set(value: T): void;
  reset(): void;
  subscribe(listener: () => void): () => void;
  readonly defaultValue: T;
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Creates a preference. The first read happens lazily in the browser; the server and the hydrating render see the
 * default (see {@link usePreference}), so a stored value never causes a hydration mismatch.
 */
export function createPreference<T>(
  key: string,
  defaultValue: T,
  options: {
    ttlMs?: number;
    storage?: () => KeyValueStorage | undefined;
    validate?: (value: unknown) => value is T;
  } = {},
): Preference<T> {
  const storage = options.storage ?? browserStorage;
  const listeners = new Set<() => void>();
  let loaded = false;
  let current = defaultValue;
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    key,
    defaultValue,
    get() {
      if (!loaded) {
        loaded = true;
        const s = storage();
        const stored = s ? readStoredValue<unknown>(s, key) : undefined;
        if (stored !== undefined && (!options.validate || options.validate(stored))) current = stored as T;
      }
      return current;
    },
    set(value) {
      loaded = true;
      current = value;
      const s = storage();
      if (s) writeStoredValue(s, key, value, options.ttlMs);
      emit();
    },
    reset() {
      loaded = true;
      current = defaultValue;
      const s = storage();
      if (s) removeStoredValue(s, key);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a preference in a component; the server snapshot is the default, so hydration always matches. */
export function usePreference<T>(preference: Preference<T>): [T, (value: T) => void] {
  const value = useSyncExternalStore(preference.subscribe, preference.get, () => preference.defaultValue);
  const set = useCallback((next: T) => preference.set(next), [preference]);
  return [value, set];
}

const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isSafeInteger(x));
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The player's odds format; null until chosen, when the brand's default applies. */
export const coefficientFormatPreference = createPreference<CoefficientFormat | null>('coefficientFormat', null, {
  validate: (v): v is CoefficientFormat =>
    typeof v === 'string' && (COEFFICIENT_FORMATS as readonly string[]).includes(v),
});
/** Favourite game ids, kept a year. */
export const favoriteGamesPreference = createPreference<number[]>('favoriteGames', [], {
  ttlMs: 365 * DAY_MS,
  validate: isIdList,
});
/** Favourite championship ids, kept a year. */
export const favoriteChampsPreference = createPreference<number[]>('favoriteChamps', [], {
  ttlMs: 365 * DAY_MS,
  validate: isIdList,
});
/** Recent search texts, newest first. */
export const searchHistoryPreference = createPreference<string[]>('searchHistory', [], {
  ttlMs: 90 * DAY_MS,
  validate: isStringList,
});
/** Market groups the player collapsed (spec: gameCollapsedMarketGroups). */
export const collapsedMarketGroupsPreference = createPreference<string[]>('gameCollapsedMarketGroups', [], {
  ttlMs: 30 * DAY_MS,
  validate: isStringList,
});
/** Market groups the player opened while all are collapsed (spec: gameExpandedMarketGroups). */
export const expandedMarketGroupsPreference = createPreference<string[]>('gameExpandedMarketGroups', [], {
  ttlMs: 30 * DAY_MS,
  validate: isStringList,
});
/** Whether the player collapsed every group (spec: gameAreAllMarketGroupsCollapsed). */
export const allMarketGroupsCollapsedPreference = createPreference<boolean>('gameAreAllMarketGroupsCollapsed', false, {
  ttlMs: 30 * DAY_MS,
  validate: (v): v is boolean => typeof v === 'boolean',
});

/** Adds or removes an id (pure; favourites toggle with it). */
export function toggleId(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/** Puts a search text first in the history, without duplicates (case-insensitive), at most {@link SEARCH_HISTORY_MAX}. */
export function pushSearchHistory(history: readonly string[], text: string): string[] {
  const t = text.trim();
  if (t === '') return [...history];
  return [t, ...history.filter((h) => h.toLowerCase() !== t.toLowerCase())].slice(0, SEARCH_HISTORY_MAX);
}

/** Whether a market group is collapsed under the three stored values. */
export function isGroupCollapsed(
  groupId: string,
  state: { collapsed: readonly string[]; expanded: readonly string[]; allCollapsed: boolean },
): boolean {
  return state.allCollapsed ? !state.expanded.includes(groupId) : state.collapsed.includes(groupId);
}

/** Collapsed state of market groups, remembered in storage; toggles one group or all of them. */
export function useMarketGroupsCollapse(): {
  isCollapsed: (groupId: string) => boolean;
  toggle: (groupId: string) => void;
  allCollapsed: boolean;
  setAllCollapsed: (collapsed: boolean) => void;
} {
  const [collapsed, setCollapsed] = usePreference(collapsedMarketGroupsPreference);
  const [expanded, setExpanded] = usePreference(expandedMarketGroupsPreference);
  const [allCollapsed, setAll] = usePreference(allMarketGroupsCollapsedPreference);
  const isCollapsed = useCallback(
    (id: string) => isGroupCollapsed(id, { collapsed, expanded, allCollapsed }),
    [collapsed, expanded, allCollapsed],
  );
  const toggle = useCallback(
    (id: string) => {
      if (allCollapsed) setExpanded(expanded.includes(id) ? expanded.filter((x) => x !== id) : [...expanded, id]);
      else setCollapsed(collapsed.includes(id) ? collapsed.filter((x) => x !== id) : [...collapsed, id]);
    },
    [allCollapsed, collapsed, expanded, setCollapsed, setExpanded],
  );
  const setAllCollapsed = useCallback(
    (on: boolean) => {
      setAll(on);
      setExpanded([]);
      setCollapsed([]);
    },
    [setAll, setCollapsed, setExpanded],
  );
  return { isCollapsed, toggle, allCollapsed, setAllCollapsed };
}

/** Betting views (config `betting.views`: 0 European, 1 Asian). */
export type BettingView = 'european' | 'asian';

/** The player's betting view; null until chosen, when the brand's default applies. */
export const bettingViewPreference = createPreference<BettingView | null>('bettingView', null, {
  validate: (v): v is BettingView => v === 'european' || v === 'asian',
});

/** Views a visitor may choose: Asian only where `views` has it and the country is in `asianViewCountries` (empty = all). */
export function allowedBettingViews(
  betting: { views?: number[]; asianViewCountries?: string[] },
  country: string,
): BettingView[] {
  const ids = betting.views ?? [0];
  const asianHere =
    (betting.asianViewCountries ?? []).length === 0 ||
    (betting.asianViewCountries ?? []).includes(country.toLowerCase());
  const views: BettingView[] = [];
  if (ids.includes(0)) views.push('european');
  if (ids.includes(1) && asianHere) views.push('asian');
  return views.length > 0 ? views : ['european'];
}

/** Market groups in the order a view shows them: the Asian view leads with handicaps and totals. */
export function orderMarketGroups<G extends { id: string }>(groups: readonly G[], view: BettingView): G[] {
  if (view !== 'asian') return [...groups];
  const rank = (id: string) => (id === 'handicaps' ? 0 : id === 'totals' ? 1 : 2);
  return [...groups].sort((a, b) => rank(a.id) - rank(b.id));
}

/**
 * The markets a list row shows in a view: the main market (1X2 or winner) in the European view; the main handicap
 * and main total lines in the Asian view, or the main market when the row has neither (an older server, a sport
 * without lines) so the row never goes blank (data-access-feed README, "Asian list columns").
 */
export function rowMarkets<M>(
  row: { mainMarket: M | null; mainHandicap?: M | null; mainTotal?: M | null },
  view: BettingView,
): M[] {
  const main = row.mainMarket ? [row.mainMarket] : [];
  if (view !== 'asian') return main;
  const lines = [row.mainHandicap, row.mainTotal].filter((m): m is M => m !== null && m !== undefined);
  return lines.length > 0 ? lines : main;
}
