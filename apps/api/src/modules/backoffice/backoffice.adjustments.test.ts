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
    expect(credit.json()).toMatchObject({ amount: 15, balanceBefore: 20, balanceAfter: 35, replayed: false });
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
