import { describeEachDatabase } from '@tessera/server/db';
import { fund } from '../bets/testing/bets-test-kit';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SteppedScheduler } from '../bets/testing/bets-test-kit';
import { periodEnd, type TestClock } from '@tessera/server/responsible';
import { buildGuardApp, deposit, MAKE_BET, signUpGuard, single } from './testing/responsible-test-kit';

const HOUR = 3_600_000;

async function eur(browser: { get(url: string): Promise<{ json(): unknown }> }): Promise<number> {
  const res = (await browser.get('/account-api/user/balance')).json() as {
    accounts: Array<{ iso: string; money: number }>;
  };
  return res.accounts.find((a) => a.iso === 'EUR')?.money ?? 0;
}

describeEachDatabase('responsible gambling: limits over HTTP', (ctx) => {
  let app: FastifyInstance;
  let scheduler: SteppedScheduler;
  let clock: TestClock;

  beforeAll(async () => {
    ({ app, scheduler, clock } = await buildGuardApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a deposit past the daily deposit limit, saying what is left and when it resets, and starts nothing', async () => {
    const { browser, userId } = await signUpGuard(app);
    const set = await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'day', amount: 50 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ change: { applied: 'now' }, limits: [{ kind: 'deposit', amount: 50 }] });
    expect((await deposit(browser, scheduler, 40)).statusCode).toBe(202);
    expect(await eur(browser)).toBe(40);

    const refused = await deposit(browser, scheduler, 20);
    expect(refused.statusCode).toBe(422);
    // The day ends at midnight in the brand's time zone (guardbet: Europe/Berlin), not in UTC.
    const midnight = periodEnd('day', clock.now(), 'Europe/Berlin').toISOString();
    expect(refused.json()).toMatchObject({
      error_code: 1601,
      responsible: { reason: 'deposit', period: 'day', limit: 50, remaining: 10, currency: 'EUR', resetsAt: midnight },
    });
    expect(refused.json().detail).toMatch(/^deposit_limit_reached: /);
    const intents = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from payment_sandbox_intents where metadata->>'userId' = $1`,
      [userId],
    );
    expect(intents.rows[0]?.n).toBe(1);
    // What is left still goes through; the overview counts it.
    expect((await deposit(browser, scheduler, 10)).statusCode).toBe(202);
    const overview = (await browser.get('/web-api/responsible')).json();
    expect(overview).toMatchObject({ limits: [{ kind: 'deposit', period: 'day', used: 50, remaining: 0 }] });
  });

  it('lowers at once, but raising and removing wait the cooling-off, then apply', async () => {
    const { browser } = await signUpGuard(app);
    await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'week', amount: 100 });
    const lowered = await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'week', amount: 30 });
    expect(lowered.json()).toMatchObject({ change: { applied: 'now' }, limits: [{ amount: 30, pending: null }] });

    const raised = await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'week', amount: 80 });
    const due = new Date(clock.now().getTime() + 24 * HOUR);
    const body = raised.json() as { change: { applied: string; effectiveAt: string }; limits: unknown[] };
    expect(body.change.applied).toBe('pending');
    expect(Math.abs(new Date(body.change.effectiveAt).getTime() - due.getTime())).toBeLessThan(5_000);
    expect(body.limits).toMatchObject([{ amount: 30, pending: { amount: 80 } }]);
    // Until then the lower limit holds.
    expect((await deposit(browser, scheduler, 40)).json()).toMatchObject({ error_code: 1601 });

    clock.advance(24 * HOUR + 60_000);
    expect((await browser.get('/web-api/responsible')).json()).toMatchObject({
      limits: [{ amount: 80, pending: null }],
    });
    expect((await deposit(browser, scheduler, 40)).statusCode).toBe(202);

    // Removing waits too; a lower limit asked meanwhile applies at once and drops the pending removal.
    const removing = await browser.put('/web-api/responsible/limits', {
      kind: 'deposit',
      period: 'week',
      amount: null,
    });
    expect(removing.json()).toMatchObject({
      change: { applied: 'pending' },
      limits: [{ amount: 80, pending: { amount: null } }],
    });
    const lower = await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'week', amount: 60 });
    expect(lower.json()).toMatchObject({ change: { applied: 'now' }, limits: [{ amount: 60, pending: null }] });
    await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'week', amount: null });
    clock.advance(24 * HOUR + 60_000);
    expect((await browser.get('/web-api/responsible')).json()).toMatchObject({ limits: [] });
  });

  it('uses the cooling-off of the country: a week in de', async () => {
    const { browser } = await signUpGuard(app, 'de');
    await browser.put('/web-api/responsible/limits', { kind: 'loss', period: 'month', amount: 100 });
    const raised = await browser.put('/web-api/responsible/limits', { kind: 'loss', period: 'month', amount: 200 });
    const { effectiveAt } = (raised.json() as { change: { effectiveAt: string } }).change;
    expect(Math.round((new Date(effectiveAt).getTime() - clock.now().getTime()) / HOUR)).toBe(168);
  });

  it('refuses a bet past the daily wager limit and writes nothing', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 100);
    await browser.put('/web-api/responsible/limits', { kind: 'wager', period: 'day', amount: 15 });
    expect((await browser.post(MAKE_BET, single(10))).json()).toMatchObject({ status: 'accepted' });
    const refused = await browser.post(MAKE_BET, single(10));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error_code: 1603,
      responsible: { reason: 'wager', period: 'day', limit: 15, remaining: 5 },
    });
    expect(await eur(browser)).toBe(90);
    expect((await browser.post(MAKE_BET, single(5))).json()).toMatchObject({ status: 'accepted' });
  });

  it('counts open stakes as lost against the weekly loss limit', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 100);
    await browser.put('/web-api/responsible/limits', { kind: 'loss', period: 'week', amount: 25 });
    await browser.post(MAKE_BET, single(10));
    await browser.post(MAKE_BET, single(10));
    const refused = await browser.post(MAKE_BET, single(10));
    expect(refused.json()).toMatchObject({
      error_code: 1602,
      responsible: { reason: 'loss', period: 'week', limit: 25, remaining: 5 },
    });
    expect(await eur(browser)).toBe(80);
  });

  it('refuses bets and deposits once the session-time limit is reached', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 50);
    await browser.put('/web-api/responsible/limits', { kind: 'session', period: 'session', amount: 30 });
    expect((await browser.post(MAKE_BET, single(5))).json()).toMatchObject({ status: 'accepted' });
    clock.advance(31 * 60_000);
    const refused = await browser.post(MAKE_BET, single(5));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error_code: 1604,
      responsible: { reason: 'session', limit: 30, remaining: 0 },
    });
    expect((await deposit(browser, scheduler, 10)).json()).toMatchObject({ error_code: 1604 });
  });

  it('refuses limits the site does not offer and malformed ones', async () => {
    const kz = await signUpGuard(app, 'kz');
    const off = await kz.browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'day', amount: 10 });
    expect({ status: off.statusCode, code: off.json().error_code }).toEqual({ status: 403, code: 1610 });
    const { browser } = await signUpGuard(app);
    const wrongPeriod = await browser.put('/web-api/responsible/limits', {
      kind: 'session',
      period: 'day',
      amount: 10,
    });
    expect(wrongPeriod.statusCode).toBe(400);
    const cents = await browser.put('/web-api/responsible/limits', { kind: 'wager', period: 'day', amount: 10.001 });
    expect(cents.statusCode).toBe(400);
    const negative = await browser.put('/web-api/responsible/limits', { kind: 'wager', period: 'day', amount: -1 });
    expect(negative.statusCode).toBe(400);
    expect((await browser.get('/web-api/responsible')).json()).toMatchObject({ limits: [] });
    // Signed out: 401.
    const guest = await app.inject({ url: '/web-api/responsible', headers: { host: 'guardbet.example' } });
    expect(guest.statusCode).toBe(401);
  });

  it('answers a wrong-typed amount 400 before any other check, and takes amount: null as the removal it means', async () => {
    // kz offers no limits: a valid request there is refused 403, a wrong-typed one is bad input first.
    const kz = await signUpGuard(app, 'kz');
    for (const amount of ['10', true, [10], { value: 10 }]) {
      const res = await kz.browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'day', amount });
      expect({ amount, status: res.statusCode }).toEqual({ amount, status: 400 });
      expect(res.json()).toMatchObject({
        message: expect.any(String),
        validation_errors: [expect.objectContaining({ field: expect.stringContaining('amount') })],
      });
    }
    const off = await kz.browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'day', amount: null });
    expect({ status: off.statusCode, code: off.json().error_code }).toEqual({ status: 403, code: 1610 });
    // Where the limit is offered, null (schema: "null removes the limit") is a removal: it waits the cooling-off.
    const { browser } = await signUpGuard(app);
    await browser.put('/web-api/responsible/limits', { kind: 'wager', period: 'week', amount: 40 });
    const removed = await browser.put('/web-api/responsible/limits', { kind: 'wager', period: 'week', amount: null });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      change: { applied: 'pending' },
      limits: [{ kind: 'wager', amount: 40, pending: { amount: null } }],
    });
  });
});
