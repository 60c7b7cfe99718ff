import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describeEachDatabase, type Database, openPgliteTestDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app';
import { buildBetsApp, fund, GAME_IDS, HOST, outcome, signUp } from './testing/bets-test-kit';

// What the bad-input drill (tools/bench/src/drills) found, pinned: each bad request gets a 4xx answer in the spec's
// error shape (section 8) and writes nothing (docs/adr/0134).

const page = { host: HOST, origin: `https://${HOST}` };
const SAVE = '/service-api/LiveBet/Open/SaveCoupon';

function expectErrorShape(body: unknown): void {
  expect(body).toMatchObject({ message: expect.any(String) });
  const issues = (body as { validation_errors?: unknown[] }).validation_errors;
  if (issues)
    for (const issue of issues) expect(issue).toEqual({ field: expect.any(String), message: expect.any(String) });
}

async function count(db: Database, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]?.n ?? NaN;
}

/** A fingerprint of the rows of a table: any write changes it. */
async function rowsOf(db: Database, table: string): Promise<string> {
  const { rows } = await db.query<{ h: string | null }>(
    `select md5(string_agg(t::text, '|' order by t::text)) as h from ${table} t`,
  );
  return `${await count(db, table)}:${rows[0]?.h ?? ''}`;
}

describeEachDatabase('bad input', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildBetsApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses control characters and lone surrogates in any text field with 400 before the database is asked', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 50);
    const [g] = GAME_IDS as [number];
    const placed = await browser.post('/service-api/LiveBet/Secure/MakeBetWeb', {
      betGUID: randomUUID(),
      vid: 0,
      Summ: 5,
      Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }],
    });
    expect(placed.statusCode).toBe(200);
    const before = await rowsOf(ctx.db, 'bets');

    for (const [url, body, field] of [
      ['/service-api/LiveBet/Secure/GetSaleInfo', { SaleBetId: 'a\u0000b' }, 'SaleBetId'],
      ['/service-api/LiveBet/Secure/SaleBet', { SaleBetId: '\u0000' }, 'SaleBetId'],
      ['/service-api/LiveBet/Secure/GetBetStatus', { betGUID: `${randomUUID()}\u0007` }, 'betGUID'],
      ['/service-api/LiveBet/Open/GetCoupon', { CouponCode: 'AB\u001bCD' }, 'CouponCode'],
      ['/service-api/LiveBet/Secure/GetSaleInfo', { SaleBetId: '1\ud800' }, 'SaleBetId'],
      [
        '/service-api/LiveBet/Open/UpdateCoupon',
        { Events: [{ gameId: g, outcomeId: `x\u0000`, coef: 2 }] },
        'Events.0.outcomeId',
      ],
    ] as const) {
      const res = await browser.post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        message: 'Invalid request',
        detail: 'Remove control characters',
        validation_errors: [{ field, message: 'must not contain control characters' }],
      });
    }
    // In the query and the path too.
    const query = await browser.get('/web-api/payments/deposit/abc?x=%00');
    expect(query.statusCode).toBe(400);
    expect(query.json().validation_errors).toEqual([{ field: 'x', message: 'must not contain control characters' }]);
    expect(await rowsOf(ctx.db, 'bets')).toBe(before);
    // Text a person writes is untouched: tabs, new lines, other scripts, emoji.
    const fine = await browser.post('/service-api/LiveBet/Secure/GetSaleInfo', { SaleBetId: 'Ünïcødé\t😀\r\n' });
    expect(fine.statusCode).toBe(404);
  });

  it('SaveCoupon takes a body only as the schema says: no coerced types, no dropped properties, selections of the line', async () => {
    const [g] = GAME_IDS as [number];
    const good = { Events: [{ gameId: g, outcomeId: outcome(g, 'home'), coef: 2 }], vid: 0, Summ: 5 };
    const before = await rowsOf(ctx.db, 'saved_coupons');
    const bad: [string, unknown][] = [
      ['vid false', { ...good, vid: false }],
      ['vid null', { ...good, vid: null }],
      ['Summ as text', { ...good, Summ: '5' }],
      ['negative Summ', { ...good, Summ: -1 }],
      ['huge Summ', { ...good, Summ: 1e308 }],
      ['gameId as text', { ...good, Events: [{ ...good.Events[0], gameId: `${g}` }] }],
      ['negative gameId', { ...good, Events: [{ ...good.Events[0], gameId: -1 }] }],
      ['gameId beyond safe integers', { ...good, Events: [{ ...good.Events[0], gameId: 1e308 }] }],
      ['coef true', { ...good, Events: [{ ...good.Events[0], coef: true }] }],
      ['coef below 1', { ...good, Events: [{ ...good.Events[0], coef: 0.5 }] }],
      ['coef huge', { ...good, Events: [{ ...good.Events[0], coef: 1e9 }] }],
      ['outcomeId as number', { ...good, Events: [{ ...good.Events[0], outcomeId: 7 }] }],
      ['unknown property', { ...good, unexpected_field: 1 }],
      ['unknown selection property', { ...good, Events: [{ ...good.Events[0], extra: 1 }] }],
      ['51 selections', { ...good, Events: Array.from({ length: 51 }, () => good.Events[0]) }],
      ['Events not an array', { ...good, Events: good.Events[0] }],
    ];
    for (const [what, body] of bad) {
      const res = await app.inject({ method: 'POST', url: SAVE, headers: page, payload: body as object });
      expect(res.statusCode, what).toBe(400);
      expectErrorShape(res.json());
    }
    const unknown = await app.inject({
      method: 'POST',
      url: SAVE,
      headers: page,
      payload: { ...good, Events: [{ gameId: g, outcomeId: 'aaaaaaaa', coef: 2 }] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      message: 'Bet refused',
      error_code: 1021,
      detail: expect.stringMatching(/^outcome_unknown: /),
    });
    const noGame = await app.inject({
      method: 'POST',
      url: SAVE,
      headers: page,
      payload: { ...good, Events: [{ gameId: 1, outcomeId: outcome(g, 'home'), coef: 2 }] },
    });
    expect(noGame.statusCode).toBe(422);
    expect(await rowsOf(ctx.db, 'saved_coupons')).toBe(before);

    const saved = await app.inject({ method: 'POST', url: SAVE, headers: page, payload: good });
    expect(saved.statusCode).toBe(200);
    expect(await count(ctx.db, 'saved_coupons')).toBe(Number(before.split(':')[0]) + 1);
  });

  it('setanswertosecurequestion refuses wrong types and a wrong password even for a first answer, writing nothing', async () => {
    const { browser, userId } = await signUp(app);
    const answer = async () =>
      (
        await ctx.db.query<{ h: string | null }>(`select secure_answer_hash as h from accounts_users where id = $1`, [
          userId,
        ])
      ).rows[0]?.h;
    const url = '/officeapi/setanswertosecurequestion';
    for (const body of [
      { question_id: 1, answer: 'Rex', answer_repeat: 'Rex', password: 12.5 },
      { question_id: '1', answer: 'Rex', answer_repeat: 'Rex' },
      { question_id: 1, answer: 42, answer_repeat: 42 },
      { question_id: 1, answer: 'Rex', answer_repeat: 'Rex', unexpected_field: 1 },
      { question_id: 1, answer: 'Rex\u202e', answer_repeat: 'Rex\u202e' },
      { question_id: 1, answer: 'Rex', answer_repeat: 'Rex', password: 'not-my-password' },
      { question_id: 1, answer: 'Rex', answer_repeat: 'Rex', password: '\u202eevil\u202c' },
    ]) {
      const res = await browser.post(url, body);
      expect([400, 403, 422], JSON.stringify(body)).toContain(res.statusCode);
      expectErrorShape(res.json());
    }
    expect(await answer()).toBeNull();
    // The right password, or none, is how a first answer is set.
    expect(
      (await browser.post(url, { question_id: 1, answer: 'Rex', answer_repeat: 'Rex', password: 'Secret-pass-1' }))
        .statusCode,
    ).toBe(200);
    expect(await answer()).toEqual(expect.any(String));
  });

  it('checks the payment callback body (400) before its signature, the provider or the database', async () => {
    const url = '/web-api/payments/callback/sandbox';
    const before = await rowsOf(ctx.db, 'payment_sandbox_intents');
    for (const body of [
      '{',
      '[]',
      '{}',
      '{"eventId":"e","type":"deposit.succeeded","intent":{}}',
      '{"eventId":"e","type":"nope","intent":{"merchantReference":"m"}}',
      'null',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, body).toBe(400);
      expectErrorShape(res.json());
    }
    const unsigned = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"eventId":"e","type":"deposit.succeeded","intent":{"merchantReference":"m"}}',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ message: 'Invalid signature' });
    expect(await rowsOf(ctx.db, 'payment_sandbox_intents')).toBe(before);
  });
});

describeEachDatabase('production wiring', (ctx) => {
  it('without a configured provider, deposits and callbacks answer 503 payments_unavailable in the error shape', async () => {
    const { app } = await buildBetsApp(ctx.db, { mode: 'production' });
    try {
      const callback = await app.inject({
        method: 'POST',
        url: '/web-api/payments/callback/sandbox',
        headers: { 'content-type': 'application/json' },
        payload: '{"eventId":"e","type":"deposit.succeeded","intent":{"merchantReference":"m"}}',
      });
      expect(callback.statusCode).toBe(503);
      expect(callback.json()).toEqual({
        message: 'Service unavailable',
        detail: 'payments_unavailable: no payment provider is configured',
        error_code: 1041,
      });
      // Still validated first.
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/web-api/payments/callback/sandbox',
            headers: { 'content-type': 'application/json' },
            payload: '{}',
          })
        ).statusCode,
      ).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('runs the sandbox in production only when chosen, and only with its callback secret', async () => {
    await expect(
      buildTestApp(ctx.db, { mode: 'production', logger: false, payments: { provider: 'sandbox' } }),
    ).rejects.toThrow('PAYMENT_CALLBACK_SECRET is required');
    const app = await buildTestApp(ctx.db, {
      mode: 'production',
      logger: false,
      accountSecretKey: 'k'.repeat(32),
      payments: { provider: 'sandbox', callbackSecret: 's'.repeat(32) },
    });
    try {
      await app.ready();
      const res = await app.inject({
        method: 'POST',
        url: '/web-api/payments/callback/sandbox',
        headers: { 'content-type': 'application/json' },
        payload: '{"eventId":"e","type":"deposit.succeeded","intent":{"merchantReference":"m"}}',
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('oversize bodies over real HTTP', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    // A migrated in-memory PGlite from the cached template (pglite-template.ts): no initdb, no migrations per file.
    const db = await openPgliteTestDatabase(true);
    app = await buildTestApp(db, { logger: false });
    app.addHook('onClose', async () => db.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a 2 MB body with 413 in the error shape on every route, and keeps serving', async () => {
    const body = JSON.stringify({ app_code: '123456', padding: 'x'.repeat(2 * 1024 * 1024) });
    for (const url of [
      '/officeapi/twofactorauthenable',
      '/web-api/user/registration',
      '/service-api/LiveBet/Open/SaveCoupon',
      '/no/such/route',
    ]) {
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
            async (r) => ({ status: r.status, body: await r.json() }),
          ),
        ),
      );
      for (const r of results) {
        expect(r.status, url).toBe(413);
        expect(r.body).toEqual({
          message: 'Request body too large',
          detail: 'The largest accepted body is 1048576 bytes',
        });
      }
    }
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });
});
