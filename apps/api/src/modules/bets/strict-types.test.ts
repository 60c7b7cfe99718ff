import { randomUUID } from 'node:crypto';
import { describeEachDatabase, type Database } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBetsApp, eurBalance, fund, GAME_IDS, outcome, signUp } from './testing/bets-test-kit';

// Issue 12, item 2: request bodies are validated strictly app-wide (ADR 0191). Fastify's default ajv coerced
// `Summ: true` into a 1.00 bet, `Summ: "5"` into a 5.00 one and a deposit of `amount: true` into 1.00.

const MAKE = '/service-api/LiveBet/Secure/MakeBetWeb';
const MULTI = '/service-api/LiveBet/Secure/MakeBetWebMulti';
const VIP = '/service-api/LiveBet/Secure/MakeBetBidWeb';
const DEPOSIT = '/web-api/payments/deposit';
const TABLES = [
  'bets',
  'bet_selections',
  'ledger_transactions',
  'ledger_postings',
  'ledger_balances',
  'saved_coupons',
  'payment_sandbox_intents',
];

async function fingerprint(db: Database): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const { rows } = await db.query<{ n: number; h: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${table} t`,
    );
    parts.push(`${table}=${rows[0]?.n}:${rows[0]?.h ?? ''}`);
  }
  return parts.join(' ');
}

describeEachDatabase('strict request bodies', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildBetsApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('item 2: wrong-typed money and id fields answer 400 in the error shape and write nothing', async () => {
    const { browser, userId } = await signUp(app);
    await fund(ctx.db, userId, 100);
    const [g, h] = GAME_IDS as [number, number];
    const ev = { gameId: g, outcomeId: outcome(g, 'home'), coef: 2 };
    const single = (extra: Record<string, unknown>) => ({
      betGUID: randomUUID(),
      vid: 0,
      Summ: 5,
      CheckCf: 2,
      Events: [ev],
      ...extra,
    });
    const card = { number: '4242424242424242', expiryMonth: 12, expiryYear: 2030, cvc: '123' };
    const placed = await browser.post(MAKE, single({}));
    const betId = (placed.json() as { bets: Array<{ betId: string }> }).bets[0]?.betId as string;
    const before = await fingerprint(ctx.db);

    const cases: Array<[string, string, unknown]> = [
      ['Summ: true', MAKE, single({ Summ: true })],
      ['Summ: "5"', MAKE, single({ Summ: '5' })],
      ['Summ: null', MAKE, single({ Summ: null })],
      ['Summ: [5]', MAKE, single({ Summ: [5] })],
      ['vid: "0"', MAKE, single({ vid: '0' })],
      ['gameId: true', MAKE, single({ Events: [{ ...ev, gameId: true }] })],
      ['gameId as an array', MAKE, single({ Events: [{ ...ev, gameId: [g] }] })],
      ['gameId as text', MAKE, single({ Events: [{ ...ev, gameId: String(g) }] })],
      ['outcomeId: false', MAKE, single({ Events: [{ ...ev, outcomeId: false }] })],
      ['coef: "2"', MAKE, single({ Events: [{ ...ev, coef: '2' }] })],
      ['autoBetCf: "3"', MAKE, single({ isAutoBet: true, autoBetCf: '3' })],
      ['isAutoBet: "true"', MAKE, single({ isAutoBet: 'true', autoBetCf: 3 })],
      ['betGUID: true', MAKE, single({ betGUID: true })],
      ['an unknown property', MAKE, single({ Summ2: 5 })],
      [
        'AntiExpressCoef beyond any coefficient',
        MAKE,
        {
          ...single({}),
          vid: 3,
          AntiExpressCoef: 1e12,
          Events: [ev, { ...ev, gameId: h, outcomeId: outcome(h, 'home') }],
        },
      ],
      [
        'multi Summ: "5"',
        MULTI,
        {
          betGUID: randomUUID(),
          coupons: [
            { vid: 0, Summ: '5', Events: [ev] },
            { vid: 0, Summ: 5, Events: [{ ...ev, gameId: h, outcomeId: outcome(h, 'home') }] },
          ],
        },
      ],
      [
        'multi vid: true',
        MULTI,
        {
          betGUID: randomUUID(),
          coupons: [
            { vid: true, Summ: 5, Events: [ev] },
            { vid: 0, Summ: 5, Events: [{ ...ev, gameId: h, outcomeId: outcome(h, 'home') }] },
          ],
        },
      ],
      ['VIPBetSumm: "2000"', VIP, { betGUID: randomUUID(), vid: 0, VIPBetSumm: '2000', Events: [ev] }],
      ['SaleBet Summ: "1"', '/service-api/LiveBet/Secure/SaleBet', { SaleBetId: betId, Summ: '1' }],
      ['SaleBet saleSumm: true', '/service-api/LiveBet/Secure/SaleBet', { SaleBetId: betId, saleSumm: true }],
      [
        'SaleBet saleSumm beyond any stake',
        '/service-api/LiveBet/Secure/SaleBet',
        { SaleBetId: betId, saleSumm: 1e15 },
      ],
      ['SaleBetId: true', '/service-api/LiveBet/Secure/SaleBet', { SaleBetId: true }],
      ['SaleBetId as an array', '/service-api/LiveBet/Secure/SaleBet', { SaleBetId: [betId] }],
      ['GetSaleInfo SaleBetId: 7', '/service-api/LiveBet/Secure/GetSaleInfo', { SaleBetId: 7 }],
      ['GetBetStatus betGUID: false', '/service-api/LiveBet/Secure/GetBetStatus', { betGUID: false }],
      ['history page_number: "2"', '/officeapi/getbetshistory', { page_number: '2' }],
      ['SaveCoupon Summ: true', '/service-api/LiveBet/Open/SaveCoupon', { vid: 0, Summ: true, Events: [ev] }],
      ['UpdateCoupon gameId: true', '/service-api/LiveBet/Open/UpdateCoupon', { Events: [{ ...ev, gameId: true }] }],
      ['deposit amount: true', DEPOSIT, { amount: true, card }],
      ['deposit amount: "10"', DEPOSIT, { amount: '10', card }],
      ['deposit amount: null', DEPOSIT, { amount: null, card }],
      ['deposit expiryMonth: "12"', DEPOSIT, { amount: 10, card: { ...card, expiryMonth: '12' } }],
      ['deposit merchantReference: true', DEPOSIT, { amount: 10, merchantReference: true, card }],
      ['payments history page_number: true', '/officeapi/gethistorypaymentmainaccount', { page_number: true }],
    ];
    for (const [what, url, body] of cases) {
      const res = await browser.post(url, body as Record<string, unknown>);
      expect(res.statusCode, what).toBe(400);
      const answer = res.json() as { message: string; validation_errors: Array<{ field: string; message: string }> };
      expect(answer.message, what).toBe('Invalid request');
      expect(answer.validation_errors.length, what).toBeGreaterThan(0);
      for (const issue of answer.validation_errors)
        expect(issue, what).toEqual({ field: expect.any(String), message: expect.any(String) });
    }
    expect(await fingerprint(ctx.db)).toBe(before);
    expect(await eurBalance(browser)).toBe(95);

    // The querystring still takes its values from text, as it must.
    const history = await browser.get('/web-api/payments/deposit/abc');
    expect(history.statusCode).toBe(404);
    // And the right types still place and deposit.
    expect((await browser.post(MAKE, single({}))).json()).toMatchObject({ status: 'accepted', summ: 5 });
    expect((await browser.post(DEPOSIT, { amount: 10, card })).statusCode).toBe(202);
  });
});
