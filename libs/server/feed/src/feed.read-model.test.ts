import { describe, expect, it } from 'vitest';
import { feedFilterFor } from './feed-filter';
import {
  PushConnection,
  PushHub,
  PUSH_CLOSE_TOO_SLOW,
  PUSH_CONFLATE_BYTES,
  PUSH_MAX_BUFFERED_BYTES,
  PUSH_MAX_CONFLATED,
} from './feed-push';
import type { FeedEvent, FeedGame, FeedProviderMarket, FeedSnapshot, FeedSport } from '@tessera/shared/contract-api';
import { FeedReadModel } from './feed.read-model';

function market(gameId: number, odds: [number, number]): FeedProviderMarket {
  const id = `${gameId}:winner`;
  return {
    id,
    gameId,
    groupId: 'main',
    type: 'winner',
    status: 'open',
    outcomes: [
      { id: `${id}:home`, code: 'home', nameKey: 'feed:outcome.home', odds: odds[0], status: 'open' },
      { id: `${id}:away`, code: 'away', nameKey: 'feed:outcome.away', odds: odds[1], status: 'open' },
    ],
  };
}

function game(id: number, sportId: number, status: FeedGame['status']): FeedGame {
  const g: FeedGame = {
    id,
    sportId,
    champId: sportId * 10,
    home: { id: id * 10 + 1, name: `Home ${id}` },
    away: { id: id * 10 + 2, name: `Away ${id}` },
    startsAt: 1_800_000_000_000,
    status,
  };
  if (status === 'live')
    g.live = {
      period: 1,
      clockSeconds: 60,
      clockRunning: true,
      score: { home: 0, away: 0 },
      periodScores: [{ home: 0, away: 0 }],
    };
  return g;
}

function snapshot(): FeedSnapshot {
  const games = [game(1, 1, 'prematch'), game(2, 1, 'live'), game(3, 85, 'live')];
  return {
    at: 0,
    seq: 10,
    sports: [
      { id: 1, nameKey: 'sports:football', name: 'Football', kind: 'regular', mainMarketType: 'winner' },
      { id: 85, nameKey: 'sports:fifa', name: 'FIFA', kind: 'cyber', mainMarketType: 'winner' },
    ],
    countries: [{ id: 1, iso: 'RU', name: 'Russia', region: false }],
    championships: [
      { id: 10, sportId: 1, countryId: 1, name: 'Premier', tier: 1 },
      { id: 850, sportId: 85, countryId: 1, name: 'FIFA Cup', tier: 2 },
    ],
    marketGroups: [{ id: 'main', nameKey: 'feed:marketGroup.main', order: 1 }],
    games,
    markets: Object.fromEntries(games.map((g) => [g.id, [market(g.id, [1.8, 2.0])]])),
  };
}

const odds = (seq: number, gameId: number, newOdds: number): FeedEvent => ({
  type: 'odds.changed',
  seq,
  at: seq,
  gameId,
  marketId: `${gameId}:winner`,
  outcomeId: `${gameId}:winner:home`,
  oldOdds: 1.8,
  newOdds,
});

describe('FeedReadModel', () => {
  it('indexes games by sport, championship and team and picks the main market', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    expect([...(model.bySport.get(1) ?? [])].sort()).toEqual([1, 2]);
    expect([...(model.byTeam.get(11) ?? [])]).toEqual([1]);
    expect(model.games.get(2)?.mainMarket?.id).toBe('2:winner');
  });

  it('reports an odds change with old and new odds, and ignores replays at or below the applied sequence', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    expect(model.apply(odds(11, 2, 1.7)).change).toEqual({
      kind: 'odds',
      gameId: 2,
      marketId: '2:winner',
      outcomeId: '2:winner:home',
      old: 1.8,
      new: 1.7,
    });
    expect(model.apply(odds(11, 2, 1.6)).change).toBeUndefined();
    expect(model.apply(odds(5, 2, 1.6)).change).toBeUndefined();
    expect(model.games.get(2)?.outcomeById.get('2:winner:home')?.outcome.odds).toBe(1.7);
  });

  it('keeps line answers valid when only a live game moves, and bumps everything when a game starts', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    const { lineVersion, liveVersion, structureVersion } = model;
    model.apply(odds(11, 2, 1.7));
    expect([model.lineVersion, model.liveVersion, model.structureVersion]).toEqual([
      lineVersion,
      liveVersion + 1,
      structureVersion,
    ]);
    model.apply({
      type: 'game.started',
      seq: 12,
      at: 12,
      gameId: 1,
      live: { period: 1, clockSeconds: 0, clockRunning: true, score: { home: 0, away: 0 }, periodScores: [] },
    });
    expect(model.lineVersion).toBeGreaterThan(lineVersion);
    expect(model.structureVersion).toBe(structureVersion + 1);
    expect(model.games.get(1)?.game.status).toBe('live');
  });

  it('settles every outcome on a result, marks it durable, and forgets a removed game', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    const applied = model.apply({
      type: 'game.finished',
      seq: 11,
      at: 11,
      gameId: 2,
      result: {
        gameId: 2,
        status: 'finished',
        score: { home: 2, away: 1 },
        periodScores: [],
        outcomes: { '2:winner:home': 'won', '2:winner:away': 'lost' },
        settledAt: 11,
      },
    });
    expect(applied.durable).toBe(true);
    expect(applied.result?.gameId).toBe(2);
    expect(model.games.get(2)?.markets[0]?.outcomes.map((o) => [o.status, o.result])).toEqual([
      ['settled', 'won'],
      ['settled', 'lost'],
    ]);
    expect(model.apply({ type: 'game.removed', seq: 12, at: 12, gameId: 2 }).change).toEqual({
      kind: 'removed',
      gameId: 2,
    });
    expect(model.games.has(2)).toBe(false);
    expect(model.bySport.get(1)?.has(2)).toBe(false);
  });
});

describe('feedFilterFor', () => {
  it('hides disallowed sports, cyber and virtual sports when switched off, and caches per configuration', () => {
    const config = { betting: { cyber: { enabled: false }, disallowedSports: [2] } };
    const filter = feedFilterFor(config);
    const sport = (id: number, kind: FeedSport['kind']): FeedSport => ({
      id,
      nameKey: '',
      name: '',
      kind,
      mainMarketType: '1x2',
    });
    expect(filter.allows(sport(1, 'regular'))).toBe(true);
    expect(filter.allows(sport(2, 'regular'))).toBe(false);
    expect(filter.allows(sport(85, 'cyber'))).toBe(false);
    expect(filter.allows(sport(9, 'virtual'))).toBe(true);
    expect(filter.allows(undefined)).toBe(false);
    expect(feedFilterFor(config)).toBe(filter);
    expect(feedFilterFor({ betting: { cyber: { enabled: true }, disallowedSports: [2] } }).key).not.toBe(filter.key);
  });
});

describe('PushConnection', () => {
  function socket(buffered = 0) {
    const sent: string[] = [];
    const closed: number[] = [];
    return {
      sent,
      closed,
      bufferedAmount: buffered,
      send: (d: string) => sent.push(d),
      close: (code?: number) => closed.push(code ?? 0),
    };
  }

  it('sends a followed game and the live list, never a hidden sport, with consecutive sequence numbers', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    const s = socket();
    const c = new PushConnection(s, feedFilterFor({ betting: { cyber: { enabled: false } } }), model);
    c.command(JSON.stringify({ op: 'subscribe', live: true, games: [3] }));
    const changes = [odds(11, 3, 1.5), odds(12, 2, 1.5), odds(13, 1, 1.5)].flatMap((e) => model.apply(e).change ?? []);
    expect(changes).toHaveLength(3);
    c.deliver(changes, model.version);
    const messages = s.sent.map((m) => JSON.parse(m));
    expect(messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(messages[1].changes.map((ch: { gameId: number }) => ch.gameId)).toEqual([2]);
  });

  it('lets subscribe switch the live list off again, and leaves it alone when live is not given', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    const s = socket();
    const c = new PushConnection(s, feedFilterFor({}), model);
    c.command(JSON.stringify({ op: 'subscribe', live: true }));
    c.command(JSON.stringify({ op: 'subscribe', games: [1] }));
    c.command(JSON.stringify({ op: 'subscribe', live: false }));
    expect(s.sent.map((m) => JSON.parse(m).live)).toEqual([true, true, false]);
  });

  it('cuts off a client that does not read instead of buffering without end', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    const s = socket(PUSH_MAX_BUFFERED_BYTES + 1);
    const c = new PushConnection(s, feedFilterFor({}), model);
    c.send({ type: 'pong' });
    expect(s.sent).toEqual([]);
    expect(s.closed).toEqual([PUSH_CLOSE_TOO_SLOW]);
  });

  it('merges a slow client’s changes per outcome, keeping the first old odds, and sends them once it drained', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    const hub = new PushHub({ streamId: 's1', drainIntervalMs: 1 });
    const s = socket(PUSH_CONFLATE_BYTES + 1);
    const c = new PushConnection(s, feedFilterFor({}), model, hub);
    hub.add(c);
    c.command(JSON.stringify({ op: 'subscribe', games: [2] }));
    const change = (o: number, n: number) =>
      ({ kind: 'odds', gameId: 2, marketId: '2:winner', outcomeId: '2:winner:home', old: o, new: n }) as const;
    hub.publish({ seq: 1, version: 5, changes: [change(1.8, 1.9)] });
    hub.publish({ seq: 2, version: 6, changes: [change(1.9, 2.05)] });
    expect(s.sent).toHaveLength(1); // only the subscription answer
    (s as { bufferedAmount: number }).bufferedAmount = 0;
    expect(c.drain()).toBe(true);
    expect(JSON.parse(s.sent[1] as string)).toEqual({
      type: 'delta',
      seq: 2,
      version: 6,
      changes: [change(1.8, 2.05)],
      resume: 's1.2',
      conflated: true,
    });
    hub.close();
  });

  it('cuts off a slow client once it holds more merged changes than allowed, rather than growing without end', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    const hub = new PushHub({ streamId: 's1' });
    const s = socket(PUSH_CONFLATE_BYTES + 1);
    const c = new PushConnection(s, feedFilterFor({}), model, hub);
    hub.add(c);
    c.command(JSON.stringify({ op: 'subscribe', games: [2] }));
    const changes = Array.from({ length: PUSH_MAX_CONFLATED + 1 }, (_, i) => ({
      kind: 'odds' as const,
      gameId: 2,
      marketId: '2:winner',
      outcomeId: `2:winner:o${i}`,
      old: 1.8,
      new: 1.9,
    }));
    hub.publish({ seq: 1, version: 5, changes });
    expect(s.closed).toEqual([PUSH_CLOSE_TOO_SLOW]);
    hub.close();
  });
});

describe('PushHub', () => {
  function socket() {
    const sent: unknown[] = [];
    return {
      sent,
      bufferedAmount: 0,
      send: (d: string | Buffer, options?: { binary?: boolean }) => sent.push({ text: String(d), ...options }),
      close: () => undefined,
    };
  }
  const change = (n: number) =>
    ({ kind: 'odds', gameId: 2, marketId: '2:winner', outcomeId: '2:winner:home', old: 1.8, new: n }) as const;

  it('sends live-list clients the same text bytes but their own message number', () => {
    const model = new FeedReadModel();
    model.loadSnapshot(snapshot());
    const hub = new PushHub({ streamId: 's1' });
    const a = socket();
    const b = socket();
    const [ca] = [a, b].map((s) => {
      const c = new PushConnection(s, feedFilterFor({}), model, hub);
      hub.add(c);
      c.command(JSON.stringify({ op: 'subscribe', live: true }));
      return c;
    });
    ca?.command(JSON.stringify({ op: 'ping' })); // a: one message more than b
    hub.publish({ seq: 1, version: 7, changes: [change(1.9)] });
    const last = (s: { sent: unknown[] }) => s.sent.at(-1) as { text: string; binary?: boolean };
    expect(last(a).binary).toBe(false);
    expect(JSON.parse(last(a).text)).toEqual({
      type: 'delta',
      seq: 3,
      version: 7,
      changes: [change(1.9)],
      resume: 's1.1',
    });
    expect(JSON.parse(last(b).text)).toEqual({ ...JSON.parse(last(a).text), seq: 2 });
    hub.close();
  });

  it('keeps every position of the replay window, whatever their number, and the oldest past it only by count', () => {
    let now = 0;
    const hub = new PushHub({ streamId: 's1', replayChanges: 3, replayMs: 60_000, now: () => now });
    for (let seq = 1; seq <= 10; seq++) {
      hub.publish({ seq, version: seq, changes: [change(1 + seq / 100)] });
      now += 5_000; // positions 1..10 published at 0 s..45 s
    }
    // 10 changes, over the count of 3, but all within 60 s: a client from position 1 resumes.
    expect(hub.entriesAfter(1)?.map((e) => e.seq)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    now = 80_000;
    hub.publish({ seq: 11, version: 11, changes: [change(1.5)] });
    // Positions older than 60 s are dropped down to the count; younger ones stay.
    expect(hub.entriesAfter(1)).toBeUndefined();
    expect(hub.entriesAfter(4)?.map((e) => e.seq)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(hub.entriesAfter(3)).toBeUndefined();
    hub.close();
  });

  it('drops positions past the memory bound, however young', () => {
    const hub = new PushHub({ streamId: 's1', replayChanges: 2, replayMaxChanges: 4, now: () => 0 });
    for (let seq = 1; seq <= 6; seq++) hub.publish({ seq, version: seq, changes: [change(1.1)] });
    expect(hub.entriesAfter(2)?.map((e) => e.seq)).toEqual([3, 4, 5, 6]);
    expect(hub.entriesAfter(1)).toBeUndefined();
  });
});
