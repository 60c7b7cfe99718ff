import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testGame, testMarket } from './feed-fixtures';
import type { SocketLike } from './live-connection';
import { LiveStore } from './live-store';
import {
  SportsbookProvider,
  useFeedQueries,
  useLiveFeed,
  useLiveGame,
  useLiveOutcome,
  useSeedLive,
} from './sportsbook-provider';

function first<T>(items: readonly T[]): T {
  const [item] = items;
  if (item === undefined) throw new Error('empty fixture');
  return item;
}

const market = testMarket(1);
const game = testGame(1, { mainMarket: market });
const home = first(market.outcomes);

const renders = { cell: 0, game: 0 };

function Cell() {
  renders.cell += 1;
  const live = useLiveOutcome(home, market.status === 'open');
  return <p>price {live.odds}</p>;
}

function GameState() {
  renders.game += 1;
  const state = useLiveGame(game);
  return <p>status {state.status}</p>;
}

/** Follows the live feed beside the list, as a view's status line would: the connection re-renders only this. */
function Follower() {
  const status = useLiveFeed({ live: true });
  return <p>channel {status}</p>;
}

function SeededList() {
  useSeedLive([game], 1);
  return (
    <>
      <GameState />
      <Cell />
      <Follower />
    </>
  );
}

// A socket that never opens: the provider still creates the connection after mount, which is what is tested.
class SilentSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
  }
}

describe('SportsbookProvider', () => {
  it('does not render a row again when the store is seeded with what it shows, nor when the push connection appears', async () => {
    renders.cell = 0;
    renders.game = 0;
    const store = new LiveStore();
    const sockets: SilentSocket[] = [];
    const createSocket = () => {
      const socket = new SilentSocket();
      sockets.push(socket);
      return socket;
    };
    renderWithProviders(
      <SportsbookProvider store={store} createSocket={createSocket}>
        <SeededList />
      </SportsbookProvider>,
    );
    expect(await screen.findByText(`price ${home.odds}`)).toBeInTheDocument();
    // The seed ran (the store knows the outcome), and the connection came (its code loads after mount) and opened a
    // socket for the list that follows the live feed.
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(store.outcome(home.id)?.odds).toBe(home.odds);
    expect(renders).toEqual({ cell: 1, game: 1 });

    act(() =>
      store.apply(
        [
          {
            kind: 'odds',
            gameId: game.id,
            marketId: market.id,
            outcomeId: home.id,
            old: home.odds,
            new: home.odds + 1,
          },
        ],
        2,
      ),
    );
    expect(screen.getByText(`price ${home.odds + 1}`)).toBeInTheDocument();
    expect(renders.cell).toBe(2);

    act(() => store.apply([{ kind: 'finished', gameId: game.id, status: 'finished', score: { home: 1, away: 0 } }], 3));
    expect(screen.getByText('status finished')).toBeInTheDocument();
  });
});

/** A live list's status line as the live page has it: the channel's word, after the list was fetched over HTTP. */
function FetchedLive() {
  const games = useQuery(useFeedQueries().games('live', {}));
  const status = useLiveFeed({ live: true });
  return (
    <>
      <p>{games.isSuccess ? 'fetched' : 'fetching'}</p>
      <p>channel {status}</p>
      <button type="button" onClick={() => void games.refetch()}>
        refetch
      </button>
    </>
  );
}

describe('SportsbookProvider and stale odds fetched over HTTP', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the odds are stale while the feed answers say so and the push channel is not open, and clears after', async () => {
    let stale = true;
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ Success: true, Value: [], version: 1 }), {
          status: 200,
          headers: { 'content-type': 'application/json', ...(stale ? { 'x-feed-stale': 'true' } : {}) },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(
      <SportsbookProvider createSocket={null}>
        <FetchedLive />
      </SportsbookProvider>,
    );
    expect(await screen.findByText('fetched')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalled();
    expect(screen.getByText('channel stale')).toBeInTheDocument();
    stale = false;
    act(() => screen.getByRole('button', { name: 'refetch' }).click());
    expect(await screen.findByText('channel connecting')).toBeInTheDocument();
  });
});
