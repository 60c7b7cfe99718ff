import { describeEachDatabase } from '@tessera/server/db';
import { SandboxCrossOperatorLimit } from '@tessera/server/responsible';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../auth/testing/accounts-test-kit';
import { fund, type SteppedScheduler } from '../bets/testing/bets-test-kit';
import type { TestClock } from '@tessera/server/responsible';
import { buildGuardApp, deposit, GUARD_HOST, MAKE_BET, signUpGuard, single } from './testing/responsible-test-kit';

const HOUR = 3_600_000;

describeEachDatabase('responsible gambling: locks, registers and the reality check over HTTP', (ctx) => {
  let app: FastifyInstance;
  let scheduler: SteppedScheduler;
  let clock: TestClock;
  let listings: Array<{ firstName: string; lastName: string; birthDate: string; email?: string; until: string | null }>;

  beforeAll(async () => {
    ({ app, scheduler, clock, listings } = await buildGuardApp(ctx.db));
  });
  afterAll(async () => {
    await app.close();
  });

  it('a time-out stops bets and deposits at once, keeps sign-in, history and withdrawal-side reads, and ends on time', async () => {
    const { browser, userId, email } = await signUpGuard(app);
    await fund(ctx.db, userId, 100);
    const taken = await browser.post('/web-api/responsible/lock', { kind: 'timeout', hours: 48 });
    expect(taken.statusCode).toBe(200);
    const lock = (taken.json() as { lock: { kind: string; endsAt: string } }).lock;
    expect(lock.kind).toBe('timeout');
    expect(Math.round((new Date(lock.endsAt).getTime() - clock.now().getTime()) / HOUR)).toBe(48);

    const bet = await browser.post(MAKE_BET, single(5));
    expect(bet.statusCode).toBe(403);
    expect(bet.json()).toMatchObject({ error_code: 1605, responsible: { reason: 'timeout', resetsAt: lock.endsAt } });
    expect((await deposit(browser, scheduler, 10)).json()).toMatchObject({ error_code: 1605 });
    // A shorter time-out taken meanwhile does not shorten the one in force; there is no way to lift it.
    const shorter = await browser.post('/web-api/responsible/lock', { kind: 'timeout', hours: 24 });
    expect((shorter.json() as { lock: { endsAt: string } }).lock.endsAt).toBe(lock.endsAt);

    // Signing in, the balance and the history still work.
    const again = new Browser(app, GUARD_HOST);
    const signIn = await again.post('/web-api/user/auth', { login: email, password: 'Secret-pass-1' });
    expect(signIn.statusCode).toBe(200);
    expect((await again.get('/account-api/user/balance')).statusCode).toBe(200);
    expect((await again.post('/officeapi/getbetshistory', {})).statusCode).toBe(200);

    clock.advance(48 * HOUR + 60_000);
    expect((await again.get('/web-api/responsible')).json()).toMatchObject({ lock: null });
    expect((await again.post(MAKE_BET, single(5))).json()).toMatchObject({ status: 'accepted' });
  });

  it('self-exclusion: 6 to 60 months or permanent, only where offered, with bounds checked', async () => {
    const { browser } = await signUpGuard(app);
    for (const bad of [
      { kind: 'self_exclusion', months: 3 },
      { kind: 'self_exclusion', months: 61 },
      { kind: 'self_exclusion' },
      { kind: 'self_exclusion', months: 6, permanent: true },
      { kind: 'timeout', hours: 12 },
      { kind: 'timeout', hours: 1009 },
      { kind: 'panic', hours: 24 },
    ])
      expect((await browser.post('/web-api/responsible/lock', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await browser.get('/web-api/responsible')).json()).toMatchObject({ lock: null });

    const six = await browser.post('/web-api/responsible/lock', { kind: 'self_exclusion', months: 6 });
    const ends = new Date((six.json() as { lock: { endsAt: string } }).lock.endsAt);
    const now = clock.now();
    expect(ends.getUTCMonth()).toBe((now.getUTCMonth() + 6) % 12);
    const forever = await browser.post('/web-api/responsible/lock', { kind: 'self_exclusion', permanent: true });
    expect(forever.json()).toMatchObject({ lock: { kind: 'self_exclusion', endsAt: null } });
    const bet = await browser.post(MAKE_BET, single(5));
    expect(bet.json()).toMatchObject({ error_code: 1605, responsible: { reason: 'self_exclusion', resetsAt: null } });

    const kz = await signUpGuard(app, 'kz');
    const off = await kz.browser.post('/web-api/responsible/lock', { kind: 'self_exclusion', months: 6 });
    expect({ status: off.statusCode, code: off.json().error_code }).toEqual({ status: 403, code: 1611 });
    const de = await signUpGuard(app, 'de');
    const noTimeout = await de.browser.post('/web-api/responsible/lock', { kind: 'timeout', hours: 24 });
    expect(noTimeout.json()).toMatchObject({ error_code: 1611 });
  });

  it('the panic button locks play for 24 hours at one request, where offered', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 20);
    const panic = await browser.post('/web-api/responsible/lock', { kind: 'panic' });
    const lock = (panic.json() as { lock: { kind: string; endsAt: string } }).lock;
    expect(lock.kind).toBe('panic');
    expect(Math.round((new Date(lock.endsAt).getTime() - clock.now().getTime()) / HOUR)).toBe(24);
    expect((await browser.post(MAKE_BET, single(5))).json()).toMatchObject({ error_code: 1605 });
    const kz = await signUpGuard(app, 'kz');
    expect((await kz.browser.post('/web-api/responsible/lock', { kind: 'panic' })).json()).toMatchObject({
      error_code: 1611,
    });
  });

  it('a person on the register cannot open an account, and nothing is written', async () => {
    const email = `sam.${Date.now()}@example.com`;
    const browser = new Browser(app, GUARD_HOST);
    const res = await browser.post('/web-api/user/registration', {
      variant: 'short',
      age_confirmed: true,
      password: 'Secret-pass-1',
      email,
      country: 'gb',
      first_name: 'Sam',
      last_name: 'Excluded',
      birth_date: '1985-03-14',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: 1608, responsible: { reason: 'register', resetsAt: null } });
    const written = await ctx.db.query<{ n: number }>(
      `select (select count(*) from accounts_users where lower(email) = $1)::int
            + (select count(*) from accounts_codes where recipient = $1)::int as n`,
      [email],
    );
    expect(written.rows[0]?.n).toBe(0);
    // Listed by e-mail alone.
    const byEmail = await browser.post('/web-api/user/registration', {
      variant: 'short',
      age_confirmed: true,
      password: 'Secret-pass-1',
      email: 'listed@register.test',
      country: 'gb',
    });
    expect(byEmail.json()).toMatchObject({ error_code: 1608 });
  });

  it('a person listed after registering cannot sign in, but a wrong password answers as for anyone', async () => {
    const stamp = Date.now();
    // Names take letters only: the time in letters keeps this person unique.
    const surname = `Later${[...String(stamp)].map((d) => String.fromCharCode(97 + Number(d))).join('')}`;
    const person = { first_name: 'Robin', last_name: surname, birth_date: '1991-02-03' };
    const { email } = await signUpGuard(app, 'gb', person);
    listings.push({ firstName: 'Robin', lastName: surname, birthDate: '1991-02-03', until: '2030-01-01' });
    const browser = new Browser(app, GUARD_HOST);
    const wrong = await browser.post('/web-api/user/auth', { login: email, password: 'Wrong-pass-1' });
    const unknown = await browser.post('/web-api/user/auth', {
      login: `nobody.${stamp}@example.com`,
      password: 'Wrong-pass-1',
    });
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({
      status: unknown.statusCode,
      body: unknown.json(),
    });
    const right = await browser.post('/web-api/user/auth', { login: email, password: 'Secret-pass-1' });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ error_code: 1608 });
    expect(browser.cookie('tessera_session')).toBeUndefined();
  });

  it('a register that does not answer refuses where it fails closed (gb) and lets through where it fails open (de)', async () => {
    const person = { first_name: 'Kim', last_name: 'Registerslow', birth_date: '1980-01-01' };
    const body = { variant: 'short', age_confirmed: true, password: 'Secret-pass-1', ...person };
    const browser = new Browser(app, GUARD_HOST);
    const gb = await browser.post('/web-api/user/registration', {
      ...body,
      email: `kim.gb.${Date.now()}@example.com`,
      country: 'gb',
    });
    expect(gb.statusCode).toBe(503);
    expect(gb.json()).toMatchObject({ error_code: 1609 });
    const down = await browser.post('/web-api/user/registration', {
      ...body,
      last_name: 'Registerdown',
      email: `kim.down.${Date.now()}@example.com`,
      country: 'gb',
    });
    expect(down.json()).toMatchObject({ error_code: 1609 });
    const de = await browser.post('/web-api/user/registration', {
      ...body,
      email: `kim.de.${Date.now()}@example.com`,
      country: 'de',
    });
    expect(de.statusCode).toBe(202);
  });

  it('the cross-operator deposit limit counts other operators, refuses past it, and fails closed or open', async () => {
    const { browser, email } = await signUpGuard(app, 'de');
    // Another operator already took €700 of the player's €1,000 this month.
    const system = new SandboxCrossOperatorLimit({ db: ctx.db, clock: () => clock.now() });
    expect(
      await system.authorise({ playerKey: email, operator: 'other-operator', amountMinor: 70_000, currency: 'EUR' }),
    ).toEqual({
      authorised: true,
    });
    expect((await deposit(browser, scheduler, 200)).statusCode).toBe(202);
    const refused = await deposit(browser, scheduler, 200);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error_code: 1606,
      responsible: { reason: 'cross_operator', period: 'month', limit: 1000, remaining: 100 },
    });

    const closed = await signUpGuard(app, 'de', {}, `lugas-down.${Date.now()}@example.com`);
    expect((await deposit(closed.browser, scheduler, 10)).json()).toMatchObject({ error_code: 1607 });
    const open = await signUpGuard(app, 'kz', {}, `lugas-down.kz.${Date.now()}@example.com`);
    expect((await deposit(open.browser, scheduler, 10)).statusCode).toBe(202);
  });

  it('keeps the reality-check clock on the server: due after the interval, reset by continue', async () => {
    const { browser, userId } = await signUpGuard(app);
    await fund(ctx.db, userId, 50);
    await browser.post(MAKE_BET, single(10));
    const first = (await browser.get('/web-api/responsible/session')).json() as Record<string, string | number>;
    expect(first).toMatchObject({
      wagered: 10,
      netPosition: -10,
      currency: 'EUR',
      show: { sessionTimer: true, netPosition: true },
    });
    const start = new Date(first['startedAt'] as string).getTime();
    expect(new Date(first['nextCheckAt'] as string).getTime()).toBe(start + 30 * 60_000);
    // Another tab sees the same clock.
    const again = (await browser.get('/web-api/responsible/session')).json() as Record<string, string>;
    expect(again['nextCheckAt']).toBe(first['nextCheckAt']);

    clock.advance(31 * 60_000);
    const due = (await browser.get('/web-api/responsible/session')).json() as Record<string, string | number>;
    expect(new Date(due['serverTime'] as string).getTime()).toBeGreaterThan(
      new Date(due['nextCheckAt'] as string).getTime(),
    );
    expect(due['minutesPlayed']).toBeGreaterThanOrEqual(31);
    const continued = (await browser.post('/web-api/responsible/session/continue')).json() as Record<string, string>;
    expect(new Date(continued['nextCheckAt'] as string).getTime()).toBeGreaterThan(clock.now().getTime() + 29 * 60_000);
  });
});
