import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ControllableFeed } from '@tessera/server/bets';
import { readExternalProvidersEnv, SANDBOX_PROVIDER_GAMES } from '@tessera/server/casino';
import { describeEachDatabase, type Database } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import { SandboxExclusionRegister, SANDBOX_REGISTER_LISTINGS, TestClock } from '@tessera/server/responsible';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../testing/free-port';
import { buildTestApp, loadFixtureRegistry } from '../../testing/test-app';
import type { Browser } from '../auth/testing/accounts-test-kit';
import { eurBalance, fund, ScriptedFeed, SteppedScheduler } from '../bets/testing/bets-test-kit';
import { guardBrandsDir, signUpGuard } from '../responsible/testing/responsible-test-kit';

// The platform and the sandbox provider, its own process (tools/casino-provider), each listen on a free port: every
// wallet call below crosses a real process boundary over HTTP, as it does in production.
const [PLATFORM_PORT, PROVIDER_PORT] = [await freePort(), await freePort()];
const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;
const PROVIDER = `http://127.0.0.1:${PROVIDER_PORT}`;
const SECRET = 'vitest-casino-provider-secret-0123456789abcdef';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const GAME = 'northlight-lucky-lanterns';

type Spin = { roundId: string; stake: number; win: number; balance: number; settled: boolean };
type Attempt = { action: string; transactionId: string; attempt: number; fault?: string; outcome: string };

async function startProvider(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/casino-provider/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      CASINO_PROVIDER_PORT: String(PROVIDER_PORT),
      PLATFORM_URL: PLATFORM,
      CASINO_PROVIDER_SECRET: SECRET,
      PROVIDER_ALLOWED_PARENTS: 'http://guardbet.example',
      PROVIDER_TIMEOUT_MS: '1500',
      PROVIDER_ATTEMPTS: '3',
      PROVIDER_BACKOFF_MS: '50',
      PROVIDER_RESEND_MS: '3600000',
      PROVIDER_FAULTS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the provider exited: ${output}`);
    const up = await fetch(`${PROVIDER}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`the provider did not start: ${output}`);
}

async function buildPlatform(db: Database, clock: TestClock): Promise<FastifyInstance> {
  const feed = new ControllableFeed(new ScriptedFeed());
  const app = await buildTestApp(db, {
    brandsDir: guardBrandsDir,
    brandRegistry: await loadFixtureRegistry(guardBrandsDir),
    rateLimitPerMinute: 100_000,
    mode: 'test',
    clock: clock.now,
    logger: false,
    feed: { provider: feed, flushIntervalMs: 60_000 },
    feedControl: feed,
    payments: { sandbox: { scheduler: new SteppedScheduler(), confirmDelayMs: 0 } },
    responsible: {
      testClock: clock,
      registers: { sandbox: new SandboxExclusionRegister([...SANDBOX_REGISTER_LISTINGS]) },
      registerTimeoutMs: 150,
    },
    casinoExternal: {
      providers: readExternalProvidersEnv({ CASINO_PROVIDER_URL: PROVIDER, CASINO_PROVIDER_SECRET: SECRET }, true),
    },
  });
  await app.listen({ port: PLATFORM_PORT, host: '127.0.0.1' });
  return app;
}

async function setFaults(faults: object[]): Promise<void> {
  const res = await fetch(`${PROVIDER}/__dev/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  expect(res.status).toBe(200);
}

async function attemptsOf(transactionPrefix?: string): Promise<Attempt[]> {
  const { attempts } = (await (await fetch(`${PROVIDER}/__dev/attempts`)).json()) as { attempts: Attempt[] };
  return transactionPrefix ? attempts.filter((a) => a.transactionId?.startsWith(transactionPrefix)) : attempts;
}

/** Opens the game as the platform's frame does: the launch URL, then the provider's page and its session. */
async function openGame(browser: Browser, gameId = GAME): Promise<{ session: string; token: string; page: Response }> {
  const launch = await browser.post(`/web-api/casino/games/${gameId}/external-launch`, {});
  expect(launch.statusCode).toBe(200);
  const { url, origin } = launch.json() as { url: string; origin: string };
  expect(origin).toBe(PROVIDER);
  const page = await fetch(url);
  const html = await page.clone().text();
  const session = /"session":"([^"]+)"/.exec(html)?.[1];
  if (!session) throw new Error(`no session in the provider's page (${page.status}): ${html.slice(0, 300)}`);
  return { session, token: new URL(url).searchParams.get('token') ?? '', page };
}

async function spin(session: string, stake: number): Promise<{ status: number; body: Spin & Record<string, unknown> }> {
  const res = await fetch(`${PROVIDER}/api/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session, stake }),
  });
  return { status: res.status, body: (await res.json()) as Spin & Record<string, unknown> };
}

/** A wallet call sent by the test itself, signed as the provider signs (or not). */
async function asProvider(
  action: string,
  body: object,
  options: { secret?: string; at?: Date; signature?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const text = JSON.stringify(body);
  const t = Math.floor((options.at ?? new Date()).getTime() / 1000);
  const signature =
    options.signature ??
    `t=${t},v1=${createHmac('sha256', options.secret ?? SECRET)
      .update(`${t}.${text}`)
      .digest('hex')}`;
  const res = await fetch(`${PLATFORM}/casino-provider-api/northlight/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-casino-signature': signature },
    body: text,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function transactions(db: Database, roundId: string) {
  const { rows } = await db.query<{ transaction_id: string; kind: string; status: string; amount: string }>(
    `select transaction_id, kind, status, amount::text as amount from casino_external_transactions
     where provider = 'northlight' and round_id = $1 order by created_at, kind`,
    [roundId],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

const cents = (euros: number) => Math.round(euros * 100);

describeEachDatabase(
  'external casino provider over a real process boundary: seamless wallet, lost and repeated callbacks',
  (ctx) => {
    let app: FastifyInstance;
    let provider: ChildProcess;
    const clock = new TestClock();

    beforeAll(async () => {
      app = await buildPlatform(ctx.db, clock);
      provider = await startProvider();
    }, 60_000);
    afterAll(async () => {
      provider?.kill('SIGTERM');
      await app?.close();
    });
    afterEach(async () => {
      await setFaults([]);
      expect(await verifyLedger(ctx.db)).toMatchObject({ ok: true });
    });

    it('the lobby mixes in-house and external games, with the provider named; its list matches what it serves', async () => {
      const { browser } = await signUpGuard(app, 'kz');
      const catalogue = (await browser.get('/web-api/casino/catalogue')).json() as {
        providers: { id: number; slug: string; name: string; games: number }[];
        games: { id: string; provider: number; name?: string; external?: boolean; demo: boolean }[];
      };
      expect(catalogue.providers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: 1, name: 'Tessera Originals' }),
          { id: 2, slug: 'northlight', name: 'Northlight Games', games: 3 },
        ]),
      );
      const external = catalogue.games.filter((g) => g.provider === 2);
      expect(external.map((g) => g.name).sort()).toEqual(['Desert Gold', 'Lucky Lanterns', 'Nordic Runes']);
      expect(external.every((g) => g.external === true && g.demo === false)).toBe(true);
      expect(catalogue.games.some((g) => g.provider === 1 && !g.external)).toBe(true);
      // The provider's own list (what it certified) is what the platform lists.
      const served = (await (await fetch(`${PROVIDER}/games`)).json()) as {
        games: {
          id: string;
          name: string;
          rtpPercent: string;
          maxWinMultiple: number;
          categories: string[];
          tags: string[];
          isNew: boolean;
        }[];
      };
      expect(
        served.games.map(({ id, name, rtpPercent, maxWinMultiple, categories, tags, isNew }) => ({
          id,
          name,
          rtpPercent,
          maxWinMultiple,
          categories,
          tags,
          isNew,
        })),
      ).toEqual(
        SANDBOX_PROVIDER_GAMES.map((g) => ({
          id: g.providerGameId,
          name: g.name,
          rtpPercent: g.rtpPercent,
          maxWinMultiple: g.maxWinMultiple,
          categories: g.categories,
          tags: g.tags,
          isNew: g.isNew,
        })),
      );
      // The game page may frame the provider, and nothing else outside the site.
      const page = await browser.get(`/en/casino/game/${GAME}`);
      expect(page.statusCode).toBe(200);
      expect(String(page.headers['content-security-policy'])).toMatch(
        new RegExp(`frame-src 'self' http://127\\.0\\.0\\.1:${PROVIDER_PORT}(;|$)`),
      );
    });

    it('a bet and a win each move the wallet once, as balanced ledger transactions', async () => {
      const { browser, userId } = await signUpGuard(app, 'kz');
      await fund(ctx.db, userId, 20);
      const { session, page } = await openGame(browser);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://guardbet.example');
      const round = await spin(session, 100);
      expect(round.status).toBe(200);
      expect(round.body).toMatchObject({ stake: 100, settled: true });
      expect(await eurBalance(browser)).toBeCloseTo(20 - 1 + round.body.win / 100, 2);
      expect(round.body.balance).toBe(cents(20 - 1) + round.body.win);
      const rows = await transactions(ctx.db, round.body.roundId);
      expect(rows.map((r) => [r.kind, r.status, r.amount])).toEqual([
        ['bet', 'done', 100],
        ['win', 'done', round.body.win],
      ]);
      const { rows: ledger } = await ctx.db.query<{ kind: string }>(
        `select kind from ledger_transactions where metadata->>'roundId' = $1 order by created_at`,
        [round.body.roundId],
      );
      expect(ledger.map((l) => l.kind)).toEqual(
        round.body.win > 0 ? ['casino.external.bet', 'casino.external.win'] : ['casino.external.bet'],
      );
    });

    it('a bet whose answer is lost is retried with the same id, then rolled back: the stake comes back once', async () => {
      const { browser, userId } = await signUpGuard(app, 'kz');
      await fund(ctx.db, userId, 10);
      const { session } = await openGame(browser);
      await setFaults([{ action: 'bet', mode: 'drop-answer', times: 3 }]);
      const before = (await attemptsOf()).length;
      const round = await spin(session, 200);
      expect(round.status).toBe(504);
      expect(round.body).toMatchObject({ error: 'bet_unanswered', balance: cents(10) });
      expect(await eurBalance(browser)).toBe(10);
      const attempts = (await attemptsOf()).slice(before);
      const bets = attempts.filter((a) => a.action === 'bet');
      expect(bets).toHaveLength(3);
      expect(new Set(bets.map((b) => b.transactionId)).size).toBe(1);
      expect(attempts.find((a) => a.action === 'rollback')?.outcome).toBe('200 OK');
      const rows = await transactions(ctx.db, String(round.body.roundId));
      expect(rows.map((r) => [r.kind, r.status, r.amount])).toEqual([
        ['bet', 'rolled_back', 200],
        ['rollback', 'done', 200],
      ]);
    });

    it('repeated callbacks (duplicated, or an answer lost and retried) never move money twice', async () => {
      const { browser, userId } = await signUpGuard(app, 'kz');
      await fund(ctx.db, userId, 10);
      const { session } = await openGame(browser);
      await setFaults([
        { action: 'bet', mode: 'duplicate' },
        { action: 'win', mode: 'drop-answer' },
      ]);
      const before = (await attemptsOf()).length;
      const round = await spin(session, 100);
      expect(round.status).toBe(200);
      expect(await eurBalance(browser)).toBeCloseTo(10 - 1 + round.body.win / 100, 2);
      const wins = (await attemptsOf()).slice(before).filter((a) => a.action === 'win');
      // The first answer was lost on the way back; the retry, same id, is answered as the duplicate it is.
      expect(wins.map((w) => w.outcome)).toEqual(['timeout', '200 OK duplicate']);
      expect(wins[0]?.transactionId).toBe(wins[1]?.transactionId);
      const rows = await transactions(ctx.db, round.body.roundId);
      expect(rows.map((r) => [r.kind, r.amount])).toEqual([
        ['bet', 100],
        ['win', round.body.win],
      ]);
    });

    it('a bet arriving after its rollback is refused: the rollback left a tombstone under its id', async () => {
      const { browser, userId } = await signUpGuard(app, 'kz');
      await fund(ctx.db, userId, 10);
      const { session } = await openGame(browser);
      // Every attempt of the bet is given up at once and still reaches the platform 1.5 s later.
      await setFaults([{ action: 'bet', mode: 'late', times: 3, ms: 1500 }]);
      const round = await spin(session, 100);
      expect(round.status).toBe(504);
      const roundId = String(round.body.roundId);
      await expect
        .poll(
          async () =>
            (await attemptsOf()).filter((a) => a.fault === 'late' && a.outcome.startsWith('late answer')).length,
          {
            timeout: 10_000,
          },
        )
        .toBeGreaterThanOrEqual(3);
      const late = (await attemptsOf()).filter((a) => a.fault === 'late' && a.outcome.startsWith('late answer'));
      expect(late.slice(-3).map((a) => a.outcome)).toEqual(Array(3).fill('late answer 409 BET_ROLLED_BACK'));
      expect(await eurBalance(browser)).toBe(10);
      const rows = await transactions(ctx.db, roundId);
      expect(rows.map((r) => [r.kind, r.status, r.amount])).toEqual([
        ['bet', 'tombstone', 0],
        ['rollback', 'done', 0],
      ]);
    });

    it('forged, stale and unsigned callbacks are refused before anything is read', async () => {
      const { browser, userId } = await signUpGuard(app, 'kz');
      await fund(ctx.db, userId, 10);
      const { token } = await openGame(browser);
      const bet = {
        token,
        transactionId: 'forged-1',
        roundId: 'forged-r1',
        gameId: 'lucky-lanterns',
        amount: 100,
        currency: 'EUR',
      };
      const forged = await asProvider('bet', bet, { secret: 'another-secret-another-secret-another' });
      expect(forged).toEqual({
        status: 401,
        body: expect.objectContaining({ status: 'ERROR', code: 'INVALID_SIGNATURE', retry: false }),
      });
      const stale = await asProvider('bet', bet, { at: new Date(clock.now().getTime() - 301_000) });
      expect(stale.body).toMatchObject({ code: 'INVALID_SIGNATURE' });
      const unsigned = await asProvider('bet', bet, { signature: '' });
      expect(unsigned.status).toBe(401);
      // The body is what was signed: a signature of another body does not carry over.
      const t = Math.floor(clock.now().getTime() / 1000);
      const other = createHmac('sha256', SECRET).update(`${t}.{}`).digest('hex');
      expect((await asProvider('bet', bet, { signature: `t=${t},v1=${other}` })).body).toMatchObject({
        code: 'INVALID_SIGNATURE',
      });
      expect(await eurBalance(browser)).toBe(10);
      expect(await transactions(ctx.db, 'forged-r1')).toEqual([]);
      // A genuine one moves money; a forged token is refused.
      expect((await asProvider('bet', bet, { at: clock.now() })).body).toMatchObject({ status: 'OK', balance: 900 });
      expect((await asProvider('balance', { token: `${token}x` }, { at: clock.now() })).body).toMatchObject({
        code: 'INVALID_TOKEN',
      });
    });

    it('a win for a round with no bet is refused; a rolled-back bet id cannot be reused; same id, other content conflicts', async () => {
      const { browser, userId } = await signUpGuard(app, 'kz');
      await fund(ctx.db, userId, 10);
      const { token } = await openGame(browser);
      const at = () => ({ at: clock.now() });
      const common = { token, gameId: 'lucky-lanterns', currency: 'EUR' };
      const win = await asProvider(
        'win',
        { ...common, transactionId: 'w-unknown', roundId: 'r-unknown', amount: 500 },
        at(),
      );
      expect(win).toEqual({ status: 404, body: expect.objectContaining({ code: 'ROUND_NOT_FOUND' }) });
      const bet = { ...common, transactionId: 'b-1', roundId: 'r-1', amount: 200 };
      expect((await asProvider('bet', bet, at())).body).toMatchObject({ status: 'OK', balance: 800, duplicate: false });
      expect((await asProvider('bet', bet, at())).body).toMatchObject({ status: 'OK', balance: 800, duplicate: true });
      expect((await asProvider('bet', { ...bet, amount: 300 }, at())).body).toMatchObject({
        code: 'TRANSACTION_CONFLICT',
      });
      const rollback = {
        token,
        gameId: 'lucky-lanterns',
        transactionId: 'rb-1',
        referenceTransactionId: 'b-1',
        roundId: 'r-1',
      };
      expect((await asProvider('rollback', rollback, at())).body).toMatchObject({ status: 'OK', balance: 1000 });
      expect((await asProvider('rollback', rollback, at())).body).toMatchObject({ duplicate: true, balance: 1000 });
      expect((await asProvider('bet', bet, at())).body).toMatchObject({ code: 'BET_ROLLED_BACK' });
      // Nothing stands in the round any more: a win for it is refused too.
      expect(
        (await asProvider('win', { ...common, transactionId: 'w-1', roundId: 'r-1', amount: 100 }, at())).body,
      ).toMatchObject({ code: 'ROUND_NOT_FOUND' });
      expect(await eurBalance(browser)).toBe(10);
    });

    it("the player's limits and balance hold for external games: refused bets move nothing", async () => {
      const poor = await signUpGuard(app, 'kz');
      await fund(ctx.db, poor.userId, 1);
      const above = await spin((await openGame(poor.browser)).session, 200);
      expect(above.status).toBe(402);
      expect(above.body).toMatchObject({ error: 'INSUFFICIENT_FUNDS', balance: 100 });
      expect(await eurBalance(poor.browser)).toBe(1);

      const { browser, userId } = await signUpGuard(app, 'gb');
      await fund(ctx.db, userId, 5);
      const limit = await browser.put('/web-api/responsible/limits', { kind: 'wager', period: 'day', amount: 3 });
      expect(limit.statusCode).toBe(200);
      const { session } = await openGame(browser);
      const first = await spin(session, 200);
      expect(first.status).toBe(200);
      // Past the shortest round time of the player's jurisdiction, so only the limit can refuse the next one.
      clock.advance(3_000);
      const second = await spin(session, 200);
      expect(second.status).toBe(403);
      expect(second.body).toMatchObject({ error: 'LIMIT_EXCEEDED' });
      expect(await eurBalance(browser)).toBeCloseTo(5 - 2 + first.body.win / 100, 2);
      const { rows } = await ctx.db.query<{ n: string }>(
        `select count(*)::text as n from casino_external_transactions where user_id = $1 and kind = 'bet'`,
        [userId],
      );
      expect(Number(rows[0]?.n)).toBe(1);
    });
    it('the casino history lists external rounds beside in-house ones, rollbacks marked, and pages across both', async () => {
      const { browser, userId } = await signUpGuard(app, 'kz');
      await fund(ctx.db, userId, 20);
      expect((await browser.post('/web-api/casino/games/aurora-gems/launch', { mode: 'real' })).statusCode).toBe(200);
      const inHouse = async (n: number) => {
        const res = await browser.post('/web-api/casino/rounds', {
          roundId: `hist-${userId}-${n}`,
          gameId: 'aurora-gems',
          bet: { stake: 100 },
        });
        expect(res.statusCode).toBe(200);
        return res.json() as { roundId: string; win: number };
      };
      const own1 = await inHouse(1);
      const { session } = await openGame(browser);
      const external = await spin(session, 200);
      expect(external.status).toBe(200);
      const own2 = await inHouse(2);
      // A bet whose answer never arrives: the provider rolls it back.
      await setFaults([{ action: 'bet', mode: 'drop-answer', times: 3 }]);
      const lost = await spin(session, 300);
      expect(lost.status).toBe(504);
      await setFaults([]);

      type HistoryRound = {
        source: string;
        roundId: string;
        gameId: string;
        gameName?: string;
        provider: { id: number; slug: string; name: string };
        status: string;
        stake: number;
        win: number | null;
        currency: string;
        createdAt: string;
        rolledBack: boolean;
        transactions: {
          transactionId: string;
          platformTransactionId: string;
          kind: string;
          amount: number;
          status: string;
          referenceTransactionId?: string;
        }[];
      };
      type Page = { rounds: HistoryRound[]; next: string | null };
      const whole = (await browser.get('/web-api/casino/history?limit=100')).json() as Page;
      expect(whole.next).toBeNull();
      expect(whole.rounds.map((r) => [r.source, r.roundId])).toEqual([
        ['external', String(lost.body.roundId)],
        ['in-house', own2.roundId],
        ['external', external.body.roundId],
        ['in-house', own1.roundId],
      ]);
      const [rolled, , played, first] = whole.rounds as [HistoryRound, HistoryRound, HistoryRound, HistoryRound];
      expect(first).toMatchObject({ gameId: 'aurora-gems', provider: { name: 'Tessera Originals' }, stake: 100 });
      expect(first.transactions).toEqual([]);
      expect(played).toMatchObject({
        gameId: GAME,
        gameName: 'Lucky Lanterns',
        provider: { id: 2, slug: 'northlight', name: 'Northlight Games' },
        status: 'settled',
        stake: 200,
        win: external.body.win,
        currency: 'EUR',
        rolledBack: false,
      });
      expect(played.transactions.map((t) => [t.kind, t.amount, t.status])).toEqual([
        ['bet', 200, 'done'],
        ['win', external.body.win, 'done'],
      ]);
      expect(played.transactions.every((t) => t.platformTransactionId === `northlight:${t.transactionId}`)).toBe(true);
      expect(rolled).toMatchObject({ status: 'rolled-back', rolledBack: true, stake: 0, win: 0 });
      const [bet, rollback] = rolled.transactions;
      expect([bet?.kind, bet?.status, bet?.amount]).toEqual(['bet', 'rolled-back', 300]);
      expect([rollback?.kind, rollback?.amount, rollback?.referenceTransactionId]).toEqual([
        'rollback',
        300,
        bet?.transactionId,
      ]);
      // The history agrees with the wallet: the deposit, less every stake that stands, plus every win.
      const net = whole.rounds.reduce((sum, r) => sum - r.stake + (r.win ?? 0), 0);
      expect(await eurBalance(browser)).toBeCloseTo(20 + net / 100, 2);
      expect(net).toBe(-100 + own1.win - 200 + external.body.win - 100 + own2.win);

      // Pages of one: each page follows the last, across both kinds, with no round missed or repeated.
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?limit=1&cursor=${cursor}` : '?limit=1';
        const page = (await browser.get(`/web-api/casino/history${query}`)).json() as Page;
        paged.push(...page.rounds.map((r) => r.roundId));
        cursor = page.next;
      } while (cursor && paged.length < 10);
      expect(paged).toEqual(whole.rounds.map((r) => r.roundId));
      // The earlier paging by the last in-house round still starts after it.
      const after = (await browser.get(`/web-api/casino/history?limit=100&before=${own2.roundId}`)).json() as Page;
      expect(after.rounds.map((r) => r.roundId)).toEqual([external.body.roundId, own1.roundId]);
      expect((await browser.get('/web-api/casino/history?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    });

    it('an expired token opens nothing and takes no bet, yet the win of a bet taken before still pays', async () => {
      const { browser, userId } = await signUpGuard(app, 'kz');
      await fund(ctx.db, userId, 10);
      const { token } = await openGame(browser);
      const common = { token, gameId: 'lucky-lanterns', currency: 'EUR' };
      expect(
        (
          await asProvider(
            'bet',
            { ...common, transactionId: 'eb-1', roundId: 'er-1', amount: 100 },
            { at: clock.now() },
          )
        ).body,
      ).toMatchObject({ status: 'OK' });
      // Last in the suite: the clock only moves forward, and the provider process signs with the real time.
      clock.advance(16 * 60_000);
      {
        const at = { at: clock.now() };
        expect(await asProvider('balance', { token }, at)).toEqual({
          status: 401,
          body: expect.objectContaining({ code: 'TOKEN_EXPIRED' }),
        });
        expect(
          (await asProvider('bet', { ...common, transactionId: 'eb-2', roundId: 'er-2', amount: 100 }, at)).body,
        ).toMatchObject({
          code: 'TOKEN_EXPIRED',
        });
        expect(
          (await asProvider('win', { ...common, transactionId: 'ew-1', roundId: 'er-1', amount: 250 }, at)).body,
        ).toMatchObject({
          status: 'OK',
          balance: 1150,
        });
      }
      expect(await eurBalance(browser)).toBe(11.5);
    });
  },
);
