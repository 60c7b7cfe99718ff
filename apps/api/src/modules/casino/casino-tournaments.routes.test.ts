import { describeEachDatabase } from '@tessera/server/db';
import type { CasinoTournamentResponse, CasinoTournamentsResponse } from '@tessera/shared/contract-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../auth/testing/accounts-test-kit';
import { fund } from '../bets/testing/bets-test-kit';
import { buildGuardApp, GUARD_HOST, signUpGuard } from '../responsible/testing/responsible-test-kit';

let n = 0;
const rid = () => `tour-${Date.now().toString(36)}-${++n}`;

// guardbet's tournaments (testing/brands/guardbet): table-marathon (roulette, active until 2099, min stake 1 EUR,
// prizes 100 and 50), new-year-spins (upcoming) and autumn-cup (finished in 2020).
describeEachDatabase('casino tournaments over HTTP', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildGuardApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists the brand’s tournaments for guests: active first, then upcoming, then finished', async () => {
    const res = await new Browser(app, GUARD_HOST).get('/web-api/casino/tournaments');
    expect(res.statusCode).toBe(200);
    const body = res.json() as CasinoTournamentsResponse;
    expect(body.tournaments.map((t) => [t.id, t.status])).toEqual([
      ['table-marathon', 'active'],
      ['new-year-spins', 'upcoming'],
      ['autumn-cup', 'finished'],
    ]);
    expect(body.tournaments[0]).toMatchObject({
      name: 'Table marathon',
      currency: 'EUR',
      minStake: 100,
      prizes: [
        { rank: 1, amount: 10_000 },
        { rank: 2, amount: 5_000 },
      ],
      gameIds: ['european-roulette'],
      points: { rule: 'stake', perUnit: 1 },
    });
  });

  it('a real-money round scores for its player, who finds their own row; others see it masked', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 100);
    for (const amount of [700, 300]) {
      const res = await browser.post('/web-api/casino/rounds', {
        roundId: rid(),
        gameId: 'european-roulette',
        bet: { bets: [{ type: 'red', amount }] },
      });
      expect(res.statusCode).toBe(200);
    }
    // A demo round scores nothing.
    await browser.post('/web-api/casino/demo/rounds', {
      gameId: 'european-roulette',
      bet: { bets: [{ type: 'red', amount: 5_000 }] },
    });
    const mine = (await browser.get('/web-api/casino/tournaments/table-marathon')).json() as CasinoTournamentResponse;
    expect(mine.me).toMatchObject({ points: 10, me: true });
    const row = mine.leaderboard.find((r) => r.me);
    expect(row).toMatchObject({ rank: mine.me?.rank, points: 10 });
    expect(row?.player).not.toContain(userId);
    const guest = (
      await new Browser(app, GUARD_HOST).get('/web-api/casino/tournaments/table-marathon')
    ).json() as CasinoTournamentResponse;
    expect(guest.me).toBeNull();
    expect(guest.leaderboard.some((r) => r.me)).toBe(false);
    expect(guest.leaderboard.map((r) => r.points)).toContain(10);
  });

  it('an unknown tournament is a 404 in the error shape; a malformed id a 400', async () => {
    const guest = new Browser(app, GUARD_HOST);
    const missing = await guest.get('/web-api/casino/tournaments/no-such-cup');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: 1860, detail: expect.stringMatching(/^tournament_not_found:/) });
    expect((await guest.get('/web-api/casino/tournaments/Bad_Id!')).statusCode).toBe(400);
  });
});
