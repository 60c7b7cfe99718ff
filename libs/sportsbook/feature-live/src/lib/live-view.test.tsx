import { act, screen, within } from '@testing-library/react';
import { testBrandPayload, renderWithProviders } from '@tessera/shared/util-testing';
import type { ApiClient } from '@tessera/shared/data-access-api';
import {
  LiveStore,
  SportsbookProvider,
  UpdateGate,
  type FeedGameRow,
  type SocketLike,
} from '@tessera/sportsbook/data-access-feed';
import { fakeFeedClient, feedGame } from '@tessera/sportsbook/testing-feed';
import { Profiler, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveGameRow } from './live-game-row';
import { LIVE_POLL_MS, LiveView } from './live-view';

/** A live football game with a running clock, from the fake-feed kit. */
function game(id: number): FeedGameRow {
  return feedGame(id, `Home ${id}`, `Away ${id}`, {
    kind: 1,
    status: 'live',
    live: { period: 1, clockSeconds: 754, clockRunning: true, score: { home: 0, away: 1 }, periodScores: [] },
  });
}

const brand = testBrandPayload({
  language: 'en',
  config: { betting: { coefficientFormats: [0, 1], defaultCoefficientFormat: 0 } },
});

function fakeClient(answer: (url: string) => unknown): ApiClient {
  return fakeFeedClient(answer).client;
}

function withSportsbook(children: ReactNode, store: LiveStore, client: ApiClient = fakeClient(() => ({}))) {
  return (
    <SportsbookProvider store={store} client={client} createSocket={null}>
      {children}
    </SportsbookProvider>
  );
}

describe('LiveGameRow and the live store', () => {
  it('re-renders only the row whose outcome a delta touches', async () => {
    const store = new LiveStore();
    const games = [game(1), game(2), game(3)];
    store.seed(games, 1);
    const renders = new Map<string, number>();
    const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
    renderWithProviders(
      withSportsbook(
        <ul>
          {games.map((g) => (
            <Profiler key={g.id} id={`row-${g.id}`} onRender={(id) => count(id)}>
              <LiveGameRow game={g} />
            </Profiler>
          ))}
        </ul>,
        store,
      ),
      { brand, realLanguage: true, route: '/en/live' },
    );
    expect(await screen.findByRole('button', { name: 'Home 2 – Away 2, Match result, 1, 2.50' })).toBeEnabled();
    renders.clear();

    act(() =>
      store.apply([{ kind: 'odds', gameId: 2, marketId: '2:1x2', outcomeId: '2:1x2:home', old: 2.5, new: 2.75 }], 2),
    );

    const button = screen.getByRole('button', { name: 'Home 2 – Away 2, Match result, 1, 2.75' });
    expect(button).toHaveAttribute('data-move', 'up');
    expect([...renders.keys()]).toEqual(['row-2']);
  });

  it('holds the moves of an off-screen row and shows the current price and score when it comes on screen', async () => {
    const store = new LiveStore();
    const g = game(5);
    store.seed([g], 1);
    const gate = new UpdateGate();
    renderWithProviders(withSportsbook(<LiveGameRow game={g} gate={gate} />, store), {
      brand,
      realLanguage: true,
      route: '/en/live',
    });
    const row = await screen.findByRole('listitem', { name: 'Home 5 – Away 5' });
    expect(within(row).getByRole('button', { name: 'Home 5 – Away 5, Match result, 1, 2.50' })).toBeEnabled();

    act(() => {
      gate.setOpen(false);
      store.apply([{ kind: 'odds', gameId: 5, marketId: '5:1x2', outcomeId: '5:1x2:home', old: 2.5, new: 2.2 }], 2);
      store.apply([{ kind: 'odds', gameId: 5, marketId: '5:1x2', outcomeId: '5:1x2:home', old: 2.2, new: 2.1 }], 3);
      store.apply([{ kind: 'score', gameId: 5, period: 1, score: { home: 2, away: 1 }, periodScores: [] }], 4);
    });
    expect(within(row).getByRole('button', { name: 'Home 5 – Away 5, Match result, 1, 2.50' })).toBeEnabled();
    expect(within(row).getByText('0:1')).toBeInTheDocument();

    act(() => gate.setOpen(true));
    expect(within(row).getByRole('button', { name: 'Home 5 – Away 5, Match result, 1, 2.10' })).toHaveAttribute(
      'data-move',
      'down',
    );
    expect(within(row).getByText('2:1')).toBeInTheDocument();
  });

  it('shows score and clock moves and disables suspended odds', async () => {
    const store = new LiveStore();
    const g = game(7);
    store.seed([g], 1);
    renderWithProviders(withSportsbook(<LiveGameRow game={g} />, store), {
      brand,
      realLanguage: true,
      route: '/en/live',
    });
    const row = await screen.findByRole('listitem', { name: 'Home 7 – Away 7' });
    expect(within(row).getByText('0:1')).toBeInTheDocument();
    expect(within(row).getByText('12:34')).toBeInTheDocument();

    act(() => {
      store.apply([{ kind: 'score', gameId: 7, period: 1, score: { home: 1, away: 1 }, periodScores: [] }], 2);
      store.apply([{ kind: 'suspension', gameId: 7, marketId: '7:1x2', suspended: true, reason: 'goal' }], 3);
    });
    expect(within(row).getByText('1:1')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /Home 7 – Away 7, Match result, X, Suspended/ })).toBeDisabled();
  });
});

describe('LiveView', () => {
  it('lists live games by championship from the live feed', async () => {
    const client = fakeClient((url) =>
      url.endsWith('GetSportsShortZip')
        ? { kind: 1, version: 1, sports: [{ id: 1, name: 'Football', kind: 'regular', gamesCount: 2, champsCount: 1 }] }
        : { kind: 1, version: 1, games: [game(1), game(2)] },
    );
    renderWithProviders(withSportsbook(<LiveView />, new LiveStore(), client), {
      brand,
      realLanguage: true,
      route: '/en/live',
    });
    expect(await screen.findByRole('heading', { name: 'Football · Premier League' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Match result/ })).toHaveLength(6);
    expect(
      within(screen.getByRole('region', { name: 'Football · Premier League' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Football/ })).toHaveAttribute('href', '/en/live/1');
  });

  it('says so when nothing is live, and offers a retry after an error', async () => {
    let fail = true;
    const client = fakeClient((url) => {
      if (url.endsWith('Get1x2_VZip') && fail) throw new Error('down');
      return url.endsWith('GetSportsShortZip')
        ? { kind: 1, version: 1, sports: [] }
        : { kind: 1, version: 1, games: [] };
    });
    renderWithProviders(withSportsbook(<LiveView />, new LiveStore(), client), {
      brand,
      realLanguage: true,
      route: '/en/live',
    });
    // The query retries a server failure once (shouldRetryQuery) before it shows the error.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    fail = false;
    await act(async () => retry.click());
    expect(await screen.findByText('No live games right now.')).toBeInTheDocument();
  });
});

/** A push channel the test drives: it opens when told (hello) and drops when told (close). */
class FakeSocket implements SocketLike {
  readyState = 1;
  sent: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  hello() {
    this.onmessage?.({ data: JSON.stringify({ type: 'hello', seq: 1, version: 1, maxGames: 1000 }) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

describe('LiveView without the push channel', () => {
  afterEach(() => vi.useRealTimers());

  it('polls the live list every LIVE_POLL_MS while the channel is down, not while it pushes', async () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const client = fakeClient((url) =>
      url.endsWith('GetSportsShortZip')
        ? { kind: 1, version: 1, sports: [] }
        : { kind: 1, version: 1, games: [game(1)] },
    );
    const listCalls = () =>
      (client.send as ReturnType<typeof vi.fn>).mock.calls.filter(([call]) =>
        (call as { url: string }).url.endsWith('Get1x2_VZip'),
      ).length;
    const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    renderWithProviders(
      <SportsbookProvider
        store={new LiveStore()}
        client={client}
        createSocket={() => {
          const socket = new FakeSocket();
          sockets.push(socket);
          return socket;
        }}
      >
        <LiveView />
      </SportsbookProvider>,
      { brand, realLanguage: true, route: '/en/live' },
    );
    await advance(0);
    expect(listCalls()).toBe(1);
    expect(sockets).toHaveLength(1);

    // The channel pushes: after the one resync it asks for, the list is not fetched again.
    await act(async () => sockets[0]?.hello());
    await advance(2_000);
    const afterResync = listCalls();
    expect(afterResync).toBe(2);
    await advance(LIVE_POLL_MS * 3);
    expect(listCalls()).toBe(afterResync);
    expect(screen.queryByText('Live updates are paused; odds refresh every few seconds.')).toBeNull();

    // The channel drops: the page polls, one request per interval, while reconnecting does not succeed.
    await act(async () => sockets[0]?.drop());
    await advance(LIVE_POLL_MS);
    expect(listCalls()).toBe(afterResync + 1);
    await advance(LIVE_POLL_MS);
    expect(listCalls()).toBe(afterResync + 2);
    expect(sockets.length).toBeGreaterThan(1);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      'Live updates are paused; odds refresh every few seconds.',
    );
    expect(screen.getByRole('heading', { name: 'Football · Premier League' })).toBeInTheDocument();
  });
});
