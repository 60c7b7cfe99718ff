import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ControllableFeed } from '@tessera/server/bets';
import { describeEachDatabase, type DatabaseTestContext } from '@tessera/server/db';
import {
  recordAffordabilityCheck,
  SandboxActivityFile,
  SandboxCrossOperatorLimit,
  SandboxExclusionRegister,
  SANDBOX_REGISTER_LISTINGS,
} from '@tessera/server/responsible';
import { decideVerification, LocalDirectoryStorage } from '@tessera/server/verification';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, registerByEmail } from '../modules/auth/testing/accounts-test-kit';
import { fund, ScriptedFeed, SteppedScheduler } from '../modules/bets/testing/bets-test-kit';
import { TestClock } from '../modules/responsible/test-clock';
import { deposit, MAKE_BET, single } from '../modules/responsible/testing/responsible-test-kit';
import { PNG, upload } from '../modules/verification/testing/verification-test-kit';
import { buildTestApp, loadFixtureRegistry } from '../testing/test-app';

/**
 * licensed-bet names one jurisdiction per country (gb uk-gc, de de-ggl, nl nl-ksa, es es-dgoj, ca on-agco) and sets
 * nothing else about player protection or verification: every refusal below follows from a profile's floors alone.
 * Each test is named by the rule it proves; jurisdiction-conformance.meta.test.ts finds them by that name.
 */
const brandsDir = fileURLToPath(new URL('./brands', import.meta.url));
const HOST = 'licensed-bet.example';
const HOUR = 3_600_000;
type Country = 'gb' | 'de' | 'nl' | 'es' | 'ca';

const refusal = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error_code?: number }).error_code,
});

/**
 * The app over licensed-bet with stepped payments, the sandbox register and one clock for the whole app (limits,
 * deposits and sessions age together). Registers the hooks of the suite it is called in.
 */
function serverWithFloors(ctx: DatabaseTestContext) {
  const server = {} as {
    app: FastifyInstance;
    scheduler: SteppedScheduler;
    clock: TestClock;
    /** Verifies a player as compliance staff would (`tessera kyc decide`), once they submitted a document. */
    verify(accountId: string): Promise<void>;
  };
  const documents = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-conformance-kyc-'));
  const storage = new LocalDirectoryStorage({ directory: documents });
  let counter = 0;

  beforeAll(async () => {
    const control = new ControllableFeed(new ScriptedFeed());
    const scheduler = new SteppedScheduler();
    const clock = new TestClock();
    const registry = await loadFixtureRegistry(brandsDir);
    const app = await buildTestApp(ctx.db, {
      brandsDir,
      brandRegistry: registry,
      rateLimitPerMinute: 100_000,
      mode: 'test',
      clock: clock.now,
      logger: false,
      feed: { provider: control, flushIntervalMs: 60_000 },
      feedControl: control,
      payments: { sandbox: { scheduler, confirmDelayMs: 0 } },
      responsible: {
        testClock: clock,
        registers: { sandbox: new SandboxExclusionRegister([...SANDBOX_REGISTER_LISTINGS]) },
        registerTimeoutMs: 150,
      },
      verification: { storage },
    });
    await app.ready();
    const decide = { db: ctx.db, registry, storage, clock: clock.now };
    const verify = (accountId: string) =>
      decideVerification(decide, {
        accountId,
        decision: 'verified',
        reason: 'documents match',
        operator: 'conformance',
      });
    Object.assign(server, { app, scheduler, clock, verify });
  });
  afterAll(async () => {
    await server.app.close();
    fs.rmSync(documents, { recursive: true, force: true });
  });

  /** A new account in a country, signed in. */
  async function signUp(country: Country, email = `p${++counter}.${country}.${Date.now()}@example.com`) {
    const browser = new Browser(server.app, HOST);
    const res = await registerByEmail(server.app, browser, { email, country, currency: 'EUR' });
    return { browser, email, userId: (res.json() as { account_id: string }).account_id };
  }

  /** The player signed in again (a clock moved by months outlives any session). */
  async function signIn(email: string): Promise<Browser> {
    const browser = new Browser(server.app, HOST);
    const res = await browser.post('/web-api/user/auth', { login: email, password: 'Secret-pass-1' });
    expect(res.statusCode, res.body).toBe(200);
    return browser;
  }

  /** Uploads the documents and sends them for review with what they show. */
  async function submitDocuments(browser: Browser, country: Country, types: readonly string[]): Promise<void> {
    for (const type of types) {
      const uploaded = await upload(browser, type, { name: `${type}.png`, type: 'image/png', bytes: PNG });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    const submitted = await browser.post('/verification-api/api/v1/BackOffice/documents/verify', {
      country: country === 'gb' ? 'GB' : country.toUpperCase(),
      birth_date: '1990-01-31',
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
  }

  /**
   * A new account that may deposit: in Great Britain only once verified (UKGC-KYC-2: name, date of birth and address,
   * so a passport and a proof of address); in Germany and the Netherlands once the limits asked for before play are
   * set (DEGGL-DL-4, NLKSA-LIM-2); elsewhere at once.
   */
  async function depositor(country: Country, email?: string) {
    const player = await signUp(country, email);
    await setLimitsBeforePlay(player.browser, country);
    if (country === 'gb') {
      await submitDocuments(player.browser, country, ['passport', 'proof_of_address']);
      await server.verify(player.userId);
    }
    return player;
  }

  const pay = (browser: Browser, amount: number) => deposit(browser, server.scheduler, amount);
  /** A spin of the in-house slot Aurora Gems; the stake in minor units (100: 1 euro). */
  const spin = (browser: Browser, stake: number) =>
    browser.post('/web-api/casino/rounds', { roundId: crypto.randomUUID(), gameId: 'aurora-gems', bet: { stake } });
  return { server, signUp, signIn, pay, depositor, submitDocuments, spin };
}

/** The limits Germany (a deposit limit) and the Netherlands (and a session-time limit) ask for before play. */
async function setLimitsBeforePlay(browser: Browser, country: Country): Promise<void> {
  const limits =
    {
      de: [{ kind: 'deposit', period: 'month', amount: 1000 }],
      nl: [
        { kind: 'deposit', period: 'month', amount: 1000 },
        { kind: 'session', period: 'session', amount: 600 },
      ],
    }[country as 'de' | 'nl'] ?? [];
  for (const limit of limits) {
    const set = await browser.put('/web-api/responsible/limits', limit);
    expect(set.statusCode, set.body).toBe(200);
  }
}

/** The verification status a player's page shows: the rules in force and what a submission needs. */
async function verificationStatus(browser: Browser) {
  const res = await browser.get('/verification-api/api/v1/status');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    needs: Array<{ need: string; required: boolean; provided: boolean }>;
    rules: Array<{ rule: string; blocks: string[]; active: boolean }>;
  };
}

describeEachDatabase('jurisdiction server checks over HTTP, on the wall clock (docs/adr/0260)', (ctx) => {
  const { server, signUp, pay, depositor, submitDocuments, spin } = serverWithFloors(ctx);

  /** A daily deposit limit of 50 refuses a deposit past it, saying what is left. */
  async function depositLimitHolds(country: Country): Promise<void> {
    const { browser } = await depositor(country);
    const set = await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'day', amount: 50 });
    expect(set.statusCode, `${country}: ${set.body}`).toBe(200);
    expect((await pay(browser, 40)).statusCode).toBe(202);
    const refused = await pay(browser, 20);
    expect(refusal(refused), country).toEqual({ status: 422, code: 1601 });
    expect(refused.json()).toMatchObject({ responsible: { reason: 'deposit', limit: 50, remaining: 10 } });
  }

  /** Deposits and bets are refused until every limit asked for before play is set, the last one opening them. */
  async function limitsBeforePlayHold(country: Country, limits: Array<Record<string, unknown>>): Promise<void> {
    const { browser, userId } = await signUp(country);
    await fund(ctx.db, userId, 20);
    const bet = () =>
      browser.post('/service-api/LiveBet/Secure/MakeBetWeb', {
        betGUID: crypto.randomUUID(),
        vid: 0,
        Summ: 5,
        Events: [{ gameId: 1002, outcomeId: '1002:1x2:home', coef: 2 }],
      });
    for (const limit of limits) {
      const refused = await pay(browser, 10);
      expect(refusal(refused), country).toEqual({ status: 403, code: 1612 });
      expect(refused.json()).toMatchObject({ responsible: { reason: 'limits_required' } });
      expect(refusal(await bet()), country).toEqual({ status: 403, code: 1612 });
      const set = await browser.put('/web-api/responsible/limits', limit);
      expect(set.statusCode, set.body).toBe(200);
    }
    expect((await pay(browser, 10)).statusCode).toBe(202);
    expect((await bet()).statusCode, country).toBeLessThan(300);
  }

  /** A lock the player takes refuses a deposit at once. */
  async function lockHolds(country: Country, lock: Record<string, unknown>): Promise<void> {
    const { browser } = await signUp(country);
    const taken = await browser.post('/web-api/responsible/lock', lock);
    expect(taken.statusCode, `${country}: ${taken.body}`).toBe(200);
    expect(refusal(await pay(browser, 10))).toEqual({ status: 403, code: 1605 });
  }

  /** The register is asked at registration: a listed person is refused, and so is anyone while it fails. */
  async function registerHolds(country: Country): Promise<void> {
    const browser = new Browser(server.app, HOST);
    const body = { variant: 'short', age_confirmed: true, password: 'Secret-pass-1', country };
    const listed = await browser.post('/web-api/user/registration', { ...body, email: 'listed@register.test' });
    expect(refusal(listed), country).toEqual({ status: 403, code: 1608 });
    const down = await browser.post('/web-api/user/registration', {
      ...body,
      email: `down.${country}.${Date.now()}@example.com`,
      first_name: 'Kim',
      last_name: 'Registerdown',
      birth_date: '1980-01-01',
    });
    expect(refusal(down), country).toEqual({ status: 503, code: 1609 });
  }

  /** No withdrawal before verification: withdrawing money deposited is refused with the verification rule. */
  async function verificationBeforeWithdrawalHolds(country: Country): Promise<void> {
    const { browser } = await depositor(country);
    const paid = await pay(browser, 50);
    expect(paid.statusCode, `${country}: ${paid.body}`).toBe(202);
    const methodReference = (paid.json() as { merchantReference: string }).merchantReference;
    const withdrawal = await browser.post('/web-api/payments/withdrawal', {
      amount: 10,
      requestId: crypto.randomUUID(),
      methodReference,
    });
    expect(refusal(withdrawal), country).toEqual({ status: 403, code: 1701 });
    expect(withdrawal.json()).toMatchObject({ verification: { rule: 'withdrawal' } });
  }

  it('UKGC-LIM-1: a deposit past a deposit limit is refused', () => depositLimitHolds('gb'));
  it('UKGC-SE-1: a self-excluded player cannot deposit', () => lockHolds('gb', { kind: 'self_exclusion', months: 6 }));
  it('UKGC-SE-2: registration asks the register and fails closed', () => registerHolds('gb'));
  it('UKGC-KYC-1: no withdrawal before verification', async () => {
    // In Great Britain nothing can be deposited before verification (UKGC-KYC-2), so there is nothing to withdraw
    // either: the page's rules say both wait, and the deposit that would fund a withdrawal is refused.
    const { browser } = await signUp('gb');
    expect((await verificationStatus(browser)).rules).toEqual(
      expect.arrayContaining([
        { rule: 'withdrawal', blocks: ['withdrawal'], active: true },
        { rule: 'deposit', blocks: ['deposit', 'bet'], active: true },
      ]),
    );
    expect(refusal(await pay(browser, 50))).toEqual({ status: 403, code: 1704 });
  });
  it('UKGC-KYC-2: no deposit and no bet before name, date of birth and address are verified', async () => {
    const { browser, userId } = await signUp('gb');
    const refused = await pay(browser, 20);
    expect(refusal(refused)).toEqual({ status: 403, code: 1704 });
    expect(refused.json()).toMatchObject({ verification: { rule: 'deposit', status: 'not_started' } });
    await fund(ctx.db, userId, 20);
    const bet = await browser.post('/service-api/LiveBet/Secure/MakeBetWeb', {
      betGUID: crypto.randomUUID(),
      vid: 0,
      Summ: 5,
      Events: [{ gameId: 1002, outcomeId: '1002:1x2:home', coef: 2 }],
    });
    expect(refusal(bet)).toEqual({ status: 403, code: 1704 });
    // The address is verified too: a proof of address is part of a complete submission.
    expect((await verificationStatus(browser)).needs.find((n) => n.need === 'proof_of_address')).toMatchObject({
      required: true,
      provided: false,
    });
    await submitDocuments(browser, 'gb', ['passport', 'proof_of_address']);
    await server.verify(userId);
    expect((await pay(browser, 20)).statusCode).toBe(202);
  });
  it('UKGC-CC-1: a credit card is refused for a deposit, a debit card is taken', async () => {
    const { browser } = await depositor('gb');
    const card = { expiryMonth: 12, expiryYear: 2035, cvc: '123' };
    const credit = await browser.post('/web-api/payments/deposit', {
      amount: 20,
      card: { ...card, number: '5555555555554444' },
    });
    expect(refusal(credit)).toEqual({ status: 422, code: 1040 });
    expect(credit.json()).toMatchObject({ validation_errors: [{ field: 'card.number' }] });
    const debit = await browser.post('/web-api/payments/deposit', {
      amount: 20,
      card: { ...card, number: '4242424242424242' },
    });
    expect(debit.statusCode, debit.body).toBe(202);
  });
  it('UKGC-SLOT-1: a slot spin sooner than 2.5 seconds after the last is refused, saying when to retry', async () => {
    const { browser, userId } = await depositor('gb');
    await fund(ctx.db, userId, 20);
    expect((await spin(browser, 100)).statusCode).toBe(200);
    const refused = await spin(browser, 100);
    expect(refusal(refused)).toEqual({ status: 429, code: 1850 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.json() as { detail: string }).detail).toMatch(/^slot_spin_too_soon: /);
  });
  it('UKGC-WD-1: a verified player cannot cancel a withdrawal back into the balance', async () => {
    const { browser } = await depositor('gb');
    const paid = await pay(browser, 50);
    const methodReference = (paid.json() as { merchantReference: string }).merchantReference;
    const requested = await browser.post('/web-api/payments/withdrawal', {
      amount: 20,
      requestId: crypto.randomUUID(),
      methodReference,
    });
    expect(requested.statusCode, requested.body).toBeLessThan(300);
    const entry = requested.json() as { id: string; state: string; cancellable: boolean };
    expect(entry).toMatchObject({ state: 'requested', cancellable: false });
    const cancel = await browser.post(`/web-api/payments/withdrawal/${entry.id}/cancel`, {});
    expect(refusal(cancel)).toEqual({ status: 403, code: 1305 });
  });

  it('DEGGL-DL-1: the cross-operator limit refuses past 1,000 euros a month, and fails closed', async () => {
    const { browser, email } = await depositor('de');
    const system = new SandboxCrossOperatorLimit({ db: ctx.db, clock: () => server.clock.now() });
    const elsewhere = await system.authorise({
      playerKey: email,
      operator: 'other',
      amountMinor: 90_000,
      currency: 'EUR',
    });
    expect(elsewhere).toEqual({ authorised: true });
    const refused = await pay(browser, 200);
    expect(refusal(refused)).toEqual({ status: 422, code: 1606 });
    expect(refused.json()).toMatchObject({ responsible: { reason: 'cross_operator', limit: 1000, remaining: 100 } });
    const down = await depositor('de', `lugas-down.${Date.now()}@example.com`);
    expect(refusal(await pay(down.browser, 10))).toEqual({ status: 503, code: 1607 });
  });
  it('DEGGL-DL-2: a deposit past a deposit limit is refused', () => depositLimitHolds('de'));
  it('DEGGL-DL-4: no deposit and no bet before the player has set a deposit limit', () =>
    limitsBeforePlayHold('de', [{ kind: 'deposit', period: 'month', amount: 1000 }]));
  it('DEGGL-PB-1: the panic button locks play at once', () => lockHolds('de', { kind: 'panic' }));
  it('DEGGL-SE-1: registration asks OASIS and fails closed', () => registerHolds('de'));
  it('DEGGL-KYC-1: no withdrawal before verification', () => verificationBeforeWithdrawalHolds('de'));
  it('DEGGL-SLOT-1: a slot spin sooner than 5 seconds after the last is refused', async () => {
    const { browser, userId } = await depositor('de');
    await fund(ctx.db, userId, 20);
    expect((await spin(browser, 100)).statusCode).toBe(200);
    expect(refusal(await spin(browser, 100))).toEqual({ status: 429, code: 1850 });
  });
  it('DEGGL-SLOT-2: a slot spin staking more than 1 euro is refused, and nothing is written', async () => {
    const { browser, userId } = await depositor('de');
    await fund(ctx.db, userId, 20);
    expect(refusal(await spin(browser, 200))).toEqual({ status: 422, code: 1851 });
    const history = (await browser.get('/web-api/casino/history?limit=5')).json() as { rounds: unknown[] };
    expect(history.rounds).toEqual([]);
    expect((await spin(browser, 100)).statusCode).toBe(200);
  });
  it('DEGGL-PP-1: no bet while the activity file has the player with another operator; it failing refuses too', async () => {
    const { browser, userId, email } = await depositor('de');
    await fund(ctx.db, userId, 20);
    // Another operator on the same (sandbox) activity file registers the player first.
    const elsewhere = { playerKey: email.toLowerCase(), operator: 'another-operator' };
    const file = new SandboxActivityFile({ db: ctx.db, clock: () => server.clock.now() });
    await file.touch(elsewhere);
    const refused = await browser.post(MAKE_BET, single(5));
    expect(refusal(refused)).toEqual({ status: 403, code: 1621 });
    expect(refused.json()).toMatchObject({ responsible: { reason: 'activity_file' } });
    await file.end(elsewhere);
    expect((await browser.post(MAKE_BET, single(5))).statusCode).toBeLessThan(300);
    expect(await file.touch(elsewhere)).toMatchObject({ active: 'elsewhere' });

    const down = await depositor('de', `activity-down.${Date.now()}@example.com`);
    await fund(ctx.db, down.userId, 20);
    expect(refusal(await down.browser.post(MAKE_BET, single(5)))).toEqual({ status: 503, code: 1622 });
  });

  it('NLKSA-LIM-1: a deposit past a deposit limit is refused, and a session limit can be set', async () => {
    await depositLimitHolds('nl');
    const { browser } = await signUp('nl');
    const session = await browser.put('/web-api/responsible/limits', {
      kind: 'session',
      period: 'session',
      amount: 60,
    });
    expect(session.statusCode, session.body).toBe(200);
  });
  it('NLKSA-LIM-2: no deposit and no bet before the player has set deposit and session-time limits', () =>
    limitsBeforePlayHold('nl', [
      { kind: 'deposit', period: 'week', amount: 300 },
      { kind: 'session', period: 'session', amount: 120 },
    ]));
  it('NLKSA-SE-1: registration asks Cruks and fails closed', () => registerHolds('nl'));
  it('NLKSA-SE-2: a self-excluded player cannot deposit', () => lockHolds('nl', { kind: 'self_exclusion', months: 6 }));
  it('NLKSA-KYC-1: no withdrawal before verification', () => verificationBeforeWithdrawalHolds('nl'));
  it('NLKSA-NL-1: past the monthly deposit threshold of the age band, deposits wait for an affordability check', async () => {
    const adult = await depositor('nl');
    await ctx.db.query(`update accounts_users set birth_date = '1980-01-31' where id = $1::bigint`, [adult.userId]);
    expect((await pay(adult.browser, 690)).statusCode).toBe(202);
    const refused = await pay(adult.browser, 20);
    expect(refusal(refused)).toEqual({ status: 422, code: 1620 });
    expect(refused.json()).toMatchObject({
      responsible: { reason: 'affordability', period: 'month', limit: 700, remaining: 10, currency: 'EUR' },
    });
    await recordAffordabilityCheck(ctx.db, {
      accountId: adult.userId,
      currency: 'EUR',
      monthlyAmount: 900,
      reason: 'bank statements reviewed',
      operator: 'conformance',
      at: server.clock.now(),
    });
    expect((await pay(adult.browser, 20)).statusCode).toBe(202);

    const young = await depositor('nl');
    const twenty = new Date(server.clock.now().getTime() - 20 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    await ctx.db.query(`update accounts_users set birth_date = $2 where id = $1::bigint`, [young.userId, twenty]);
    expect((await pay(young.browser, 290)).statusCode).toBe(202);
    expect(refusal(await pay(young.browser, 20))).toEqual({ status: 422, code: 1620 });
  });

  it('ESDGOJ-LIM-1: an account starts with deposit limits of 600, 1,500 and 3,000 euros; raising one waits', async () => {
    const { browser, userId } = await signUp('es');
    const overview = (await browser.get('/web-api/responsible')).json() as {
      limits: Array<{ kind: string; period: string; amount: number; remaining: number }>;
    };
    expect(overview.limits.filter((l) => l.kind === 'deposit').map((l) => [l.period, l.amount])).toEqual([
      ['day', 600],
      ['week', 1500],
      ['month', 3000],
    ]);
    // Past the 150 euros an unverified Spanish player may deposit (ESDGOJ-KYC-1), the player is verified first.
    await submitDocuments(browser, 'es', ['passport']);
    await server.verify(userId);
    expect((await pay(browser, 600)).statusCode).toBe(202);
    const refused = await pay(browser, 1);
    expect(refusal(refused)).toEqual({ status: 422, code: 1601 });
    expect(refused.json()).toMatchObject({
      responsible: { reason: 'deposit', period: 'day', limit: 600, remaining: 0 },
    });
    const raised = await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'day', amount: 1000 });
    expect((raised.json() as { change: { applied: string } }).change.applied).toBe('pending');
    const lowered = await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'week', amount: 1000 });
    expect((lowered.json() as { change: { applied: string } }).change.applied).toBe('now');
  });
  it('ESDGOJ-LIM-3: a deposit past a deposit limit is refused', () => depositLimitHolds('es'));
  it('ESDGOJ-SE-1: registration asks the RGIAJ and fails closed', () => registerHolds('es'));

  it('ONAGCO-LIM-1: a deposit past a deposit limit is refused', () => depositLimitHolds('ca'));
  it('ONAGCO-SE-1: a self-excluded player cannot deposit', () =>
    lockHolds('ca', { kind: 'self_exclusion', months: 6 }));
  it('ONAGCO-KYC-1: no withdrawal before verification', () => verificationBeforeWithdrawalHolds('ca'));
});

describeEachDatabase('jurisdiction server checks over HTTP, with the clock moved (docs/adr/0260)', (ctx) => {
  const { server, signUp, signIn, pay } = serverWithFloors(ctx);

  /** Raising a limit waits `hours`: an hour before, the lower limit holds; just after, the higher one does. */
  async function coolingOffHolds(country: Country, hours: number): Promise<void> {
    const { browser, email } = await signUp(country);
    await browser.put('/web-api/responsible/limits', { kind: 'wager', period: 'month', amount: 30 });
    const raised = await browser.put('/web-api/responsible/limits', { kind: 'wager', period: 'month', amount: 80 });
    const change = (raised.json() as { change: { applied: string; effectiveAt: string } }).change;
    expect(change.applied, country).toBe('pending');
    const due = server.clock.now().getTime() + hours * HOUR;
    expect(Math.abs(new Date(change.effectiveAt).getTime() - due)).toBeLessThan(5_000);
    server.clock.advance((hours - 1) * HOUR);
    // Spain lists its default deposit limits beside it (ESDGOJ-LIM-1).
    const wager = async (browser: Browser) =>
      ((await browser.get('/web-api/responsible')).json() as { limits: Array<{ kind: string }> }).limits.find(
        (l) => l.kind === 'wager',
      );
    expect(await wager(await signIn(email))).toMatchObject({ amount: 30 });
    server.clock.advance(HOUR + 60_000);
    expect(await wager(await signIn(email))).toMatchObject({ amount: 80, pending: null });
  }

  it('UKGC-LIM-2: a raised limit waits 24 hours', () => coolingOffHolds('gb', 24));
  it('DEGGL-DL-3: a raised limit waits seven days', () => coolingOffHolds('de', 168));
  it('ESDGOJ-LIM-2: a raised limit waits three months', () => coolingOffHolds('es', 2160));
  it('ONAGCO-LIM-2: a relaxed limit waits 24 hours', () => coolingOffHolds('ca', 24));

  it('ESDGOJ-KYC-1: unverified, no withdrawal, no deposits past 150 euros, and none after 30 days', async () => {
    const { browser } = await signUp('es');
    const paid = await pay(browser, 150);
    expect(paid.statusCode, paid.body).toBe(202);
    const methodReference = (paid.json() as { merchantReference: string }).merchantReference;
    const withdrawal = await browser.post('/web-api/payments/withdrawal', {
      amount: 10,
      requestId: crypto.randomUUID(),
      methodReference,
    });
    expect(refusal(withdrawal)).toEqual({ status: 403, code: 1701 });
    expect(refusal(await pay(browser, 1))).toEqual({ status: 403, code: 1703 });
    const late = await signUp('es');
    server.clock.advance(31 * 24 * HOUR);
    expect(refusal(await pay(await signIn(late.email), 10))).toEqual({ status: 403, code: 1702 });
  });
});
