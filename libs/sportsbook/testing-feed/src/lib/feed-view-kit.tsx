// The fake-feed kit of the sportsbook view tests: feed rows, a fake feed client and the providers around a view.
import type { ApiClient } from '@tessera/shared/data-access-api';
import { createHttpError } from '@tessera/shared/data-access-api';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { LiveStore, SportsbookProvider, type FeedGameRow, type FeedMarket } from '@tessera/sportsbook/data-access-feed';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

/** The 1X2 market of game `gameId`, open, priced `odds` (home, draw, away). */
export function feedMainMarket(gameId: number, odds: [number, number, number] = [2.5, 3.25, 2.75]): FeedMarket {
  const marketId = `${gameId}:1x2`;
  return {
    id: marketId,
    type: '1x2',
    line: null,
    status: 'open',
    suspendReason: null,
    outcomes: (['home', 'draw', 'away'] as const).map((code, i) => ({
      id: `${marketId}:${code}`,
      code,
      nameKey: `feed:outcome.${code}`,
      odds: odds[i] ?? 2,
      status: 'open' as const,
    })),
  };
}

/** An open handicap (home, away) or total (over, under) market of game `gameId` at `line`, priced `odds`. */
export function feedLineMarket(
  gameId: number,
  type: 'handicap' | 'total',
  line: number,
  odds: [number, number],
): FeedMarket {
  const id = `${gameId}:${type}:${line}`;
  const codes = type === 'handicap' ? (['home', 'away'] as const) : (['over', 'under'] as const);
  return {
    id,
    type,
    line,
    status: 'open',
    suspendReason: null,
    outcomes: codes.map((code, i) => ({
      id: `${id}:${code}`,
      code,
      nameKey: `feed:outcome.${code}`,
      odds: odds[i] ?? 2,
      status: 'open' as const,
    })),
  };
}

/** A pre-match game row with a 1X2 main market priced 2.50 / 3.25 / 2.75. */
export function feedGame(id: number, home: string, away: string, overrides: Partial<FeedGameRow> = {}): FeedGameRow {
  return {
    id,
    kind: 3,
    sportId: 1,
    sportName: 'Football',
    champId: 10,
    champName: 'Premier League',
    countryId: 1,
    home: { id: id * 10, name: home },
    away: { id: id * 10 + 1, name: away },
    startsAt: 1_800_000_000,
    status: 'prematch',
    live: null,
    mainMarket: feedMainMarket(id),
    marketsCount: 20,
    ...overrides,
  };
}

/** An answer the fake client throws: an HTTP error of `status` as the request builder raises it. */
export function feedHttpError(status: number, url: string): Error {
  return createHttpError(new Response(null, { status }), { method: 'GET', url } as never, {
    message: `status ${status}`,
  });
}

/** A brand in English with the given betting settings (and any other sections). */
export function feedBrand(betting: Record<string, unknown> = {}, config: Record<string, unknown> = {}) {
  return testBrandPayload({
    language: 'en',
    config: { ...config, betting: { coefficientFormats: [0, 1], defaultCoefficientFormat: 0, ...betting } },
  });
}

/** What a fake feed answers: by the call's path (`/service-api/LineFeed/GetChampZip`) and its arguments; a thrown error fails the call. */
export type FeedAnswer = (url: string, args: Record<string, unknown>) => unknown;

/** A feed client that answers every call with `answer`; `send` records the calls (`[{ url }, args]`). */
export function fakeFeedClient(answer: FeedAnswer) {
  const send = vi.fn(async (call: { url: string }, args: Record<string, unknown>) => answer(call.url, args));
  const client = { send, trySend: vi.fn() } as unknown as ApiClient;
  return { client, send };
}

/**
 * Renders a view inside the sportsbook provider with a fake feed client; `send` records every call, and `store` is the
 * live store a test pushes the feed's messages into.
 */
export function renderFeedView(
  ui: ReactNode,
  answer: FeedAnswer,
  options: { brand?: ReturnType<typeof feedBrand>; route?: string; store?: LiveStore } = {},
) {
  const { client, send } = fakeFeedClient(answer);
  const store = options.store ?? new LiveStore();
  const view = renderWithProviders(
    <SportsbookProvider client={client} store={store} createSocket={null}>
      {ui}
    </SportsbookProvider>,
    { brand: options.brand ?? feedBrand(), realLanguage: true, route: options.route ?? '/en/line' },
  );
  /** The calls made to one feed path, with their arguments. */
  const callsTo = (path: string) => send.mock.calls.filter(([call]) => call.url.endsWith(path)).map(([, args]) => args);
  return { ...view, send, callsTo, store };
}
