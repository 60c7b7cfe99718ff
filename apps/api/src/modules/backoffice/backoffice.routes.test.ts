import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { verifyAuditChain } from '@tessera/server/backoffice';
import { describeEachDatabase } from '@tessera/server/db';
import { verifyLedger } from '@tessera/server/ledger';
import { LocalDirectoryStorage, newStorageKey } from '@tessera/server/verification';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildBackofficeApp,
  codeAt,
  ConsoleBrowser,
  insertPlayer,
  signedInOperator,
  waitingWithdrawal,
} from './testing/backoffice-test-kit';

describeEachDatabase('operators console API', (ctx) => {
  let app: FastifyInstance;
  let at = Date.UTC(2026, 10, 26, 9, 0, 0);
  const now = () => new Date(at);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-console-'));
  const storage = new LocalDirectoryStorage({ directory: path.join(tmp, 'documents') });
  const consoleDir = path.join(tmp, 'console');

  beforeAll(async () => {
    fs.mkdirSync(path.join(consoleDir, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(consoleDir, 'index.html'),
      '<!doctype html><html><head><title>Console</title></head><body><script type="module" src="/backoffice/assets/app.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(consoleDir, 'assets', 'app.js'), 'console.log("console");');
    app = await buildBackofficeApp(ctx.db, { clock: now, storage, consoleDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('signs in with the password, enrols two-factor at the first sign-in, and refuses a replayed code', async () => {
    const browser = new ConsoleBrowser(app);
    const email = `first-${randomUUID().slice(0, 6)}@ops.example`;
    const created = await browser.post('/__dev/backoffice/operators', { email, role: 'support', brands: ['northbet'] });
    const { initialPassword } = created.json() as { initialPassword: string };
    expect(await browser.get('/backoffice/api/me')).toMatchObject({ statusCode: 401 });

    const first = await browser.post('/backoffice/api/session', { email, password: initialPassword });
    expect(first.json()).toEqual({ stage: 'totp-enrol' });
    const cookie = first.cookies.find((c) => c.name === 'tessera_op');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/backoffice' });
    // A half-session is not signed in.
    expect((await browser.get('/backoffice/api/me')).statusCode).toBe(401);
    const enrol = (await browser.post('/backoffice/api/session/totp/enrol')).json() as {
      otpauthUrl: string;
      secret: string;
    };
    expect(enrol.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Tessera%20console%3A/);
    expect((await browser.post('/backoffice/api/session/totp', { code: '000000' })).statusCode).toBe(401);
    const half = browser.token;
    const second = await browser.post('/backoffice/api/session/totp', { code: codeAt(enrol.secret, now()) });
    expect(second.statusCode).toBe(200);
    // A new token after the second factor: the half-session's cookie is worth nothing.
    expect(browser.token).not.toBe(half);
    const me = (await browser.get('/backoffice/api/me')).json() as {
      operator: { email: string };
      permissions: string[];
    };
    expect(me.operator.email).toBe(email);
    expect(me.permissions).toContain('players.view');
    expect(me.permissions).not.toContain('players.lock');

    // The next sign-in asks for the code only, and the code already used is refused.
    await browser.request('DELETE', '/backoffice/api/session');
    expect((await browser.get('/backoffice/api/me')).statusCode).toBe(401);
    expect((await browser.post('/backoffice/api/session', { email, password: initialPassword })).json()).toEqual({
      stage: 'totp',
    });
    expect((await browser.post('/backoffice/api/session/totp', { code: codeAt(enrol.secret, now()) })).statusCode).toBe(
      401,
    );
    at += 30_000;
    expect((await browser.post('/backoffice/api/session/totp', { code: codeAt(enrol.secret, now()) })).statusCode).toBe(
      200,
    );
  });

  it('answers the same for an unknown e-mail and a wrong password, and locks after 5 failures', async () => {
    const { email } = await signedInOperator(app, now, 'viewer');
    const outsider = new ConsoleBrowser(app, 'localhost', '10.9.1.1');
    const unknown = await outsider.post('/backoffice/api/session', { email: 'nobody@ops.example', password: 'x' });
    const wrong = await outsider.post('/backoffice/api/session', { email, password: 'wrong' });
    expect([unknown.statusCode, unknown.json()]).toEqual([401, { message: 'Wrong e-mail or password' }]);
    expect([wrong.statusCode, wrong.json()]).toEqual([401, { message: 'Wrong e-mail or password' }]);
    for (let i = 0; i < 4; i++) await outsider.post('/backoffice/api/session', { email, password: 'wrong' });
    const locked = await outsider.post('/backoffice/api/session', { email, password: 'wrong' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ends a session after 15 idle minutes, lists sessions and lets an admin revoke any', async () => {
    const support = await signedInOperator(app, now, 'support');
    const admin = await signedInOperator(app, now, 'admin');
    const own = (await support.browser.get('/backoffice/api/sessions')).json() as { sessions: Array<{ id: string }> };
    expect(own.sessions).toHaveLength(1);
    const all = (await admin.browser.get('/backoffice/api/sessions')).json() as {
      sessions: Array<{ id: string; operatorEmail: string }>;
    };
    const target = all.sessions.find((s) => s.operatorEmail === support.email);
    expect(target?.id).toBe(own.sessions[0]?.id);
    expect((await support.browser.request('DELETE', `/backoffice/api/sessions/${randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.browser.request('DELETE', `/backoffice/api/sessions/${target?.id}`)).statusCode).toBe(204);
    expect((await support.browser.get('/backoffice/api/me')).statusCode).toBe(401);

    at += 14 * 60_000;
    expect((await admin.browser.get('/backoffice/api/me')).statusCode).toBe(200);
    at += 15 * 60_000 + 1;
    expect((await admin.browser.get('/backoffice/api/me')).statusCode).toBe(401);
  });

  it('answers only on operator hosts, and console writes need the exact origin', async () => {
    const { browser } = await signedInOperator(app, now, 'admin');
    const brandHost = await app.inject({
      method: 'GET',
      url: '/backoffice/api/brands',
      headers: { host: 'northbet.example' },
    });
    expect([brandHost.statusCode, brandHost.json()]).toEqual([404, { message: 'Not found' }]);
    const page = await app.inject({ method: 'GET', url: '/backoffice/', headers: { host: 'northbet.example' } });
    expect(page.statusCode).toBe(404);
    const noOrigin = await browser.request('POST', '/backoffice/api/players/1/notes', { text: 'x' }, { origin: '' });
    expect(noOrigin.statusCode).toBe(403);
    // The platform's check compares hosts; the console's wants the exact origin, scheme included.
    const otherScheme = await browser.request(
      'POST',
      '/backoffice/api/players/1/notes',
      { text: 'x' },
      {
        origin: 'https://localhost',
      },
    );
    expect(otherScheme.statusCode).toBe(403);
    // Without cookies the platform lets a request without Origin through; the console does not.
    const bare = await app.inject({
      method: 'POST',
      url: '/backoffice/api/session',
      headers: { host: 'localhost' },
      payload: { email: 'a@ops.example', password: 'x' },
    });
    expect([bare.statusCode, (bare.json() as { message: string }).message]).toEqual([
      403,
      'Cross-site request refused',
    ]);
  });

  it('serves the console: the shell with a nonce and a strict policy for every address, files from the build', async () => {
    for (const url of ['/backoffice/', '/backoffice/players/123']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'ops.example' } });
      expect(res.statusCode).toBe(200);
      const policy = String(res.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body).toContain(`<script nonce="${nonce}" type="module"`);
    }
    const asset = await app.inject({ method: 'GET', url: '/backoffice/assets/app.js', headers: { host: 'localhost' } });
    expect([asset.statusCode, asset.body]).toEqual([200, 'console.log("console");']);
    expect(
      (await app.inject({ method: 'GET', url: '/backoffice/api/nope', headers: { host: 'localhost' } })).statusCode,
    ).toBe(404);
  });

  it('finds players in the brands of the operator only, and audits each view of personal data', async () => {
    const north = await insertPlayer(ctx.db, 'northbet', {
      email: 'anna.north@example.com',
      phone: '+77011234567',
      firstName: 'Anna',
      lastName: 'Nord',
    });
    const sun = await insertPlayer(ctx.db, 'sunplay', {
      email: 'anna.sun@example.com',
      firstName: 'Anna',
      lastName: 'Sun',
    });
    const support = await signedInOperator(app, now, 'support', ['northbet']);
    const found = (await support.browser.get('/backoffice/api/players?q=anna')).json() as {
      players: Array<{ id: string }>;
    };
    expect(found.players.map((p) => p.id)).toContain(north);
    expect(found.players.map((p) => p.id)).not.toContain(sun);
    const byPhone = (await support.browser.get('/backoffice/api/players?q=7011234567')).json() as {
      players: Array<{ id: string }>;
    };
    expect(byPhone.players.map((p) => p.id)).toEqual([north]);
    expect((await support.browser.get(`/backoffice/api/players/${sun}`)).statusCode).toBe(404);
    const view = await support.browser.get(`/backoffice/api/players/${north}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ player: { id: north, email: 'anna.north@example.com', status: 'active' } });

    const compliance = await signedInOperator(app, now, 'compliance');
    const log = (
      await compliance.browser.get(`/backoffice/api/audit?operator=${encodeURIComponent(support.email)}`)
    ).json() as {
      entries: Array<{ action: string; targetId: string | null; ip: string | null; userAgent: string | null }>;
    };
    expect(log.entries[0]).toMatchObject({
      action: 'player.view',
      targetId: north,
      ip: '10.9.0.1',
      userAgent: 'Vitest console',
    });
    expect(log.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['player.search', 'operator.sign-in', 'operator.sign-in.password']),
    );
  });

  it('locks a player (sessions ended, before and after audited), notes and unlocks', async () => {
    const id = await insertPlayer(ctx.db, 'northbet', { email: `lock-${randomUUID().slice(0, 6)}@example.com` });
    await ctx.db.query(
      `insert into accounts_sessions (id, token_hash, user_id, brand_id, created_at, last_seen_at, expires_at)
       values ($1, $2, $3, 'northbet', $4, $4, $5)`,
      [randomUUID(), randomUUID(), id, now(), new Date(at + 3_600_000)],
    );
    const risk = await signedInOperator(app, now, 'risk');
    const lock = await risk.browser.post(`/backoffice/api/players/${id}/lock`, { reason: 'chargeback fraud' });
    expect(lock.json()).toMatchObject({ player: { status: 'blocked' }, sessionsClosed: 1 });
    expect(
      (await risk.browser.post(`/backoffice/api/players/${id}/notes`, { text: 'called the bank' })).statusCode,
    ).toBe(201);
    expect(
      (await risk.browser.post(`/backoffice/api/players/${id}/unlock`, { reason: 'cleared' })).json(),
    ).toMatchObject({
      player: { status: 'active' },
    });
    const detail = (await risk.browser.get(`/backoffice/api/players/${id}`)).json() as {
      notes: Array<{ text: string }>;
    };
    expect(detail.notes.map((n) => n.text)).toEqual(['called the bank']);
    const { rows } = await ctx.db.query<{ action: string; reason: string; before: unknown; after: unknown }>(
      `select action, reason, before, after from backoffice_audit where target_id = $1 and action = 'player.lock'`,
      [id],
    );
    expect(rows).toEqual([
      {
        action: 'player.lock',
        reason: 'chargeback fraud',
        before: { status: 'active' },
        after: { status: 'blocked', sessionsClosed: 1 },
      },
    ]);
  });

  it('approves a withdrawal above the four-eyes amount only with a second, different operator', async () => {
    const player = await insertPlayer(ctx.db, 'northbet', { email: `w-${randomUUID().slice(0, 6)}@example.com` });
    const id = await waitingWithdrawal(ctx.db, 'northbet', player, 150_000);
    const small = await waitingWithdrawal(ctx.db, 'northbet', player, 2_000);
    const first = await signedInOperator(app, now, 'payments');
    const second = await signedInOperator(app, now, 'admin');
    const queue = (await first.browser.get('/backoffice/api/withdrawals')).json() as {
      withdrawals: Array<{ id: string; needsSecondApproval: boolean; fourEyesAbove: number }>;
    };
    expect(queue.withdrawals.find((w) => w.id === id)).toMatchObject({
      needsSecondApproval: true,
      fourEyesAbove: 1000,
    });

    const one = await first.browser.post(`/backoffice/api/withdrawals/${id}/approve`, { reason: 'documents checked' });
    expect(one.json()).toMatchObject({ outcome: 'awaiting-second-approval', withdrawal: { state: 'requested' } });
    expect(
      (await first.browser.post(`/backoffice/api/withdrawals/${id}/approve`, { reason: 'again' })).statusCode,
    ).toBe(409);
    const two = await second.browser.post(`/backoffice/api/withdrawals/${id}/approve`, { reason: 'agreed' });
    expect(two.json()).toMatchObject({ outcome: 'approved', withdrawal: { state: 'approved' } });

    const rejected = await first.browser.post(`/backoffice/api/withdrawals/${small}/reject`, {
      reason: 'card expired',
    });
    expect(rejected.json()).toMatchObject({ outcome: 'rejected', withdrawal: { state: 'rejected' } });
    const { rows } = await ctx.db.query<{ actor: string; reason: string }>(
      `select actor, reason from cashier_withdrawal_events where withdrawal_id = $1 and to_state = 'approved'`,
      [id],
    );
    expect(rows).toEqual([{ actor: `operator:${second.email}`, reason: 'agreed' }]);
    const back = await ctx.db.query<{ actor: string; ledger: string | null }>(
      `select actor, ledger_transaction_id::text as ledger from cashier_withdrawal_events
        where withdrawal_id = $1 and to_state = 'rejected'`,
      [small],
    );
    // The rejection gave the reserve back in the same transaction (a ledger posting with the event).
    expect(back.rows).toEqual([{ actor: `operator:${first.email}`, ledger: expect.any(String) }]);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it("refuses a decision above the role's limit", async () => {
    const player = await insertPlayer(ctx.db, 'northbet');
    const id = await waitingWithdrawal(ctx.db, 'northbet', player, 600_000);
    const payments = await signedInOperator(app, now, 'payments');
    const res = await payments.browser.post(`/backoffice/api/withdrawals/${id}/reject`, { reason: 'too large for me' });
    expect([res.statusCode, (res.json() as { message: string }).message]).toEqual([403, 'Above your decision limit']);
  });

  it('shows the waiting documents, serves their bytes (audited) and decides through the verification service', async () => {
    const player = await insertPlayer(ctx.db, 'northbet', { firstName: 'Kai' });
    const submission = randomUUID();
    const document = randomUUID();
    const bytes = Buffer.from('%PDF-1.4 test document');
    const key = newStorageKey();
    await storage.put(key, bytes);
    await ctx.db.query(
      `insert into verification_submissions (id, user_id, brand_id, status, resubmission, country, birth_date, submitted_at)
       values ($1, $2, 'northbet', 'submitted', false, 'kz', '1990-01-31', $3)`,
      [submission, player, now()],
    );
    await ctx.db.query(
      `insert into verification_documents (id, user_id, brand_id, submission_id, document_type, content_type, size_bytes,
         sha256, storage_key, file_name, uploaded_at)
       values ($1, $2, 'northbet', $3, 'passport', 'application/pdf', $4, $5, $6, 'p.pdf', $7)`,
      [document, player, submission, bytes.length, createHash('sha256').update(bytes).digest('hex'), key, now()],
    );
    const compliance = await signedInOperator(app, now, 'compliance');
    const queue = (await compliance.browser.get('/backoffice/api/verification')).json() as {
      submissions: Array<{ accountId: string; documents: Array<{ id: string }> }>;
    };
    expect(queue.submissions.find((s) => s.accountId === player)?.documents.map((d) => d.id)).toEqual([document]);
    const file = await compliance.browser.get(`/backoffice/api/verification/${player}/documents/${document}`);
    expect([file.statusCode, file.headers['content-type'], file.rawPayload.equals(bytes)]).toEqual([
      200,
      'application/pdf',
      true,
    ]);
    const decided = await compliance.browser.post(`/backoffice/api/verification/${player}/decide`, {
      decision: 'verified',
      reason: 'passport matches',
    });
    expect(decided.json()).toMatchObject({ accountId: player, submissionId: submission, decision: 'verified' });
    const { rows } = await ctx.db.query<{ operator: string }>(
      'select operator from verification_decisions where submission_id = $1',
      [submission],
    );
    expect(rows).toEqual([{ operator: compliance.email }]);
  });

  it('searches and exports the audit log, lists every brand with refused ones, and keeps the chain intact', async () => {
    const admin = await signedInOperator(app, now, 'admin');
    const csv = await admin.browser.get('/backoffice/api/audit.csv?q=sign-in');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).toBe(
      'seq,at,operator_id,operator_email,action,target_type,target_id,brand_id,reason,ip,user_agent,before,after,hash',
    );
    expect(csv.body).toContain(admin.email);
    const brands = (await admin.browser.get('/backoffice/api/brands')).json() as {
      brands: Array<{ id: string; health: string; errors: unknown[] }>;
    };
    expect(brands.brands.find((b) => b.id === 'northbet')).toMatchObject({ health: 'served', errors: [] });
    expect(brands.brands.find((b) => b.id === 'brokenbet')?.health).toBe('refused');
    expect(brands.brands.find((b) => b.id === 'brokenbet')?.errors.length).toBeGreaterThan(0);

    const created = await admin.browser.post('/backoffice/api/operators', {
      email: `new-${randomUUID().slice(0, 6)}@ops.example`,
      role: 'viewer',
      brands: ['sunplay'],
    });
    expect(created.statusCode).toBe(201);
    const newId = (created.json() as { operator: { id: string } }).operator.id;
    const patched = await admin.browser.request('PATCH', `/backoffice/api/operators/${newId}`, { disabled: true });
    expect(patched.json()).toMatchObject({ operator: { disabled: true, role: 'viewer' } });
    expect(
      (await admin.browser.request('PATCH', `/backoffice/api/operators/${admin.id}`, { role: 'viewer' })).statusCode,
    ).toBe(409);
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ ok: true, issues: [] });
  });
});
