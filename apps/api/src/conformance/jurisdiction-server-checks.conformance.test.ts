import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ControllableFeed } from '@tessera/server/bets';
import { describeEachDatabase, type DatabaseTestContext } from '@tessera/server/db';
import {
  SandboxCrossOperatorLimit,
  SandboxExclusionRegister,
  SANDBOX_REGISTER_LISTINGS,
} from '@tessera/server/responsible';
import { decideVerification, LocalDirectoryStorage } from '@tessera/server/verification';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser, registerByEmail } from '../modules/auth/testing/accounts-test-kit';
import { ScriptedFeed, SteppedScheduler } from '../modules/bets/testing/bets-test-kit';
import { TestClock } from '../modules/responsible/test-clock';
import { deposit } from '../modules/responsible/testing/responsible-test-kit';
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

  const pay = (browser: Browser, amount: number) => deposit(browser, server.scheduler, amount);
  return { server, signUp, signIn, pay };
}

describeEachDatabase('jurisdiction server checks over HTTP, on the wall clock (docs/adr/0260)', (ctx) => {
  const { server, signUp, pay } = serverWithFloors(ctx);

  /** A daily deposit limit of 50 refuses a deposit past it, saying what is left. */
  async function depositLimitHolds(country: Country): Promise<void> {
    const { browser } = await signUp(country);
    const set = await browser.put('/web-api/responsible/limits', { kind: 'deposit', period: 'day', amount: 50 });
    expect(set.statusCode, `${country}: ${set.body}`).toBe(200);
    expect((await pay(browser, 40)).statusCode).toBe(202);
    const refused = await pay(browser, 20);
    expect(refusal(refused), country).toEqual({ status: 422, code: 1601 });
    expect(refused.json()).toMatchObject({ responsible: { reason: 'deposit', limit: 50, remaining: 10 } });
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
    const { browser } = await signUp(country);
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
  it('UKGC-KYC-1: no withdrawal before verification', () => verificationBeforeWithdrawalHolds('gb'));
  it('UKGC-WD-1: a verified player cannot cancel a withdrawal back into the balance', async () => {
    const { browser, userId } = await signUp('gb');
    const paid = await pay(browser, 50);
    const methodReference = (paid.json() as { merchantReference: string }).merchantReference;
    const uploaded = await upload(browser, 'passport', { name: 'passport.png', type: 'image/png', bytes: PNG });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const submitted = await browser.post('/verification-api/api/v1/BackOffice/documents/verify', {
      country: 'GB',
      birth_date: '1990-01-31',
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    await server.verify(userId);
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
    const { browser, email } = await signUp('de');
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
    const down = await signUp('de', `lugas-down.${Date.now()}@example.com`);
    expect(refusal(await pay(down.browser, 10))).toEqual({ status: 503, code: 1607 });
  });
  it('DEGGL-DL-2: a deposit past a deposit limit is refused', () => depositLimitHolds('de'));
  it('DEGGL-PB-1: the panic button locks play at once', () => lockHolds('de', { kind: 'panic' }));
  it('DEGGL-SE-1: registration asks OASIS and fails closed', () => registerHolds('de'));
  it('DEGGL-KYC-1: no withdrawal before verification', () => verificationBeforeWithdrawalHolds('de'));

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
  it('NLKSA-SE-1: registration asks Cruks and fails closed', () => registerHolds('nl'));
  it('NLKSA-SE-2: a self-excluded player cannot deposit', () => lockHolds('nl', { kind: 'self_exclusion', months: 6 }));
  it('NLKSA-KYC-1: no withdrawal before verification', () => verificationBeforeWithdrawalHolds('nl'));

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
    const before = await signIn(email);
    expect((await before.get('/web-api/responsible')).json()).toMatchObject({ limits: [{ amount: 30 }] });
    server.clock.advance(HOUR + 60_000);
    const after = await signIn(email);
    expect((await after.get('/web-api/responsible')).json()).toMatchObject({ limits: [{ amount: 80, pending: null }] });
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
