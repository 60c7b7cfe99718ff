import { useQueryClient } from '@tanstack/react-query';
import { createApiClient, createHttpClient, type ApiClient } from '@tessera/shared/data-access-api';
import { isFeatureOn, useBrand, type BrandPayload } from '@tessera/shared/data-access-brand';
import {
  chosenCoefficientFormat,
  formatCoefficient,
  offeredCoefficientFormats,
  type CoefficientFormat,
} from '@tessera/shared/util-format';
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
import { createFeedQueries, feedKeys, type FeedContext, type FeedQueries } from './feed.queries';
import type { FeedGameRow, FeedMarket } from './feed.types';
import {
  createLiveConnection,
  FEED_PUSH_PATH,
  type LiveChannelStatus,
  type LiveConnection,
  type SocketLike,
} from './live-connection';
import { LiveStore, sameLiveState, type LiveGameSnapshot, type LiveOutcomeSnapshot } from './live-store';
import type { UpdateGate } from './update-gate';
import {
  allowedBettingViews,
  bettingViewPreference,
  coefficientFormatPreference,
  usePreference,
  type BettingView,
} from './sportsbook-preferences';

interface SportsbookContextValue {
  client: ApiClient;
  store: LiveStore;
  /** The last feed answer fetched over HTTP said its live odds are the last known ones (`x-feed-stale`). */
  answersStale: StaleSignal;
}

/** Header of a feed answer whose live odds are the last known ones (the server cannot follow the live feed). */
export const FEED_STALE_HEADER = 'x-feed-stale';

/** A flag views subscribe to: set by every feed answer the provider's client fetches. */
class StaleSignal {
  private value = false;
  private readonly listeners = new Set<() => void>();
  set(value: boolean): void {
    if (value === this.value) return;
    this.value = value;
    for (const l of this.listeners) l();
  }
  readonly get = (): boolean => this.value;
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const FEED_ANSWER = /\/service-api\/(LineFeed|LiveFeed)\//;

// Two contexts: the client and the store never change for the life of the page, while the push connection appears
// after hydration. Every odds cell reads the store; had the connection been in the same value, its arrival would have
// re-rendered every cell of the list in one task (hundreds of cells, apps/web README, "Start-up blocking time"). Only useLiveFeed reads the connection.
const SportsbookContext = createContext<SportsbookContextValue | null>(null);
const LiveConnectionContext = createContext<LiveConnection | undefined>(undefined);

/** Props of {@link SportsbookProvider}. */
export interface SportsbookProviderProps {
  /**
   * The API client; a plain same-origin client by default, which also reads the feed answers' `x-feed-stale` (a client
   * given here does not: the page then learns of stale odds from the push channel alone).
   */
  client?: ApiClient;
  /** A live store (tests pass their own to drive deltas). */
  store?: LiveStore;
  /** Socket factory of the push channel; `null` turns push off (polling only). */
  createSocket?: ((url: string) => SocketLike) | null;
  children?: ReactNode;
}

/** Gives sportsbook views their API client, the page's live store and its one push connection. */
export function SportsbookProvider({ client, store, createSocket, children }: SportsbookProviderProps) {
  const queryClient = useQueryClient();
  const [answersStale] = useState(() => new StaleSignal());
  const [apiClient] = useState(
    () =>
      client ??
      createApiClient({
        http: createHttpClient({
          hooks: {
            afterResponse: [
              (response, context) => {
                if (FEED_ANSWER.test(context.url.pathname))
                  answersStale.set(response.headers.get(FEED_STALE_HEADER) === 'true');
              },
            ],
          },
        }),
      }),
  );
  const [liveStore] = useState(() => store ?? new LiveStore());
  const [connection, setConnection] = useState<LiveConnection | undefined>(undefined);

  // The socket opens in the browser only, after hydration; until then (and on the server) pages poll.
  useEffect(() => {
    if (createSocket === null || typeof window === 'undefined') return undefined;
    const url = `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${FEED_PUSH_PATH}`;
    let resync: ReturnType<typeof setTimeout> | undefined;
    // Lists change shape in bursts (many games start at once): refetch once per burst, not per change.
    const refetchSoon = () => {
      if (resync !== undefined) return;
      resync = setTimeout(() => {
        resync = undefined;
        void queryClient.invalidateQueries({ queryKey: feedKeys.all() });
      }, 1500);
    };
    const conn = createLiveConnection({
      store: liveStore,
      url,
      onResync: refetchSoon,
      ...(createSocket ? { createSocket } : {}),
    });
    const stop = liveStore.onStructure(refetchSoon);
    setConnection(conn);
    return () => {
      stop();
      if (resync !== undefined) clearTimeout(resync);
      conn.close();
    };
  }, [createSocket, liveStore, queryClient]);

  const value = useMemo(
    () => ({ client: apiClient, store: liveStore, answersStale }),
    [apiClient, liveStore, answersStale],
  );
  return (
    <SportsbookContext.Provider value={value}>
      <LiveConnectionContext.Provider value={connection}>{children}</LiveConnectionContext.Provider>
    </SportsbookContext.Provider>
  );
}

function useSportsbook(): SportsbookContextValue {
  const value = useContext(SportsbookContext);
  if (!value) throw new Error('Sportsbook views must be inside <SportsbookProvider>');
  return value;
}

/** The visitor's feed context from a brand payload: language, country, and whether virtual sports are on. */
export function feedContextOf(brand: Pick<BrandPayload, 'language' | 'country' | 'config'>): FeedContext {
  return {
    lng: brand.language,
    country: brand.country,
    virtualSports: isFeatureOn(brand.config, 'betting.virtualSports'),
  };
}

/** The visitor's feed context from the brand (the same as {@link feedContextOf}, so server prefetches share keys). */
export function useFeedContext(): FeedContext {
  const { language, country, config } = useBrand();
  return useMemo(() => feedContextOf({ language, country, config }), [language, country, config]);
}

/** `queryOptions` factories bound to this page's client and visitor context. */
export function useFeedQueries(): FeedQueries {
  const { client } = useSportsbook();
  const ctx = useFeedContext();
  return useMemo(() => createFeedQueries(client, ctx), [client, ctx]);
}

/** The page's live store (for seeding and tests). */
export function useLiveStore(): LiveStore {
  return useSportsbook().store;
}

const noSubscribe = () => () => undefined;

/**
 * Follows the live list and/or games over the push channel while the calling view is mounted, and reports how
 * deltas arrive: `push`, or `polling` while the channel is down (views then refetch on an interval); `stale` when the
 * server says its live odds are the last known ones (the channel's greeting or status, or, while the channel is not
 * open, the `x-feed-stale` header of the feed answers fetched last).
 */
export function useLiveFeed(follow: { live?: boolean; games?: readonly number[] }): LiveChannelStatus {
  const { answersStale } = useSportsbook(); // outside a SportsbookProvider this throws, as every sportsbook hook does
  const connection = useContext(LiveConnectionContext);
  const gamesKey = [...new Set(follow.games ?? [])].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!connection) return undefined;
    const ids = gamesKey === '' ? [] : gamesKey.split(',').map(Number);
    const stopGames = ids.length ? connection.followGames(ids) : undefined;
    if (follow.live) connection.followLive(true);
    return () => {
      stopGames?.();
      if (follow.live) connection.followLive(false);
    };
  }, [connection, gamesKey, follow.live]);
  const channel = useSyncExternalStore<LiveChannelStatus>(
    connection ? connection.onStatus : noSubscribe,
    // Before the socket exists (server render, hydration) the status is 'connecting': views poll but say nothing yet.
    () => (connection ? connection.status() : 'connecting'),
    () => 'connecting',
  );
  // While the push channel is not open (connecting, polling), the answers fetched over HTTP say whether the odds are
  // stale; an open channel says it itself (its greeting and status messages).
  const fetchedStale = useSyncExternalStore(answersStale.subscribe, answersStale.get, () => false);
  return fetchedStale && (channel === 'connecting' || channel === 'polling') ? 'stale' : channel;
}

/** Puts fetched rows into the live store, so deltas after the answer's version apply on top of it. */
export function useSeedLive(
  rows: readonly FeedGameRow[] | undefined,
  version: number | undefined,
  markets?: readonly FeedMarket[],
): void {
  const store = useLiveStore();
  useEffect(() => {
    if (rows && version !== undefined) store.seed(rows, version);
    if (markets && version !== undefined) store.seedMarkets(markets, version);
  }, [store, rows, version, markets]);
}

/**
 * One outcome's live price, last move and suspension; only this outcome's changes re-render the caller. With a
 * `gate`, changes wait while the gate is closed (the row is off screen) and the current price shows when it opens.
 */
export function useLiveOutcome(
  outcome: { id: string; odds: number; status: string },
  marketOpen = true,
  gate?: UpdateGate,
): LiveOutcomeSnapshot {
  const store = useLiveStore();
  const subscribe = useCallback(
    (l: () => void) =>
      gate ? gate.subscribe((g) => store.subscribeOutcome(outcome.id, g), l) : store.subscribeOutcome(outcome.id, l),
    [store, outcome.id, gate],
  );
  const suspended = !marketOpen || outcome.status !== 'open';
  // A store entry that says what the row's own data says is no change: the row keeps rendering from its props. The
  // view seeds the store with the answer it renders right after hydration; had a fresh entry counted as a change,
  // every cell of the list would have rendered again in one synchronous task (apps/web README, "Start-up blocking time"). The server and the first
  // client render read nothing from the store, so both agree.
  const getSnapshot = () => {
    const now = store.outcome(outcome.id);
    return now && now.moves === 0 && now.direction === null && now.odds === outcome.odds && now.suspended === suspended
      ? undefined
      : now;
  };
  const live = useSyncExternalStore(subscribe, getSnapshot, () => undefined);
  return live ?? { odds: outcome.odds, direction: null, suspended, moves: 0 };
}

/** One game's live status, score and clock; only this game's changes re-render the caller (held by `gate` off screen). */
export function useLiveGame(game: Pick<FeedGameRow, 'id' | 'status' | 'live'>, gate?: UpdateGate): LiveGameSnapshot {
  const store = useLiveStore();
  const subscribe = useCallback(
    (l: () => void) =>
      gate ? gate.subscribe((g) => store.subscribeGame(game.id, g), l) : store.subscribeGame(game.id, l),
    [store, game.id, gate],
  );
  // As in useLiveOutcome: an entry equal to the row's own data is not a change.
  const getSnapshot = () => {
    const now = store.game(game.id);
    return now && now.status === game.status && sameLiveState(now.live, game.live) ? undefined : now;
  };
  const live = useSyncExternalStore(subscribe, getSnapshot, () => undefined);
  return live ?? { status: game.status, live: game.live };
}

/** The odds format in use: the player's choice if the brand allows it, else the brand's default; and the choices. */
export function useCoefficientFormat(): {
  format: CoefficientFormat;
  formats: CoefficientFormat[];
  setFormat: (f: CoefficientFormat) => void;
} {
  const { config } = useBrand();
  const [chosen, setChosen] = usePreference(coefficientFormatPreference);
  const formats = useMemo(
    () => offeredCoefficientFormats(config.betting.coefficientFormats),
    [config.betting.coefficientFormats],
  );
  const format = chosenCoefficientFormat(
    chosen,
    config.betting.coefficientFormats,
    config.betting.defaultCoefficientFormat,
  );
  return { format, formats, setFormat: setChosen };
}

/** Formats decimal odds in the player's format (through `formatCoefficient`, the one formatting function). */
export function useFormatOdds(): (decimalOdds: number) => string {
  const { format } = useCoefficientFormat();
  return useCallback((odds: number) => formatCoefficient(odds, format), [format]);
}

/** The betting view in use (the player's choice when allowed here, else the brand's default) and the choices. */
export function useBettingView(): { view: BettingView; views: BettingView[]; setView: (v: BettingView) => void } {
  const { config, country } = useBrand();
  const [chosen, setChosen] = usePreference(bettingViewPreference);
  const views = useMemo(() => allowedBettingViews(config.betting, country), [config.betting, country]);
  const fallback: BettingView =
    config.betting.defaultView === 1 && views.includes('asian') ? 'asian' : (views[0] ?? 'european');
  const view = chosen && views.includes(chosen) ? chosen : fallback;
  return { view, views, setView: setChosen };
}
