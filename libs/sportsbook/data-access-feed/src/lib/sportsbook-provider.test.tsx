import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { describe, expect, it } from 'vitest';
import { testGame, testMarket } from './feed-fixtures';
import type { SocketLike } from './live-connection';
import { LiveStore } from './live-store';
import { SportsbookProvider, useLiveFeed, useLiveGame, useLiveOutcome, useSeedLive } from './sportsbook-provider';

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
