import { randomUUID } from 'node:crypto';
import { verifyAuditChain } from '@tessera/server/backoffice';
import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, recordDeposit, userAccount, verifyLedger } from '@tessera/server/ledger';
import { paymentsHistory } from '@tessera/server/wallet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBackofficeApp, insertPlayer, signedInOperator } from './testing/backoffice-test-kit';

describeEachDatabase('console payments desk: adjustments and deposit lookup', (ctx) => {
  let app: FastifyInstance;
  const now = () => new Date(Date.UTC(2026, 10, 26, 9, 30, 0));

  beforeAll(async () => {
    app = await buildBackofficeApp(ctx.db, { clock: now });
  });
  afterAll(() => app.close());

  const body = (amount: number, requestId = `adj-${randomUUID()}`) => ({
    currency: 'EUR',
    amount,
    reason: 'bonus paid by hand after a support case',
    requestId,
  });

  it('lets a payments officer credit and debit with a reason, audited with the balance before and after', async () => {
    const player = await insertPlayer(ctx.db, 'northbet', { email: `adj-${randomUUID().slice(0, 6)}@example.com` });
    const owner = { brandId: 'northbet', userId: player, currency: 'EUR' };
    await recordDeposit(ctx.db, { ...owner, amount: 2_000, provider: 'test', reference: randomUUID() });
    const { browser } = await signedInOperator(app, now, 'payments');
    const url = `/backoffice/api/players/${player}/adjustments`;

    const credit = await browser.post(url, body(1_500, 'adj-credit-1'));
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({
      outcome: 'adjusted',
      amount: 15,
      balanceBefore: 20,
      balanceAfter: 35,
      replayed: false,
    });
    const replay = await browser.post(url, body(1_500, 'adj-credit-1'));
    expect(replay.json()).toMatchObject({ replayed: true, transactionId: credit.json().transactionId });

    const debit = await browser.post(url, body(-500));
    expect(debit.json()).toMatchObject({ amount: -5, balanceBefore: 35, balanceAfter: 30 });
    const overdraft = await browser.post(url, body(-3_001));
    expect(overdraft.statusCode).toBe(422);
    expect(overdraft.json()).toMatchObject({ error_code: 1317 });
    // A payments officer moves at most 1,000 per decision.
    expect((await browser.post(url, body(100_001))).json()).toMatchObject({ error_code: 1321 });
    expect((await browser.post(url, { ...body(100), currency: 'USD' })).statusCode).toBe(422);
    expect(await getAccountBalance(ctx.db, userAccount(player, 'EUR'))).toBe(3_000);

    const { rows } = await ctx.db.query<{ reason: string; before: object; after: object }>(
      `select reason, before, after from backoffice_audit
        where action = 'player.adjustment' and target_id = $1 order by seq`,
      [player],
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      reason: 'bonus paid by hand after a support case',
      before: { balance: 20, currency: 'EUR' },
      after: { balance: 35, amount: 15 },
    });

    const history = await paymentsHistory(ctx.db, player, { types: ['adjustment'] }, { now: now() });
    expect(history.items.map((i) => i.amount)).toEqual([-5, 15]);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });

  it('holds an adjustment above the brand amount for a second, different officer (four-eyes), audited', async () => {
    const player = await insertPlayer(ctx.db, 'northbet', { email: `four-${randomUUID().slice(0, 6)}@example.com` });
    const { browser: first } = await signedInOperator(app, now, 'payments');
    const { browser: second } = await signedInOperator(app, now, 'payments');
    const url = `/backoffice/api/players/${player}/adjustments`;
    // northbet lists no amount for EUR: above 500 EUR takes two officers.
    const asked = await first.post(url, body(60_000, 'adj-four-eyes-1'));
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ outcome: 'awaiting-second-approval', amount: 600, replayed: false });
    expect(asked.json().transactionId).toBeUndefined();
    const adjustmentId = asked.json().adjustmentId as string;
    expect(await getAccountBalance(ctx.db, userAccount(player, 'EUR'))).toBe(0);
    expect((await first.post(url, body(60_000, 'adj-four-eyes-1'))).json()).toMatchObject({
      outcome: 'awaiting-second-approval',
      adjustmentId,
      replayed: true,
    });

    // The officer who asked sees it as theirs and may not approve it.
    const mine = (await first.get('/backoffice/api/adjustments')).json().adjustments;
    expect(mine).toContainEqual(expect.objectContaining({ id: adjustmentId, requestedByMe: true, amount: 600 }));
    const self = await first.post(`/backoffice/api/adjustments/${adjustmentId}/approve`, { reason: 'my own' });
    expect(self.statusCode).toBe(409);
    const theirs = (await second.get('/backoffice/api/adjustments')).json().adjustments;
    expect(theirs).toContainEqual(expect.objectContaining({ id: adjustmentId, requestedByMe: false }));

    const approved = await second.post(`/backoffice/api/adjustments/${adjustmentId}/approve`, {
      reason: 'checked the support case',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ outcome: 'adjusted', adjustmentId, balanceBefore: 0, balanceAfter: 600 });
    expect(await getAccountBalance(ctx.db, userAccount(player, 'EUR'))).toBe(60_000);
    expect(
      (await second.post(`/backoffice/api/adjustments/${adjustmentId}/approve`, { reason: 'again' })).statusCode,
    ).toBe(409);
    // The first officer's retry now answers the adjustment made, and moves nothing more.
    expect((await first.post(url, body(60_000, 'adj-four-eyes-1'))).json()).toMatchObject({
      outcome: 'adjusted',
      replayed: true,
      transactionId: approved.json().transactionId,
    });

    // A second request, rejected: nothing moves.
    const other = (await first.post(url, body(-55_000, 'adj-four-eyes-2'))).json();
    const rejected = await second.post(`/backoffice/api/adjustments/${other.adjustmentId}/reject`, {
      reason: 'no support case for this',
    });
    expect(rejected.json()).toMatchObject({ outcome: 'rejected', amount: -550 });
    expect(await getAccountBalance(ctx.db, userAccount(player, 'EUR'))).toBe(60_000);
    expect(
      (await second.get('/backoffice/api/adjustments')).json().adjustments.map((a: { id: string }) => a.id),
    ).not.toContain(other.adjustmentId);

    const { rows } = await ctx.db.query<{ action: string; operator_email: string; reason: string; after: object }>(
      `select action, operator_email, reason, after from backoffice_audit
        where action like 'player.adjustment%' and target_id = $1 order by seq`,
      [player],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'player.adjustment.request',
      'player.adjustment',
      'player.adjustment.request',
      'player.adjustment.reject',
    ]);
    expect(rows[1]?.reason).toBe('checked the support case');
    expect(rows[1]?.operator_email).not.toBe(rows[0]?.operator_email);
    expect(rows[1]?.after).toMatchObject({ adjustmentId, requestedBy: rows[0]?.operator_email, amount: 600 });
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
    expect((await verifyAuditChain(ctx.db)).ok).toBe(true);
  });

  it('refuses a support agent (403) and writes nothing', async () => {
    const player = await insertPlayer(ctx.db, 'northbet');
    const { browser } = await signedInOperator(app, now, 'support');
    const res = await browser.post(`/backoffice/api/players/${player}/adjustments`, body(1_000));
    expect(res.statusCode).toBe(403);
    expect(await getAccountBalance(ctx.db, userAccount(player, 'EUR'))).toBe(0);
  });

  it('finds deposits by merchant reference or player, with the ledger credit, in the operator brands only', async () => {
    const player = await insertPlayer(ctx.db, 'northbet');
    const reference = `dep-${randomUUID()}`;
    await recordDeposit(ctx.db, {
      brandId: 'northbet',
      userId: player,
      currency: 'EUR',
      amount: 4_200,
      provider: 'test',
      reference,
    });
    const { browser } = await signedInOperator(app, now, 'support');
    const byReference = await browser.get(`/backoffice/api/deposits?reference=${reference}`);
    expect(byReference.statusCode, byReference.body).toBe(200);
    expect(byReference.json().deposits).toMatchObject([
      { merchantReference: reference, playerId: player, brandId: 'northbet', amount: 42, currency: 'EUR' },
    ]);
    expect(byReference.json().deposits[0].creditedAt).not.toBeNull();
    // The sandbox provider never saw this deposit (the ledger was written directly): its state is unknown.
    expect(byReference.json().deposits[0].state).toBe('unknown');
    const byPlayer = await browser.get(`/backoffice/api/deposits?player=${player}`);
    expect(byPlayer.json().deposits.map((d: { merchantReference: string }) => d.merchantReference)).toEqual([
      reference,
    ]);
    expect((await browser.get('/backoffice/api/deposits?reference=nothing')).json()).toEqual({ deposits: [] });
    expect((await browser.get('/backoffice/api/deposits')).statusCode).toBe(422);
    const { browser: sunOnly } = await signedInOperator(app, now, 'payments', ['sunplay']);
    expect((await sunOnly.get(`/backoffice/api/deposits?reference=${reference}`)).json()).toEqual({ deposits: [] });
    expect((await sunOnly.get(`/backoffice/api/deposits?player=${player}`)).statusCode).toBe(404);
  });
});
