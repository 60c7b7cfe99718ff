import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../auth/testing/accounts-test-kit';
import { eurBalance, fund } from '../bets/testing/bets-test-kit';
import { buildGuardApp, GUARD_HOST, signUpGuard } from '../responsible/testing/responsible-test-kit';

type Round = { roundId: string; status: string; stake: number; win: number | null; step: number; nonce: number };

let n = 0;
const rid = () => `route-${Date.now().toString(36)}-${++n}`;

describeEachDatabase('casino over HTTP: lobby, rounds on the ledger, seeds, verification, favourites, demo', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildGuardApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('the lobby lists the in-house games with their categories, provider, tags and RTP, for guests too', async () => {
    const guest = new Browser(app, GUARD_HOST);
    const res = await guest.get('/web-api/casino/catalogue');
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      enabled: boolean;
      categories: { slug: string }[];
      providers: { name: string; games: number }[];
      games: { id: string; rtpPercent: string; categories: string[] }[];
    };
    expect(body.enabled).toBe(true);
    expect(body.games.map((g) => g.id).sort()).toEqual([
      'aurora-gems',
      'blackjack',
      'crash',
      'european-roulette',
      'harbour-fruits',
    ]);
    expect(body.games.find((g) => g.id === 'european-roulette')?.rtpPercent).toBe('97.30');
    expect(body.categories.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['popular', 'slots', 'roulette', 'blackjack', 'favourite', 'all']),
    );
    // A category with no game (live casino) is not offered as an empty tab.
    expect(body.categories.map((c) => c.slug)).not.toContain('live-casino');
    expect(body.providers).toEqual([{ id: 1, slug: 'tessera', name: 'Tessera Originals', games: 5 }]);
  });

  it('a slot round takes the stake and pays the win in one ledger transaction; a retry moves no money', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 50);
    // Before the first launch there is no pair yet: a GET opens none (ADR 0205).
    expect((await browser.get('/web-api/casino/seeds')).json()).toEqual({
      serverSeedHash: null,
      clientSeed: null,
      nextNonce: 0,
    });
    const launch = await browser.post('/web-api/casino/games/aurora-gems/launch', { mode: 'real' });
    expect(launch.statusCode).toBe(200);
    const launched = launch.json() as {
      seed: { serverSeedHash: string; nextNonce: number };
      rules: { lines: unknown[] };
    };
    expect(launched.seed.nextNonce).toBe(0);
    expect(launched.rules.lines).toHaveLength(20);
    expect((await browser.get('/web-api/casino/seeds')).json()).toMatchObject({
      serverSeedHash: launched.seed.serverSeedHash,
    });

    const roundId = rid();
    const play = await browser.post('/web-api/casino/rounds', { roundId, gameId: 'aurora-gems', bet: { stake: 100 } });
    expect(play.statusCode).toBe(200);
    const round = play.json() as Round & { serverSeedHash: string };
    expect(round).toMatchObject({ status: 'settled', stake: 100, nonce: 0 });
    expect(round.serverSeedHash).toBe(launched.seed.serverSeedHash);
    expect(await eurBalance(browser)).toBeCloseTo(50 - 1 + (round.win ?? 0) / 100, 2);

    const retry = await browser.post('/web-api/casino/rounds', { roundId, gameId: 'aurora-gems', bet: { stake: 100 } });
    expect(retry.json()).toMatchObject({ roundId, replayed: true, win: round.win });
    expect(await eurBalance(browser)).toBeCloseTo(50 - 1 + (round.win ?? 0) / 100, 2);

    const history = (await browser.get('/web-api/casino/history?limit=5')).json() as { rounds: Round[] };
    expect(history.rounds.map((r) => r.roundId)).toEqual([roundId]);
    expect(await verifyLedger(ctx.db)).toMatchObject({ ok: true });
  });

  it('a stake above the balance is refused with the casino code and writes nothing; bad bodies are 400', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 1);
    const refused = await browser.post('/web-api/casino/rounds', {
      roundId: rid(),
      gameId: 'harbour-fruits',
      bet: { stake: 200 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error_code: 1806 });
    expect(await eurBalance(browser)).toBe(1);
    const badStake = await browser.post('/web-api/casino/rounds', {
      roundId: rid(),
      gameId: 'harbour-fruits',
      bet: { stake: 25 },
    });
    expect(badStake.statusCode).toBe(422);
    expect(badStake.json()).toMatchObject({ error_code: 1808 });
    const badBody = await browser.post('/web-api/casino/rounds', { roundId: 'x', gameId: 'crash', bet: {} });
    expect(badBody.statusCode).toBe(400);
    const unknown = await browser.post('/web-api/casino/rounds', { roundId: rid(), gameId: 'no-such', bet: {} });
    expect(unknown.json()).toMatchObject({ error_code: 1807 });
  });

  it('a blackjack hand holds its stake, resumes from the open rounds and the launch, and settles by decisions', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 100);
    // Deal until a hand stays open (a dealt blackjack settles at once).
    let open: Round | undefined;
    for (let i = 0; i < 20 && !open; i++) {
      const dealt = (
        await browser.post('/web-api/casino/rounds', { roundId: rid(), gameId: 'blackjack', bet: { stake: 200 } })
      ).json() as Round;
      if (dealt.status === 'open') open = dealt;
    }
    if (!open) throw new Error('20 hands in a row ended at the deal');
    const resumed = (await browser.get('/web-api/casino/rounds/open')).json() as { rounds: Round[] };
    expect(resumed.rounds.map((r) => r.roundId)).toEqual([open.roundId]);
    const launch = (await browser.post('/web-api/casino/games/blackjack/launch', { mode: 'real' })).json() as {
      openRound: Round | null;
    };
    expect(launch.openRound?.roundId).toBe(open.roundId);
    // Rotating the seed while the hand is open would reveal its cards.
    expect((await browser.post('/web-api/casino/seeds/rotate', {})).json()).toMatchObject({ error_code: 1805 });

    let round = open as Round & { outcome: { allowed: string[] } };
    while (round.status === 'open') {
      const action = round.outcome.allowed.includes('noInsurance') ? 'noInsurance' : 'stand';
      const res = await browser.post(`/web-api/casino/rounds/${round.roundId}/actions`, { step: round.step, action });
      expect(res.statusCode).toBe(200);
      round = res.json() as typeof round;
    }
    expect(round.win).not.toBeNull();
    expect((await browser.get('/web-api/casino/rounds/open')).json()).toEqual({ rounds: [] });
    expect(await verifyLedger(ctx.db)).toMatchObject({ ok: true });
  });

  it('seeds rotate and reveal; every round verifies on its own and from its evidence alone', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 20);
    await browser.post('/web-api/casino/seeds/rotate', { clientSeed: 'my-lucky-seed' });
    expect((await browser.get('/web-api/casino/seeds')).json()).toMatchObject({
      clientSeed: 'my-lucky-seed',
      nextNonce: 0,
    });
    const roundId = rid();
    const bets = [
      { type: 'red', amount: 100 },
      { type: 'straight', numbers: [17], amount: 50 },
    ];
    const played = (
      await browser.post('/web-api/casino/rounds', { roundId, gameId: 'european-roulette', bet: { bets } })
    ).json() as Round;
    expect(played.stake).toBe(150);
    expect((await browser.get(`/web-api/casino/rounds/${roundId}/verify`)).json()).toMatchObject({ error_code: 1809 });

    const rotated = (await browser.post('/web-api/casino/seeds/rotate', {})).json() as {
      revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
    };
    expect(rotated.revealed).toMatchObject({ clientSeed: 'my-lucky-seed', rounds: 1 });
    const verified = (await browser.get(`/web-api/casino/rounds/${roundId}/verify`)).json() as {
      verified: boolean;
      bet: Record<string, unknown>;
      recomputed: { win: number };
    };
    expect(verified.verified).toBe(true);
    expect(verified.recomputed.win).toBe(played.win);

    // Anyone can recompute from the evidence, without a session; a wrong seed does not match the hash.
    const guest = new Browser(app, GUARD_HOST);
    const evidence = {
      gameId: 'european-roulette',
      serverSeed: rotated.revealed.serverSeed,
      serverSeedHash: rotated.revealed.serverSeedHash,
      clientSeed: 'my-lucky-seed',
      nonce: 0,
      bet: verified.bet,
    };
    expect((await guest.post('/web-api/casino/verify', evidence)).json()).toMatchObject({
      hashMatches: true,
      win: played.win,
    });
    const forged = { ...evidence, serverSeed: 'a'.repeat(64) };
    expect((await guest.post('/web-api/casino/verify', forged)).json()).toMatchObject({ hashMatches: false });
  });

  it('favourites are kept per player on the server', async () => {
    const { browser } = await signUpGuard(app);
    const other = await signUpGuard(app);
    expect((await browser.put('/web-api/casino/favourites/crash', { favourite: true })).json()).toEqual({
      gameIds: ['crash'],
    });
    await browser.put('/web-api/casino/favourites/blackjack', { favourite: true });
    await browser.put('/web-api/casino/favourites/crash', { favourite: false });
    expect((await browser.get('/web-api/casino/favourites')).json()).toEqual({ gameIds: ['blackjack'] });
    expect((await other.browser.get('/web-api/casino/favourites')).json()).toEqual({ gameIds: [] });
    expect((await browser.put('/web-api/casino/favourites/no-such', { favourite: true })).statusCode).toBe(404);
    expect((await new Browser(app, GUARD_HOST).get('/web-api/casino/favourites')).statusCode).toBe(401);
  });

  it('a guest plays demo with play money: nothing on the ledger, a demo hand sealed between decisions', async () => {
    const guest = new Browser(app, GUARD_HOST);
    const before = await ctx.db.query<{ n: string }>(`select count(*)::text as n from ledger_transactions`);
    const spin = await guest.post('/web-api/casino/demo/rounds', { gameId: 'aurora-gems', bet: { stake: 100 } });
    expect(spin.statusCode).toBe(200);
    expect(spin.json()).toMatchObject({ status: 'settled', stake: 100, token: null });
    expect((spin.json() as { serverSeed: string }).serverSeed).toMatch(/^[0-9a-f]{64}$/);

    let hand = (
      await guest.post('/web-api/casino/demo/rounds', { gameId: 'blackjack', bet: { stake: 200 } })
    ).json() as { status: string; token: string | null; outcome: { allowed: string[] } };
    while (hand.status === 'open' && hand.token) {
      const action = hand.outcome.allowed.includes('noInsurance') ? 'noInsurance' : 'stand';
      hand = (await guest.post('/web-api/casino/demo/actions', { token: hand.token, action })).json() as typeof hand;
    }
    expect(hand.status).toBe('settled');
    const tampered = await guest.post('/web-api/casino/demo/actions', {
      token: 'AAAA' + 'b'.repeat(60),
      action: 'hit',
    });
    expect(tampered.statusCode).toBe(400);
    const after = await ctx.db.query<{ n: string }>(`select count(*)::text as n from ledger_transactions`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    // Real play needs a session.
    expect((await guest.post('/web-api/casino/games/crash/launch', { mode: 'real' })).statusCode).toBe(401);
  });
});
