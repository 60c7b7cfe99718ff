import { randomUUID } from 'node:crypto';
import { describeEachDatabase } from '@tessera/server/db';
import {
  findTransactionByKey,
  getAccountBalance,
  platformAccount,
  recordDeposit,
  userAccount,
  verifyLedger,
} from '@tessera/server/ledger';
import type { CasinoModule, CasinoTournament } from '@tessera/shared/util-config';
import { expect, it } from 'vitest';
import { CasinoRounds } from './casino-rounds.service';
import { DemoPlay } from './demo-play';
import { ExternalSessionTokens } from './external-launch-token';
import { SANDBOX_PROVIDER, SANDBOX_PROVIDER_GAMES } from './external-providers-env';
import { signExternalRequest } from './external-signature';
import { ExternalWallet } from './external-wallet';
import { createTournamentsPart } from './tournaments.module';
import { CasinoTournaments, type TournamentRef } from './tournaments.service';

const START = Date.parse('2030-03-01T10:00:00Z');
const END = Date.parse('2030-03-01T12:00:00Z');
const SECRET = 'tournament-test-provider-secret-0123456789';
const provider = {
  ...SANDBOX_PROVIDER,
  launchUrl: 'http://provider.invalid/launch',
  callbackSecret: SECRET,
  games: SANDBOX_PROVIDER_GAMES,
};

function tournament(overrides: Partial<CasinoTournament> = {}): CasinoTournament {
  return {
    enabled: true,
    names: { en: 'Spring spins', de: 'Frühlingsdrehs' },
    startsAt: new Date(START).toISOString(),
    endsAt: new Date(END).toISOString(),
    currency: 'EUR',
    games: { gameIds: [], categories: ['slots'], providers: [] },
    minStake: 1,
    points: { rule: 'stake', perUnit: 1, minMultiplier: 1 },
    prizes: [50, 20, 10],
    ...overrides,
  };
}

let nextUser = Date.now() * 1000 + 500;

describeEachDatabase('casino tournaments', (ctx) => {
  /** A brand of its own per test, a clock the test moves, the rounds and the tournaments on it. */
  function setup(def: CasinoTournament = tournament()) {
    let now = START - 60_000;
    const clock = () => new Date(now);
    const brandId = `tour-${randomUUID().slice(0, 8)}`;
    const rounds = new CasinoRounds({ db: ctx.db, clock });
    const service = new CasinoTournaments({ db: ctx.db, clock });
    const ref: TournamentRef = {
      brandId,
      id: 'spring-spins',
      tournament: def,
      gameIds: ['aurora-gems', 'harbour-fruits'],
    };
    const player = async (currency = 'EUR') => {
      nextUser += 1;
      const p = { brandId, userId: String(nextUser), currency };
      await recordDeposit(ctx.db, { ...p, amount: 100_000, provider: 'test', reference: randomUUID() });
      return p;
    };
    const spin = (p: { brandId: string; userId: string; currency: string }, stake: number, gameId = 'aurora-gems') =>
      rounds.play(p, { roundId: randomUUID(), gameId, bet: { stake } });
    return {
      brandId,
      clock,
      rounds,
      service,
      ref,
      player,
      spin,
      at: (ms: number) => (now = ms),
      advance: (ms: number) => (now += ms),
    };
  }

  const pointsOf = async (brandId: string, userId: string) => {
    const { rows } = await ctx.db.query<{ points: string | null }>(
      `select sum(points)::text as points from casino_tournament_points where brand_id = $1 and user_id = $2`,
      [brandId, userId],
    );
    return Number(rows[0]?.points ?? 0);
  };

  it('scores each qualifying real-money round in the window once: a point per euro staked, nothing else', async () => {
    const t = setup();
    const p = await t.player();
    const other = await t.player('USD');
    await t.spin(p, 400); // before the window
    t.at(START + 1_000);
    await t.spin(p, 400); // 4 points
    await t.spin(p, 260); // 2 points (2.60 euros, rounded down)
    await t.spin(p, 40); // below the minimum stake of 1 euro
    await t.rounds.play(p, {
      roundId: randomUUID(),
      gameId: 'european-roulette',
      bet: { bets: [{ type: 'red', amount: 500 }] },
    }); // not a qualifying game
    await t.spin(other, 400); // another currency
    expect(await t.service.score(t.ref)).toBe(2);
    expect(await pointsOf(t.brandId, p.userId)).toBe(6);
    expect(await pointsOf(t.brandId, other.userId)).toBe(0);
    // Scoring again, here or on another server, adds nothing; a later round adds its own points only.
    expect(await t.service.score(t.ref)).toBe(0);
    expect(await new CasinoTournaments({ db: ctx.db, clock: t.clock }).score(t.ref)).toBe(0);
    t.advance(1_000);
    await t.spin(p, 100);
    // A read counts the round not yet scored, and writes nothing (ADR 0205).
    expect(await t.service.position(t.ref, p.userId)).toMatchObject({ rank: 1, points: 7 });
    expect(await pointsOf(t.brandId, p.userId)).toBe(6);
    expect(await t.service.score(t.ref)).toBe(1);
    expect(await pointsOf(t.brandId, p.userId)).toBe(7);
    t.at(END);
    await t.spin(p, 1_000); // at the end: outside the window
    expect(await t.service.score(t.ref)).toBe(0);
    expect(await pointsOf(t.brandId, p.userId)).toBe(7);
  });

  it('demo play never scores: it stores nothing', async () => {
    const t = setup();
    t.at(START + 1_000);
    const demo = new DemoPlay('tournament-demo-key-0123456789abcdef');
    for (let i = 0; i < 3; i += 1) demo.play('aurora-gems', { stake: 400 });
    expect(await t.service.score(t.ref)).toBe(0);
    expect(await t.service.standings(t.ref)).toEqual([]);
  });

  it('win-multiplier: a round scores its whole multiple won, when it is at least the minimum', async () => {
    const t = setup(tournament({ points: { rule: 'win-multiplier', perUnit: 10, minMultiplier: 2 }, minStake: 0 }));
    const p = await t.player();
    t.at(START + 1_000);
    // Spin until some rounds won at least twice the stake and some did not.
    const results: { stake: number; win: number }[] = [];
    while (results.length < 500) {
      const round = await t.spin(p, 20);
      results.push({ stake: round.stake, win: round.win ?? 0 });
      const scoring = results.filter((r) => r.win >= r.stake * 2).length;
      if (scoring >= 2 && results.length - scoring >= 2) break;
    }
    await t.service.score(t.ref);
    const qualifying = results.filter((r) => r.win >= r.stake * 2);
    expect(qualifying.length).toBeGreaterThanOrEqual(2);
    const expected = qualifying.reduce((sum, r) => sum + Math.floor(r.win / r.stake) * 10, 0);
    const { rows } = await ctx.db.query('select 1 from casino_tournament_points where user_id = $1', [p.userId]);
    expect(rows).toHaveLength(qualifying.length);
    expect(await pointsOf(t.brandId, p.userId)).toBe(expected);
  });

  it("scores an external provider's closed round and leaves an open one until it closes", async () => {
    const t = setup(tournament({ games: { gameIds: [], categories: [], providers: [provider.id] } }));
    const p = await t.player();
    t.at(START + 1_000);
    const tokens = new ExternalSessionTokens('tournament-test-server-key');
    const wallet = new ExternalWallet({ db: ctx.db, providers: [provider], tokens, clock: t.clock });
    const game = SANDBOX_PROVIDER_GAMES[0];
    if (!game) throw new Error('the sandbox provider has no games');
    const token = tokens.issue({ provider: provider.slug, ...p, gameId: game.id }, t.clock());
    const call = (action: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ token, gameId: game.providerGameId, currency: 'EUR', ...body });
      return wallet.handle(provider.slug, action, raw, signExternalRequest(SECRET, raw, t.clock()));
    };
    const ref = { ...t.ref, gameIds: [game.id] };
    expect((await call('bet', { transactionId: 'tb-1', roundId: 'tr-1', amount: 300 })).body).toMatchObject({
      status: 'OK',
    });
    expect(await t.service.score(ref)).toBe(0);
    expect((await call('win', { transactionId: 'tw-1', roundId: 'tr-1', amount: 0 })).body).toMatchObject({
      status: 'OK',
    });
    expect(await t.service.score(ref)).toBe(1);
    expect(await pointsOf(t.brandId, p.userId)).toBe(3);
  });

  it('ranks by points, then by who reached them first; a player sees their own place', async () => {
    const t = setup();
    const [a, b, c, d] = [await t.player(), await t.player(), await t.player(), await t.player()];
    t.at(START + 1_000);
    await t.spin(b, 500); // b reaches 5 first
    t.advance(1_000);
    await t.spin(a, 300);
    t.advance(1_000);
    await t.spin(a, 200); // a reaches 5 later
    t.advance(1_000);
    await t.spin(c, 900);
    await t.spin(d, 100);
    await t.service.score(t.ref);
    const board = await t.service.standings(t.ref);
    expect(board.map((r) => [r.rank, r.userId, r.points, r.prize])).toEqual([
      [1, c.userId, 9, 5_000],
      [2, b.userId, 5, 2_000],
      [3, a.userId, 5, 1_000],
      [4, d.userId, 1, null],
    ]);
    expect(board[0]?.player).not.toContain(c.userId.slice(3, -2));
    expect(await t.service.position(t.ref, a.userId)).toMatchObject({ rank: 3, points: 5, prize: 1_000 });
    expect(await t.service.position(t.ref, d.userId)).toMatchObject({ rank: 4, points: 1 });
    expect(await t.service.position(t.ref, 'nobody')).toBeUndefined();
    expect((await t.service.standings(t.ref, { limit: 2 })).map((r) => r.rank)).toEqual([1, 2]);
  });

  it('pays the prizes once at the end as balanced ledger transactions, however many servers run the job', async () => {
    const def = tournament({ prizes: [50, 20, 10, 5] });
    const t = setup(def);
    const [a, b, c] = [await t.player(), await t.player(), await t.player()];
    t.at(START + 1_000);
    await t.spin(a, 800);
    await t.spin(b, 600);
    t.advance(1_000);
    await t.spin(c, 600);
    await expect(t.service.pay(t.ref)).rejects.toThrow(/has not ended/);
    // A round settled in the window that no scan saw is still counted by the payout's last look.
    t.advance(1_000);
    await t.spin(c, 100);
    const balance = (userId: string) => getAccountBalance(ctx.db, userAccount(userId, 'EUR'));
    const before = await Promise.all([a, b, c].map((p) => balance(p.userId)));
    t.at(END + 5_000);
    const settings: CasinoModule = {
      enabled: true,
      liveCasino: false,
      demoMode: true,
      slots: { minSpinSeconds: 0, autoplay: true, turbo: true, celebrateWinsBelowStake: true, maxStake: {} },
      hiddenProviders: [],
      categories: { slots: { id: 1, langKey: 'casino:category.slots', enabled: true, order: 30 } },
      tournaments: { 'spring-spins': def },
    };
    // Two servers run the job at the same moment: one pays, the other finds the tournament paid.
    const servers = [1, 2].map(() =>
      createTournamentsPart({
        db: ctx.db,
        clock: t.clock,
        providers: [],
        brands: () => [{ id: t.brandId, casino: settings }],
      }),
    );
    const runs = await Promise.all(servers.map((server) => server.run()));
    expect(runs.flatMap((r) => r.paid)).toEqual([`${t.brandId}/spring-spins`]);
    expect(await t.service.pay(t.ref)).toEqual({ paid: false, prizes: [] });
    expect((await servers[0]?.run())?.paid).toEqual([]);
    // a: 8 points; c: 7 (6, then 1 in the round no scan saw); b: 6. The fourth prize has no player and is not paid.
    const after = await Promise.all([a, b, c].map((p) => balance(p.userId)));
    expect(after.map((x, i) => x - (before[i] ?? 0))).toEqual([5_000, 1_000, 2_000]);
    expect(await getAccountBalance(ctx.db, platformAccount(t.brandId, 'EUR', 'bonus_cost'))).toBe(-8_000);
    const prize = await findTransactionByKey(ctx.db, `casino.tournament.prize:${t.brandId}:spring-spins:1`);
    expect(prize?.kind).toBe('casino.tournament_prize');
    expect(await findTransactionByKey(ctx.db, `casino.tournament.prize:${t.brandId}:spring-spins:4`)).toBeUndefined();
    expect(await t.service.isPaid(t.brandId, 'spring-spins')).toBe(true);
    const report = await verifyLedger(ctx.db);
    expect(report.issues).toEqual([]);
  });
});
