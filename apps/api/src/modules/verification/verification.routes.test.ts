import fs from 'node:fs';
import path from 'node:path';
import { describeEachDatabase } from '@tessera/server/db';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import {
  decideVerification,
  DocumentStorageError,
  LocalDirectoryStorage,
  type DocumentStorage,
  type VerificationContext,
} from '@tessera/server/verification';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Browser } from '../auth/testing/accounts-test-kit';
import { fund, signUp, type SteppedScheduler } from '../bets/testing/bets-test-kit';
import { buildVerificationApp, kycBrandsDir, PDF, PNG, storedFiles, upload } from './testing/verification-test-kit';

const card = { number: '4242424242424242', expiryMonth: 12, expiryYear: 2035, cvc: '123' };
const refusal = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  code: (res.json() as { error_code?: number }).error_code,
});

/** A storage that fails the next write the way a full disk does, else stores in a folder. */
class FillableStorage implements DocumentStorage {
  full = false;
  constructor(readonly inner: LocalDirectoryStorage) {}
  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (this.full) throw new DocumentStorageError('full', 'the document storage is full');
    return this.inner.put(key, bytes);
  }
  get(key: string): Promise<Buffer> {
    return this.inner.get(key);
  }
  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }
}

describeEachDatabase('identity verification API', (ctx) => {
  let app: FastifyInstance;
  let scheduler: SteppedScheduler;
  let documentsDir: string;
  let storage: FillableStorage;
  const now = Date.UTC(2026, 10, 26, 9, 0, 0);
  let decide: VerificationContext;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(process.env['TMPDIR'] ?? '/tmp', 'tessera-kyc-store-'));
    storage = new FillableStorage(new LocalDirectoryStorage({ directory: dir }));
    ({ app, scheduler } = await buildVerificationApp(ctx.db, { clock: () => new Date(now), storage }));
    documentsDir = dir;
    decide = {
      db: ctx.db,
      registry: await loadBrandRegistry({ brandsDir: kycBrandsDir }),
      storage,
      clock: () => new Date(now),
    };
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(documentsDir, { recursive: true, force: true });
  });

  const status = async (browser: Browser) => {
    const res = await browser.get('/verification-api/api/v1/status');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      status: string;
      needs: Array<{ need: string; required: boolean; provided: boolean }>;
      rules: Array<{ rule: string; active: boolean; deadline?: string; deposited?: number }>;
      documents: Array<{ id: string; document_type: string; content_type: string; state: string; file_name: string }>;
      decisions: Array<{ decision: string; reason: string }>;
      submissions: Array<{ status: string; resubmission: boolean }>;
      declared: { country: string; birth_date: string | null };
    };
  };
  const submit = (browser: Browser, body: object = { country: 'KZ', birth_date: '1990-01-31' }) =>
    browser.post('/verification-api/api/v1/BackOffice/documents/verify', body);
  const rows = async (userId: string) =>
    (
      await ctx.db.query<{ n: number }>('select count(*)::int as n from verification_documents where user_id = $1', [
        userId,
      ])
    ).rows[0]?.n;

  it('walks every status: not started → submitted → rejected → resubmitted → verified, keeping every decision', async () => {
    const { browser, userId } = await signUp(app, 'kz');
    expect((await status(browser)).status).toBe('not_started');
    expect((await status(browser)).needs.find((n) => n.need === 'identity')).toMatchObject({
      required: true,
      provided: false,
    });
    // Nothing to send yet: the identity document is missing.
    expect(refusal(await submit(browser))).toEqual({ status: 422, code: 1714 });

    const uploaded = await upload(browser, 'passport', { name: 'passport.png', type: 'image/png', bytes: PNG });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ document_type: 'passport', content_type: 'image/png', state: 'uploaded' });
    const listed = await browser.get('/verification-api/api/v1/BackOffice/documents');
    expect(listed.json()).toMatchObject({ documents: [{ file_name: 'passport.png', state: 'uploaded' }] });

    expect((await submit(browser)).statusCode).toBe(201);
    expect((await status(browser)).status).toBe('submitted');
    // One submission waits at a time.
    expect(refusal(await submit(browser))).toEqual({ status: 409, code: 1715 });

    await decideVerification(decide, {
      accountId: userId,
      decision: 'rejected',
      reason: 'The photo is blurred',
      operator: 'alice',
    });
    const rejected = await status(browser);
    expect(rejected).toMatchObject({
      status: 'rejected',
      decisions: [{ decision: 'rejected', reason: 'The photo is blurred' }],
    });
    expect(rejected.documents[0]?.state).toBe('rejected');

    expect(
      (await upload(browser, 'id_card', { name: 'card.pdf', type: 'application/pdf', bytes: PDF })).statusCode,
    ).toBe(201);
    expect((await submit(browser)).statusCode).toBe(201);
    expect((await status(browser)).status).toBe('resubmitted');

    await decideVerification(decide, {
      accountId: userId,
      decision: 'verified',
      reason: 'Identity card checked',
      operator: 'bob',
      birthDate: '1990-02-01',
    });
    const verified = await status(browser);
    expect(verified.status).toBe('verified');
    expect(verified.decisions.map((d) => d.decision)).toEqual(['verified', 'rejected']);
    expect(verified.submissions.map((s) => [s.status, s.resubmission])).toEqual([
      ['verified', true],
      ['rejected', false],
    ]);
    expect(verified.rules).toEqual([]);
    const history = await ctx.db.query<{ operator: string; reason: string }>(
      'select operator, reason from verification_decisions where user_id = $1 order by id',
      [userId],
    );
    expect(history.rows).toEqual([
      { operator: 'alice', reason: 'The photo is blurred' },
      { operator: 'bob', reason: 'Identity card checked' },
    ]);
    // Verified: nothing more to send, and nothing waits for a decision.
    expect(refusal(await submit(browser))).toEqual({ status: 409, code: 1715 });
    await expect(
      decideVerification(decide, { accountId: userId, decision: 'rejected', reason: 'again', operator: 'eve' }),
    ).rejects.toThrow('No submission waits for a decision');
  });

  it('judges files by their bytes: a PNG named .pdf is a PNG, a script named .jpg is refused and nothing is kept', async () => {
    const { browser, userId } = await signUp(app, 'kz');
    const png = await upload(browser, 'passport', { name: 'scan.pdf', type: 'application/pdf', bytes: PNG });
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ content_type: 'image/png', file_name: 'scan.pdf' });
    const before = storedFiles(documentsDir).length;

    const script = Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n');
    const refused = await upload(browser, 'passport', { name: 'photo.jpg', type: 'image/jpeg', bytes: script });
    expect(refusal(refused)).toEqual({ status: 415, code: 1710 });
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(refusal(await upload(browser, 'selfie', { name: 'me.png', type: 'image/png', bytes: html }))).toEqual({
      status: 415,
      code: 1710,
    });
    const activePdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n%%EOF\n',
    );
    expect(
      refusal(await upload(browser, 'passport', { name: 'doc.pdf', type: 'application/pdf', bytes: activePdf })),
    ).toEqual({
      status: 415,
      code: 1710,
    });
    // Above the brand's 100 KiB: refused while reading, nothing stored.
    const big = Buffer.concat([PNG, Buffer.alloc(102_400)]);
    expect(refusal(await upload(browser, 'passport', { name: 'big.png', type: 'image/png', bytes: big }))).toEqual({
      status: 413,
      code: 1711,
    });
    expect(refusal(await upload(browser, 'visa', { name: 'v.png', type: 'image/png', bytes: PNG })).status).toBe(400);
    expect(storedFiles(documentsDir).length).toBe(before);
    expect(await rows(userId)).toBe(1);
    // The stored file is named by a random id, never by the upload's name.
    expect(storedFiles(documentsDir).every((f) => /^[0-9a-f-]{36}$/.test(f))).toBe(true);
  });

  it('holds at most maxDocuments, counts uploads per hour, and needs the page origin (CSRF)', async () => {
    const { browser, userId } = await signUp(app, 'kz');
    for (let i = 0; i < 3; i++) {
      expect((await upload(browser, 'passport', { name: `p${i}.png`, type: 'image/png', bytes: PNG })).statusCode).toBe(
        201,
      );
    }
    expect(refusal(await upload(browser, 'selfie', { name: 'p4.png', type: 'image/png', bytes: PNG }))).toEqual({
      status: 409,
      code: 1712,
    });
    expect(await rows(userId)).toBe(3);

    const other = await signUp(app, 'kz');
    const foreign = await upload(
      other.browser,
      'passport',
      { name: 'x.png', type: 'image/png', bytes: PNG },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign.statusCode).toBe(403);
    expect(await rows(other.userId)).toBe(0);
    // 12 attempts an hour, refused ones included: the 13th is 429 with Retry-After.
    for (let i = 0; i < 12; i++) {
      await upload(other.browser, 'passport', { name: 'bad.jpg', type: 'image/jpeg', bytes: Buffer.from('nope') });
    }
    const limited = await upload(other.browser, 'passport', { name: 'ok.png', type: 'image/png', bytes: PNG });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows(other.userId)).toBe(0);
    // Guests get nothing.
    expect((await new Browser(app, 'betbet.example').get('/verification-api/api/v1/status')).statusCode).toBe(401);
  });

  it('a full storage refuses with 503 and keeps neither a row nor a file', async () => {
    const { browser, userId } = await signUp(app, 'kz');
    const before = storedFiles(documentsDir).length;
    storage.full = true;
    try {
      const res = await upload(browser, 'passport', { name: 'p.png', type: 'image/png', bytes: PNG });
      expect(refusal(res)).toEqual({ status: 503, code: 1713 });
      expect(res.json().detail).toContain('full');
    } finally {
      storage.full = false;
    }
    expect(await rows(userId)).toBe(0);
    expect(storedFiles(documentsDir).length).toBe(before);
  });

  it('refuses a withdrawal before verification with what is required and why, and lets it through once verified', async () => {
    const { browser, userId } = await signUp(app, 'kz');
    const deposit = await browser.post('/web-api/payments/deposit', { amount: 50, card });
    expect(deposit.statusCode, deposit.body).toBe(202);
    await scheduler.runAll();
    const methodReference = (deposit.json() as { merchantReference: string }).merchantReference;
    const withdraw = () =>
      browser.post('/web-api/payments/withdrawal', { amount: 10, requestId: crypto.randomUUID(), methodReference });
    const refused = await withdraw();
    expect(refusal(refused)).toEqual({ status: 403, code: 1701 });
    expect(refused.json()).toMatchObject({ verification: { rule: 'withdrawal', status: 'not_started' } });
    expect((await status(browser)).rules).toEqual([{ rule: 'withdrawal', blocks: ['withdrawal'], active: true }]);

    await upload(browser, 'driving_licence', { name: 'dl.png', type: 'image/png', bytes: PNG });
    await submit(browser);
    expect((await withdraw()).json()).toMatchObject({ verification: { rule: 'withdrawal', status: 'submitted' } });
    await decideVerification(decide, { accountId: userId, decision: 'verified', reason: 'ok', operator: 'carol' });
    const allowed = await withdraw();
    expect(allowed.statusCode, allowed.body).toBeLessThan(300);
  });

  it('refuses deposits past the cumulative threshold until verified (pl: 100 EUR)', async () => {
    const { browser, userId } = await signUp(app, 'pl');
    expect((await browser.post('/web-api/payments/deposit', { amount: 60, card })).statusCode).toBe(202);
    await scheduler.runAll();
    const refused = await browser.post('/web-api/payments/deposit', { amount: 50, card });
    expect(refusal(refused)).toEqual({ status: 403, code: 1703 });
    expect(refused.json()).toMatchObject({
      verification: { rule: 'deposit_threshold', threshold: 100, deposited: 60, currency: 'EUR' },
    });
    // Up to the threshold is still allowed.
    expect((await browser.post('/web-api/payments/deposit', { amount: 40, card })).statusCode).toBe(202);
    await scheduler.runAll();
    expect((await status(browser)).rules).toMatchObject([{ rule: 'deposit_threshold', active: true, deposited: 100 }]);
    await upload(browser, 'passport', { name: 'p.png', type: 'image/png', bytes: PNG });
    await submit(browser, { country: 'PL', birth_date: '1985-05-05' });
    await decideVerification(decide, { accountId: userId, decision: 'verified', reason: 'ok', operator: 'carol' });
    expect((await browser.post('/web-api/payments/deposit', { amount: 50, card })).statusCode).toBe(202);
  });

  it('refuses every deposit and bet before verification where the country asks (ch), and neither after', async () => {
    const { browser, userId } = await signUp(app, 'ch');
    expect((await status(browser)).rules.find((r) => r.rule === 'deposit')).toMatchObject({ active: true });
    const refused = await browser.post('/web-api/payments/deposit', { amount: 20, card });
    expect(refusal(refused)).toEqual({ status: 403, code: 1704 });
    expect(refused.json().verification).toEqual({ rule: 'deposit', status: 'not_started' });
    await fund(ctx.db, userId, 20);
    const bet = await browser.post('/service-api/LiveBet/Secure/MakeBetWeb', {
      betGUID: crypto.randomUUID(),
      vid: 0,
      Summ: 5,
      Events: [{ gameId: 1002, outcomeId: '1002:1x2:home', coef: 2 }],
    });
    expect(refusal(bet)).toEqual({ status: 403, code: 1704 });
    await upload(browser, 'passport', { name: 'p.png', type: 'image/png', bytes: PNG });
    await submit(browser, { country: 'CH', birth_date: '1975-06-06' });
    await decideVerification(decide, { accountId: userId, decision: 'verified', reason: 'ok', operator: 'fay' });
    expect((await browser.post('/web-api/payments/deposit', { amount: 20, card })).statusCode).toBe(202);
  });

  it('after the deadline (de: 30 days) refuses deposits and bets until verified; a selfie is required there', async () => {
    const { browser, userId } = await signUp(app, 'de');
    expect((await status(browser)).rules.find((r) => r.rule === 'deadline')).toMatchObject({ active: false });
    expect((await browser.post('/web-api/payments/deposit', { amount: 20, card })).statusCode).toBe(202);
    await scheduler.runAll();
    // Registered 31 days ago (the session stays fresh: only the registration date moves).
    await ctx.db.query(`update accounts_users set created_at = created_at - interval '31 days' where id = $1`, [
      userId,
    ]);
    {
      const refused = await browser.post('/web-api/payments/deposit', { amount: 20, card });
      expect(refusal(refused)).toEqual({ status: 403, code: 1702 });
      expect(refused.json().verification).toMatchObject({ rule: 'deadline', status: 'not_started' });
      const bet = await browser.post('/service-api/LiveBet/Secure/MakeBetWeb', {
        betGUID: crypto.randomUUID(),
        vid: 0,
        Summ: 5,
        Events: [{ gameId: 1001, outcomeId: '1001:1x2:home', coef: 2 }],
      });
      expect(refusal(bet)).toEqual({ status: 403, code: 1702 });

      await upload(browser, 'passport', { name: 'p.png', type: 'image/png', bytes: PNG });
      const incomplete = await submit(browser, { country: 'DE', birth_date: '1980-01-01' });
      expect(refusal(incomplete)).toEqual({ status: 422, code: 1714 });
      expect(incomplete.json().validation_errors).toEqual([{ field: 'documents.selfie', message: 'required' }]);
      await upload(browser, 'selfie', { name: 'me.png', type: 'image/png', bytes: PNG });
      expect((await submit(browser, { country: 'DE', birth_date: '1980-01-01' })).statusCode).toBe(201);
      await decideVerification(decide, { accountId: userId, decision: 'verified', reason: 'ok', operator: 'dan' });
      expect((await browser.post('/web-api/payments/deposit', { amount: 20, card })).statusCode).toBe(202);
    }
  });

  it('a test server decides through POST /__dev/verification/decide, as the CLI does', async () => {
    const { browser, userId } = await signUp(app, 'kz');
    await upload(browser, 'passport', { name: 'p.png', type: 'image/png', bytes: PNG });
    await submit(browser);
    const res = await browser.post('/__dev/verification/decide', {
      account_id: userId,
      decision: 'verified',
      reason: 'e2e',
      country: 'KZ',
      birth_date: '1990-01-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await status(browser)).status).toBe('verified');
  });

  it('the verified country and date of birth replace the declared ones for every rule; the declared stay beside', async () => {
    const { browser, userId } = await signUp(app, 'kz');
    await upload(browser, 'passport', { name: 'p.png', type: 'image/png', bytes: PNG });
    await submit(browser, { country: 'AT', birth_date: '2007-01-01' });
    // Austria's minimum age is 21: an under-age player is not verified, and nothing is written.
    await expect(
      decideVerification(decide, { accountId: userId, decision: 'verified', reason: 'ok', operator: 'erin' }),
    ).rejects.toThrow('under the minimum age of 21');
    await expect(
      decideVerification(decide, {
        accountId: userId,
        decision: 'verified',
        reason: 'ok',
        operator: 'erin',
        country: 'FR',
      }),
    ).rejects.toThrow('does not serve FR');
    expect((await status(browser)).status).toBe('submitted');

    await decideVerification(decide, {
      accountId: userId,
      decision: 'verified',
      reason: 'Austrian passport',
      operator: 'erin',
      birthDate: '1991-03-04',
    });
    const account = await ctx.db.query<{ country: string; birth_date: string }>(
      `select country, to_char(birth_date, 'YYYY-MM-DD') as birth_date from accounts_users where id = $1`,
      [userId],
    );
    expect(account.rows[0]).toEqual({ country: 'at', birth_date: '1991-03-04' });
    const kept = await ctx.db.query(
      `select declared_country, declared_birth_date, verified_country from verification_identities where user_id = $1`,
      [userId],
    );
    expect(kept.rows[0]).toMatchObject({ declared_country: 'kz', declared_birth_date: null, verified_country: 'at' });
    // Austria's configuration now applies to this player: deposits are switched off there.
    expect(refusal(await browser.post('/web-api/payments/deposit', { amount: 20, card }))).toEqual({
      status: 403,
      code: 1002,
    });
    expect((await status(browser)).declared).toEqual({ country: 'at', birth_date: '1991-03-04' });
  });
});

describeEachDatabase('verification in production', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildVerificationApp(ctx.db, { mode: 'production' }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('has no development decision endpoint', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/__dev/verification/decide',
      headers: { host: 'betbet.example', origin: 'https://betbet.example' },
      payload: { account_id: '1', decision: 'verified', reason: 'x' },
    });
    expect(res.statusCode).toBe(404);
    expect(app.printRoutes({ commonPrefix: false })).not.toContain('__dev/verification');
  });
});
