import { fileURLToPath } from 'node:url';
import type { Database } from '@tessera/server/db';
import { recordDeposit } from '@tessera/server/ledger';
import type { VipBetDesk } from '@tessera/server/bets';
import type { FastifyInstance } from 'fastify';
import type { MessageSender, OutgoingMessage } from '@tessera/server/messaging';
import type { PaymentScheduler } from '@tessera/server/payments';
import { buildTestApp, loadFixtureRegistry } from '../../../testing/test-app';
import type { BuildAppOptions } from '../../../app';
import { Browser } from '../../auth/testing/accounts-test-kit';
import type { FeedService } from '@tessera/server/feed';
import type {
  FeedBatch,
  FeedEvent,
  FeedGame,
  FeedProviderMarket as FeedMarket,
  FeedSnapshot,
  FeedSource,
} from '@tessera/shared/contract-api';
import { ControllableFeed } from '@tessera/server/bets';

/** betbet: EUR (min 0.50, max 1000) and KZT; kz default; de: no sale, part sale, auto-bet or system, 5% stake tax, no deposits; pl: every coupon feature off but the sale of a whole bet; at: tennis (sport 2) disallowed, cyber, virtual and live off; ch: the pre-match line off. */
export const betsBrandsDir = fileURLToPath(new URL('./brands', import.meta.url));

/** The host of the test brand. */
export const HOST = 'betbet.example';

/** Game ids of the scripted feed: 48 football games, 1x2 at 2.00 / 3.40 / 3.80 and a total 2.25 at 1.90 / 1.90. */
export const GAME_IDS = Array.from({ length: 48 }, (_, i) => 1001 + i);

/**
 * Games of other sports, in the scripted feed of {@link buildBetsApp} with `offerGames`: tennis (sport 2, which betbet
 * in `at` disallows), cyber football (sport 85) and virtual football (sport 90), which `at` switches off. Same markets.
 */
export const OFFER_GAMES = { tennis: 2001, cyber: 2002, virtual: 2003 } as const;

/** Outcome ids of a scripted game. */
export function outcome(gameId: number, code: 'home' | 'draw' | 'away' | 'over' | 'under'): string {
  return code === 'over' || code === 'under' ? `${gameId}:total:2.25:${code}` : `${gameId}:1x2:${code}`;
}

function markets(gameId: number): FeedMarket[] {
  const o = (marketId: string, code: string, odds: number) => ({
    id: `${marketId}:${code}`,
    code,
    nameKey: `feed:outcome.${code}`,
    odds,
    status: 'open' as const,
  });
  return [
    {
      id: `${gameId}:1x2`,
      gameId,
      groupId: 'main',
      type: '1x2',
      status: 'open',
      outcomes: [o(`${gameId}:1x2`, 'home', 2), o(`${gameId}:1x2`, 'draw', 3.4), o(`${gameId}:1x2`, 'away', 3.8)],
    },
    {
      id: `${gameId}:total:2.25`,
      gameId,
      groupId: 'main',
      type: 'total',
      line: 2.25,
      status: 'open',
      outcomes: [o(`${gameId}:total:2.25`, 'over', 1.9), o(`${gameId}:total:2.25`, 'under', 1.9)],
    },
  ];
}

/** A feed whose every move the test makes: deterministic odds, suspensions and results. */
export class ScriptedFeed implements FeedSource {
  readonly name = 'scripted';
  private seq = 0;
  private readonly listeners = new Set<(batch: FeedBatch) => void>();
  private readonly state: FeedSnapshot;

  constructor(start = Date.UTC(2026, 10, 22, 12, 0, 0), options: { offerGames?: boolean } = {}) {
    const extra = options.offerGames
      ? [
          { id: OFFER_GAMES.tennis, sportId: 2, champId: 20 },
          { id: OFFER_GAMES.cyber, sportId: 85, champId: 850 },
          { id: OFFER_GAMES.virtual, sportId: 90, champId: 900 },
        ]
      : [];
    const ids = [...GAME_IDS, ...extra.map((g) => g.id)];
    const games: FeedGame[] = GAME_IDS.map((id, i) => ({
      id,
      sportId: 1,
      champId: 10,
      home: { id: 10_000 + 2 * i, name: `Home ${id}` },
      away: { id: 10_001 + 2 * i, name: `Away ${id}` },
      startsAt: start + 3_600_000,
      status: 'prematch' as const,
    }));
    extra.forEach((g, i) =>
      games.push({
        ...g,
        home: { id: 20_000 + 2 * i, name: `Home ${g.id}` },
        away: { id: 20_001 + 2 * i, name: `Away ${g.id}` },
        startsAt: start + 3_600_000,
        status: 'prematch',
      }),
    );
    this.state = {
      at: start,
      seq: 0,
      sports: [
        { id: 1, nameKey: 'feed:sport.football', name: 'Football', kind: 'regular', mainMarketType: '1x2' },
        ...(options.offerGames
          ? [
              { id: 2, nameKey: 'feed:sport.tennis', name: 'Tennis', kind: 'regular' as const, mainMarketType: '1x2' },
              {
                id: 85,
                nameKey: 'feed:sport.cyberFootball',
                name: 'Cyber football',
                kind: 'cyber' as const,
                mainMarketType: '1x2',
              },
              {
                id: 90,
                nameKey: 'feed:sport.virtualFootball',
                name: 'Virtual football',
                kind: 'virtual' as const,
                mainMarketType: '1x2',
              },
            ]
          : []),
      ],
      countries: [{ id: 1, iso: 'kz', name: 'Kazakhstan', region: false }],
      championships: [
        { id: 10, sportId: 1, countryId: 1, name: 'Premier League', tier: 1 },
        ...(options.offerGames
          ? [
              { id: 20, sportId: 2, countryId: 1, name: 'Open', tier: 1 },
              { id: 850, sportId: 85, countryId: 1, name: 'Cyber League', tier: 1 },
              { id: 900, sportId: 90, countryId: 1, name: 'Virtual League', tier: 1 },
            ]
          : []),
      ],
      marketGroups: [{ id: 'main', nameKey: 'feed:group.main', order: 0 }],
      games,
      markets: Object.fromEntries(ids.map((id) => [id, markets(id)])),
    };
  }

  snapshot(): FeedSnapshot {
    return structuredClone({ ...this.state, seq: this.seq });
  }

  subscribe(listener: (batch: FeedBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(draft: Record<string, unknown> & { type: FeedEvent['type']; gameId: number }): void {
    this.seq += 1;
    const event = { ...draft, seq: this.seq, at: this.state.at } as unknown as FeedEvent;
    for (const listener of this.listeners) listener({ from: this.seq, to: this.seq, events: [event] });
  }

  private outcomeOf(outcomeId: string) {
    const gameId = Number(outcomeId.split(':')[0]);
    for (const market of this.state.markets[gameId] ?? []) {
      const found = market.outcomes.find((o) => o.id === outcomeId);
      if (found) return { gameId, market, outcome: found };
    }
    throw new Error(`no outcome ${outcomeId}`);
  }

  /** Moves an outcome's odds. */
  setOdds(outcomeId: string, odds: number): void {
    const { gameId, market, outcome: o } = this.outcomeOf(outcomeId);
    const oldOdds = o.odds;
    o.odds = odds;
    this.emit({ type: 'odds.changed', gameId, marketId: market.id, outcomeId, oldOdds, newOdds: odds });
  }

  /** Suspends a market. */
  suspend(marketId: string): void {
    const gameId = Number(marketId.split(':')[0]);
    const market = (this.state.markets[gameId] ?? []).find((m) => m.id === marketId);
    if (market) market.status = 'suspended';
    this.emit({ type: 'market.suspended', gameId, marketId, reason: 'danger' });
  }

  /** Kicks a game off: it is live from now, 0-0. */
  start(gameId: number): void {
    const game = this.state.games.find((g) => g.id === gameId);
    const live = { period: 1, clockSeconds: 0, clockRunning: true, score: { home: 0, away: 0 }, periodScores: [] };
    if (game) Object.assign(game, { status: 'live', live });
    this.emit({ type: 'game.started', gameId, live });
  }

  /** A goal or any other change of a live game's score. */
  score(gameId: number, score: { home: number; away: number }): void {
    const game = this.state.games.find((g) => g.id === gameId);
    if (game?.live) game.live.score = { ...score };
    this.emit({ type: 'score.changed', gameId, period: 1, score, periodScores: [] });
  }

  /** Finishes a game with explicit outcome results (unlisted outcomes: lost). */
  finish(gameId: number, score: { home: number; away: number }, results: Record<string, string>): void {
    const outcomes: Record<string, string> = {};
    for (const market of this.state.markets[gameId] ?? [])
      for (const o of market.outcomes) outcomes[o.id] = results[o.id] ?? 'lost';
    const game = this.state.games.find((g) => g.id === gameId);
    if (game) game.status = 'finished';
    this.emit({
      type: 'game.finished',
      gameId,
      result: { gameId, status: 'finished', score, periodScores: [], outcomes, settledAt: this.state.at },
    });
  }
}

/** A payment scheduler the test runs by hand. */
export class SteppedScheduler implements PaymentScheduler {
  private tasks: Array<() => Promise<void>> = [];

  schedule(task: () => Promise<void>): void {
    this.tasks.push(task);
  }

  /** Runs every task scheduled so far (and those they schedule), until none is left. */
  async runAll(): Promise<void> {
    while (this.tasks.length > 0) {
      const batch = this.tasks;
      this.tasks = [];
      for (const task of batch) await task();
    }
  }
}

/** An e-mail and SMS gateway that keeps what it is asked to send, so the kit reads registration codes in any mode. */
class CapturingSender implements MessageSender {
  readonly messages: OutgoingMessage[] = [];

  async send(message: OutgoingMessage): Promise<void> {
    this.messages.push(message);
  }
}

const gateways = new WeakMap<FastifyInstance, CapturingSender>();

/** The app over betbet, following a scripted feed through the controllable wrapper. */
export async function buildBetsApp(
  db: Database,
  overrides: {
    mode?: 'test' | 'production';
    clock?: () => Date;
    vipDesk?: VipBetDesk | null;
    offerGames?: boolean;
    /** Shared mode (apps/api/src/cluster): the Redis store of the per-address limits, and the limit itself. */
    shared?: BuildAppOptions['shared'];
    rateLimitPerMinute?: number;
  } = {},
): Promise<{
  app: FastifyInstance;
  service: FeedService;
  feed: ScriptedFeed;
  control: ControllableFeed;
  scheduler: SteppedScheduler;
}> {
  const feed = new ScriptedFeed(undefined, { offerGames: overrides.offerGames === true });
  const control = new ControllableFeed(feed);
  const scheduler = new SteppedScheduler();
  const gateway = new CapturingSender();
  let service: FeedService | undefined;
  const app = await buildTestApp(db, {
    brandsDir: betsBrandsDir,
    brandRegistry: await loadFixtureRegistry(betsBrandsDir),
    rateLimitPerMinute: overrides.rateLimitPerMinute ?? 100_000,
    ...(overrides.shared ? { shared: overrides.shared } : {}),
    mode: overrides.mode ?? 'test',
    logger: false,
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    feed: { provider: control, flushIntervalMs: 60_000, onService: (s) => (service = s) },
    feedControl: control,
    payments: { sandbox: { scheduler, confirmDelayMs: 0 } },
    messageSender: gateway,
    ...(overrides.vipDesk !== undefined ? { vipDesk: overrides.vipDesk } : {}),
  });
  gateways.set(app, gateway);
  await app.ready();
  if (!service) throw new Error('feed service not started');
  return { app, service, feed, control, scheduler };
}

let counter = 0;

/**
 * Registers a new account (short variant) in a browser of the test brand; answers the browser and the account id. A
 * registration by e-mail is finished through the address (ADR 0202): its code is read from the development outbox.
 */
export async function signUp(
  app: FastifyInstance,
  country: 'kz' | 'de' | 'pl' | 'at' | 'ch' = 'kz',
  currency = 'EUR',
): Promise<{ browser: Browser; userId: string }> {
  const browser = new Browser(app, HOST);
  counter += 1;
  const email = `bettor${counter}.${Date.now()}@example.com`;
  let res = await browser.post('/web-api/user/registration', {
    variant: 'short',
    age_confirmed: true,
    email,
    password: 'Secret-pass-1',
    country,
    currency,
  });
  if (res.statusCode === 202)
    res = await browser.post('/web-api/user/registration/confirm', { email, code: await registrationCode(app, email) });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  return { browser, userId: (res.json() as { account_id: string }).account_id };
}

/** The registration code sent to an address (just after the answer): from the app's gateway, else the development outbox. */
async function registrationCode(app: FastifyInstance, email: string): Promise<string> {
  const gateway = gateways.get(app);
  for (let i = 0; i < 300; i++) {
    const texts = gateway
      ? gateway.messages.filter((m) => m.to === email.toLowerCase()).map((m) => m.text)
      : (
          (
            (
              await app.inject({ url: `/__dev/outbox?to=${encodeURIComponent(email)}`, headers: { host: HOST } })
            ).json() as { messages?: Array<{ text: string }> }
          ).messages ?? []
        ).map((m) => m.text);
    const code = texts.map((t) => /registration code: (\d{6})/.exec(t)?.[1]).find((c) => c !== undefined);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no registration code for ${email}`);
}

/** Credits a user's main wallet through the ledger (as a confirmed deposit would). */
export async function fund(db: Database, userId: string, amount: number, currency = 'EUR'): Promise<void> {
  await recordDeposit(db, {
    brandId: 'betbet',
    userId,
    currency,
    amount: Math.round(amount * 100),
    provider: 'test',
    reference: `fund-${userId}-${counter++}-${Date.now()}`,
  });
}

/** The EUR main balance the account of a browser shows (`GET /account-api/user/balance`). */
export async function eurBalance(browser: Browser): Promise<number> {
  const res = await browser.get('/account-api/user/balance');
  if (res.statusCode !== 200) throw new Error(`balance answered ${res.statusCode}: ${res.body}`);
  const entry = (res.json() as { accounts: Array<{ iso: string; money: number }> }).accounts.find(
    (a) => a.iso === 'EUR',
  );
  return entry?.money ?? 0;
}

/** Asks `check` every 10 ms until it holds; fails naming `what` after `tries` asks (default 400, about 4 s). */
export async function until(check: () => Promise<boolean>, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}
