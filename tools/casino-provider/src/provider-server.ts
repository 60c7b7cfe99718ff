import { randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  FairRandom,
  GameInputError,
  newClientSeed,
  newServerSeed,
  slotGame,
  type SlotDefinition,
} from '@tessera/server/casino-games';
import desertGold from './games/desert-gold.json';
import luckyLanterns from './games/lucky-lanterns.json';
import nordicRunes from './games/nordic-runes.json';
import { PlatformClient, type Fault, type WalletAction } from './platform-client';
import { renderErrorPage, renderGamePage } from './provider-page';

/** The names the provider publishes its games under. */
const TITLES: Readonly<Record<string, string>> = {
  'lucky-lanterns': 'Lucky Lanterns',
  'nordic-runes': 'Nordic Runes',
  'desert-gold': 'Desert Gold',
};

/** A game the provider publishes: one of its slot variants under an id, title, tags and new flag of its own. */
export interface ProviderGame {
  /** The provider's game id (what the launch URL names and the wallet calls carry). */
  id: string;
  title: string;
  /** The variant it plays (its reels, paytable, RTP and largest win). */
  game: ReturnType<typeof slotGame>;
  tags: readonly string[];
  isNew: boolean;
  /** Lobby filing as the provider publishes it (the first is the game's own). */
  categories: readonly string[];
}

const VARIANTS = [luckyLanterns, nordicRunes, desertGold].map((d) => slotGame(d as SlotDefinition));
const OWN: Readonly<Record<string, Pick<ProviderGame, 'isNew' | 'categories'>>> = {
  'lucky-lanterns': { isNew: true, categories: ['slots', 'new'] },
  'nordic-runes': { isNew: false, categories: ['slots', 'popular'] },
  'desert-gold': { isNew: false, categories: ['slots'] },
};
const TAG_SETS: readonly (readonly string[])[] = [['free-spins', 'wilds'], ['wilds'], ['free-spins']];

/**
 * The games the provider publishes: its three slot variants, then (`count` above 3, PROVIDER_GAME_COUNT) generated
 * games up to `count`, deterministically: game i (0-based) plays variant i mod 3 under the id `<variant>-<i+1, 4
 * digits>` and the title `<variant title> <i+1, 4 digits>`, tags cycling through three sets, new every 11th, popular
 * every 7th. The platform lists the same games from its own copy of this rule (`sandboxProviderGames`,
 * `CASINO_PROVIDER_GAME_COUNT`; a test compares the two).
 */
export function providerGames(count: number = VARIANTS.length): Map<string, ProviderGame> {
  const games = new Map<string, ProviderGame>();
  for (let i = 0; i < Math.max(count, VARIANTS.length); i++) {
    const game = VARIANTS[i % VARIANTS.length] as (typeof VARIANTS)[number];
    const title = TITLES[game.info.id] ?? game.info.id;
    if (i < VARIANTS.length) {
      const own = OWN[game.info.id] ?? { isNew: false, categories: ['slots'] };
      games.set(game.info.id, { id: game.info.id, title, game, tags: ['free-spins', 'wilds'], ...own });
      continue;
    }
    const n = String(i + 1).padStart(4, '0');
    const isNew = i % 11 === 0;
    games.set(`${game.info.id}-${n}`, {
      id: `${game.info.id}-${n}`,
      title: `${title} ${n}`,
      game,
      tags: TAG_SETS[i % TAG_SETS.length] as readonly string[],
      isNew,
      categories: ['slots', ...(isNew ? ['new'] : []), ...(i % 7 === 0 ? ['popular'] : [])],
    });
  }
  return games;
}

/** The sandbox provider's own slot variants: the in-house slot engine with reels and paytables of their own. */
export const PROVIDER_GAMES = providerGames();

/** How the provider process runs (main.ts reads it from the environment). */
export interface ProviderConfig {
  /** The platform's base URL its callbacks go to. */
  platformUrl: string;
  slug: string;
  secret: string;
  /** Origins allowed to frame the game (CSP frame-ancestors) and to receive its messages; `*` patterns as CSP has. */
  allowedParents: readonly string[];
  timeoutMs: number;
  attempts: number;
  backoffMs: number;
  /** How often rollbacks and wins nobody answered yet are sent again; default 5 s. */
  resendIntervalMs: number;
  /** Serve /__dev/* (faults, the callback log); off in production unless asked for. */
  devControls: boolean;
  faults: Fault[];
  /** How many games it publishes (PROVIDER_GAME_COUNT): its variants, then generated ones (`providerGames`). */
  gameCount?: number;
  log: (line: string) => void;
}

interface Session {
  id: string;
  token: string;
  gameId: string;
  currency: string;
  language: string;
  parent: string;
  balance: number;
  busy: boolean;
  lastSeen: number;
}

/** A call that must reach the platform in the end (a rollback of an unanswered bet, a win): sent again until answered. */
interface Pending {
  action: WalletAction;
  body: Record<string, unknown>;
  since: string;
}

const id = (prefix: string) => `${prefix}-${randomBytes(9).toString('base64url')}`;

function originMatches(origin: string, pattern: string): boolean {
  if (pattern === origin) return true;
  // `http://localhost:*` and `https://*.example.com` as CSP writes them.
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[a-z0-9.-]*');
  return new RegExp(`^${escaped}$`).test(origin);
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 16_384) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/**
 * The sandbox game provider (README): serves its slot games in a page the platform frames, and moves the money of
 * every round through the platform's seamless wallet over HTTP, as a real provider does: a bet, the draw, a win; a bet
 * whose answer never came is rolled back; a rollback or win nobody answered is sent again until it is.
 */
export function createProviderServer(config: ProviderConfig): {
  server: http.Server;
  client: PlatformClient;
  games: ReadonlyMap<string, ProviderGame>;
  pending: Pending[];
  resendPending: () => Promise<void>;
  stop: () => void;
} {
  const client = new PlatformClient({
    platformUrl: config.platformUrl,
    slug: config.slug,
    secret: config.secret,
    timeoutMs: config.timeoutMs,
    attempts: config.attempts,
    backoffMs: config.backoffMs,
    log: config.log,
  });
  client.setFaults(config.faults);
  const sessions = new Map<string, Session>();
  const pending: Pending[] = [];
  const games = config.gameCount === undefined ? PROVIDER_GAMES : providerGames(config.gameCount);

  /** Delivers a call that must land: unanswered, it waits in `pending` and is sent again later. */
  const mustLand = async (action: WalletAction, body: Record<string, unknown>) => {
    const delivery = await client.deliver(action, body);
    if (delivery.kind === 'unanswered') pending.push({ action, body, since: new Date().toISOString() });
    return delivery;
  };
  let resending = false;
  const resendPending = async () => {
    if (resending) return;
    resending = true;
    try {
      for (const item of [...pending]) {
        const delivery = await client.deliver(item.action, item.body);
        if (delivery.kind === 'answered') pending.splice(pending.indexOf(item), 1);
      }
    } finally {
      resending = false;
    }
  };
  const timer = setInterval(() => void resendPending(), config.resendIntervalMs);
  timer.unref();

  const launch = async (url: URL, response: http.ServerResponse, nonce: string) => {
    const token = url.searchParams.get('token') ?? '';
    const gameId = url.searchParams.get('game') ?? '';
    const currency = url.searchParams.get('currency') ?? '';
    const language = (url.searchParams.get('lang') ?? 'en').slice(0, 10);
    const parent = url.searchParams.get('parent') ?? '';
    const entry = games.get(gameId);
    const allowed = config.allowedParents.some((p) => originMatches(parent, p));
    const page = (status: number, html: string, ancestors: string) => {
      response.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`,
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      });
      response.end(html);
    };
    if (!allowed) return page(403, renderErrorPage('This game cannot be opened here.', nonce, language), "'none'");
    if (!entry) return page(404, renderErrorPage('There is no such game.', nonce, language), parent);
    const balance = await client.deliver('balance', { token, gameId });
    if (balance.kind === 'unanswered')
      return page(503, renderErrorPage('The casino did not answer. Try again in a moment.', nonce, language), parent);
    if (balance.body['status'] !== 'OK') {
      const expired = balance.body['code'] === 'TOKEN_EXPIRED';
      return page(
        401,
        renderErrorPage(
          expired ? 'This game link has expired. Open the game again from the casino.' : 'This game link is not valid.',
          nonce,
          language,
        ),
        parent,
      );
    }
    const session: Session = {
      id: id('s'),
      token: String(balance.body['token']),
      gameId,
      currency: String(balance.body['currency'] ?? currency),
      language,
      parent,
      balance: Number(balance.body['balance']),
      busy: false,
      lastSeen: Date.now(),
    };
    sessions.set(session.id, session);
    const slot = entry.game.slot;
    page(
      200,
      renderGamePage({
        nonce,
        sessionId: session.id,
        title: entry.title,
        currency: session.currency,
        language,
        parent,
        balance: session.balance,
        stakes: [1, 2, 5, 10].map((m) => m * slot.lines.length),
      }),
      parent,
    );
  };

  const spin = async (body: Record<string, unknown>, response: http.ServerResponse) => {
    const session = typeof body['session'] === 'string' ? sessions.get(body['session']) : undefined;
    if (!session) return sendJson(response, 401, { error: 'session_unknown', message: 'Open the game again.' });
    const entry = games.get(session.gameId);
    if (!entry) return sendJson(response, 404, { error: 'game_unknown' });
    if (session.busy) return sendJson(response, 409, { error: 'round_in_progress', message: 'A round is running.' });
    let stake: number;
    try {
      stake = entry.game.check({ stake: body['stake'] }).stake;
    } catch (error) {
      if (error instanceof GameInputError)
        return sendJson(response, 422, { error: 'invalid_stake', message: error.message });
      throw error;
    }
    session.busy = true;
    session.lastSeen = Date.now();
    try {
      const roundId = id('r');
      const betId = id('bet');
      const common = { token: session.token, roundId, gameId: session.gameId };
      const bet = await client.deliver('bet', {
        ...common,
        transactionId: betId,
        amount: stake,
        currency: session.currency,
      });
      if (bet.kind === 'unanswered') {
        // The platform may or may not have taken the stake: the bet is rolled back, so either way it is returned.
        const rollback = await mustLand('rollback', {
          ...common,
          transactionId: id('rb'),
          referenceTransactionId: betId,
        });
        if (rollback.kind === 'answered' && rollback.body['status'] === 'OK')
          session.balance = Number(rollback.body['balance']);
        return sendJson(response, 504, {
          error: 'bet_unanswered',
          roundId,
          message: 'The casino did not confirm the bet. The round was cancelled and any stake is returned.',
          balance: session.balance,
        });
      }
      if (bet.body['status'] !== 'OK')
        return sendJson(response, bet.status, {
          error: String(bet.body['code']),
          message: String(bet.body['message'] ?? ''),
          balance: typeof bet.body['balance'] === 'number' ? bet.body['balance'] : session.balance,
        });
      session.token = String(bet.body['token']);
      // The draw: this provider's own randomness (a fresh seed pair per round).
      const random = new FairRandom({ serverSeed: newServerSeed(), clientSeed: newClientSeed(), nonce: 0 });
      const { win, outcome } = entry.game.play(random, { stake });
      const winCall = await mustLand('win', {
        ...common,
        token: session.token,
        transactionId: id('win'),
        amount: win,
        currency: session.currency,
        roundClosed: true,
      });
      const settled = winCall.kind === 'answered' && winCall.body['status'] === 'OK';
      if (settled) {
        session.balance = Number(winCall.body['balance']);
        session.token = String(winCall.body['token']);
      } else session.balance = Number(bet.body['balance']) + win;
      return sendJson(response, 200, {
        roundId,
        stake,
        win,
        outcome,
        balance: session.balance,
        currency: session.currency,
        // false: the win is owed and is being sent again (the balance shown includes it).
        settled,
      });
    } finally {
      session.busy = false;
    }
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider.invalid');
    const nonce = randomBytes(16).toString('base64');
    const route = `${request.method} ${url.pathname}`;
    const work = async () => {
      if (route === 'GET /health') return sendJson(response, 200, { ok: true });
      if (route === 'GET /games')
        return sendJson(response, 200, {
          games: [...games.values()].map(({ id: gameId, game, title, tags, isNew, categories }) => ({
            id: gameId,
            name: title,
            variant: game.info.id,
            categories,
            tags,
            isNew,
            rtpPercent: game.info.rtpPercent,
            maxWinMultiple: game.info.maxWinMultiple,
            stakeStep: game.slot.lines.length,
          })),
        });
      if (route === 'GET /launch') return launch(url, response, nonce);
      if (route === 'POST /api/spin') {
        // The game page's own calls only (same origin): another site's page cannot spin a player's session.
        const origin = request.headers.origin;
        const host = request.headers.host;
        if (origin && host && new URL(origin).host !== host) return sendJson(response, 403, { error: 'cross_origin' });
        const body = await readJson(request);
        if (!body) return sendJson(response, 400, { error: 'invalid_body' });
        return spin(body, response);
      }
      if (config.devControls) {
        if (route === 'GET /__dev/faults') return sendJson(response, 200, { faults: client.currentFaults() });
        if (route === 'POST /__dev/faults') {
          const body = await readJson(request);
          const faults = parseFaults(body?.['faults']);
          if (!faults) return sendJson(response, 400, { error: 'invalid_faults' });
          client.setFaults(faults);
          return sendJson(response, 200, { faults: client.currentFaults() });
        }
        if (route === 'GET /__dev/attempts') return sendJson(response, 200, { attempts: client.attempts });
        if (route === 'GET /__dev/pending') return sendJson(response, 200, { pending });
        if (route === 'POST /__dev/pending/resend') {
          await resendPending();
          return sendJson(response, 200, { pending });
        }
      }
      sendJson(response, 404, { error: 'not_found' });
    };
    work().catch((error: unknown) => {
      config.log(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!response.headersSent) sendJson(response, 500, { error: 'internal' });
      else response.end();
    });
  });
  // Sessions idle for an hour are forgotten (the platform's token has long expired by then).
  const sweep = setInterval(() => {
    for (const [key, s] of sessions) if (Date.now() - s.lastSeen > 3_600_000) sessions.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    server,
    client,
    games,
    pending,
    resendPending,
    stop: () => {
      clearInterval(timer);
      clearInterval(sweep);
      server.close();
    },
  };
}

const ACTIONS = new Set(['balance', 'bet', 'win', 'rollback']);
const MODES = new Set(['drop-request', 'drop-answer', 'duplicate', 'delay', 'late']);

/** Faults from JSON (`[{ action, mode, times?, ms? }]`), or undefined when malformed. */
export function parseFaults(value: unknown): Fault[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const faults: Fault[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) return undefined;
    const f = item as Record<string, unknown>;
    const times = f['times'] ?? 1;
    const ms = f['ms'] ?? 0;
    if (!ACTIONS.has(String(f['action'])) || !MODES.has(String(f['mode']))) return undefined;
    if (typeof times !== 'number' || !Number.isInteger(times) || times < 1 || times > 1000) return undefined;
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > 600_000) return undefined;
    faults.push({ action: f['action'] as WalletAction, mode: f['mode'] as Fault['mode'], times, ms });
  }
  return faults;
}

/** Faults from the environment's short form: `bet:drop-answer:1,win:duplicate,bet:late:2:1500`. */
export function parseFaultList(text: string | undefined): Fault[] {
  if (!text?.trim()) return [];
  const parsed = parseFaults(
    text.split(',').map((part) => {
      const [action, mode, times, ms] = part.trim().split(':');
      return { action, mode, times: times ? Number(times) : 1, ms: ms ? Number(ms) : 0 };
    }),
  );
  if (!parsed) throw new Error(`PROVIDER_FAULTS is a list like bet:drop-answer:1,win:duplicate; found ${text}`);
  return parsed;
}
