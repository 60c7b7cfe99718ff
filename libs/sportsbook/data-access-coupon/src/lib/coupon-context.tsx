import { createApiClient, createHttpClient, type ApiClient } from '@tessera/shared/data-access-api';
import { useBrand, type KeyValueStorage } from '@tessera/shared/data-access-brand';
import type { CouponConfig } from '@tessera/sportsbook/util-coupon';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { couponConfigFromSite } from './coupon-config';
import { loadCoupon, saveCoupon } from './coupon-storage';
import { CouponStore, emptyCouponState, type CouponPick, type CouponState } from './coupon-store';

interface CouponContextValue {
  store: CouponStore;
  client: ApiClient;
  config: CouponConfig;
  currency: string;
}

const CouponContext = createContext<CouponContextValue | null>(null);

/** Props of {@link CouponProvider}. */
export interface CouponProviderProps {
  /** Currency of the bettor's active account; the brand's default currency for guests. */
  currency?: string;
  /** Where the coupon is kept; `window.localStorage` in the browser. */
  storage?: KeyValueStorage;
  /** A ready store (tests). */
  store?: CouponStore;
  /** The API client of the coupon and bet calls; a same-origin, cookie-authenticated one by default. */
  client?: ApiClient;
  children?: ReactNode;
}

function browserStorage(): KeyValueStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Holds the page's coupon. The first render is empty on the server and the client alike; the stored coupon is read
 * after mount (expired entries are dropped by the read), so a stored coupon never causes a hydration mismatch.
 * Every change is written back with a fresh expiry.
 */
export function CouponProvider({ currency, storage, store, client, children }: CouponProviderProps) {
  const brand = useBrand();
  const config = useMemo(() => couponConfigFromSite(brand.config), [brand.config]);
  const code = currency ?? brand.config.global.defaultCurrency;
  const [own] = useState(
    () =>
      store ??
      new CouponStore(emptyCouponState(code), config, (state) => {
        const target = storage ?? browserStorage();
        if (target) saveCoupon(target, state);
      }),
  );
  const active = store ?? own;
  const [ownClient] = useState(() => client ?? createApiClient({ http: createHttpClient() }));
  const apiClient = client ?? ownClient;
  useEffect(() => {
    const target = storage ?? browserStorage();
    const stored = target ? loadCoupon(target, code) : undefined;
    if (stored) active.replace(stored);
    else if (active.getState().coupon.currency !== code) active.replace(emptyCouponState(code));
  }, [active, storage, code]);
  const value = useMemo(
    () => ({ store: active, client: apiClient, config, currency: code }),
    [active, apiClient, config, code],
  );
  return <CouponContext.Provider value={value}>{children}</CouponContext.Provider>;
}

/** The coupon store, its maths configuration and the state; re-renders on every coupon change. */
export function useCoupon(): {
  store: CouponStore;
  client: ApiClient;
  config: CouponConfig;
  state: CouponState;
  currency: string;
} {
  const value = useContext(CouponContext);
  if (!value) throw new Error('useCoupon must be used inside <CouponProvider>');
  const state = useSyncExternalStore(value.store.subscribe, value.store.getState, value.store.getState);
  return { ...value, state };
}

const noSubscribe = () => () => undefined;
const notSelected = () => false;

/** What an odds button needs from the coupon: whether its outcome is picked, and what a click does. */
export interface CouponPickBinding {
  /** Pressed state; undefined outside a coupon (the button is then a plain button). */
  selected?: boolean;
  /** Adds or removes the pick. */
  onSelect?: () => void;
}

/**
 * Binds an odds button to the page's coupon: the button shows as pressed while its outcome is in the coupon, and a
 * click adds it (replacing another outcome of the same game) or removes it. Outside a CouponProvider it binds
 * nothing, so lists render unchanged where no coupon is offered. Only this outcome's membership re-renders the caller.
 */
export function useCouponPick(
  pick: () => CouponPick,
  ids: { gameId: string; marketId: string; outcomeId: string },
): CouponPickBinding {
  const value = useContext(CouponContext);
  const store = value?.store;
  const { gameId, marketId, outcomeId } = ids;
  const isSelected = useCallback(
    () => (store ? store.has({ gameId, marketId, outcomeId }) : false),
    [store, gameId, marketId, outcomeId],
  );
  const selected = useSyncExternalStore(store ? store.subscribe : noSubscribe, isSelected, notSelected);
  const onSelect = useCallback(() => store?.toggle(pick()), [store, pick]);
  return store ? { selected, onSelect } : {};
}
