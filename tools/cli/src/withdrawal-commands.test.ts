import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeEachDatabase } from '@tessera/server/db';
import { getAccountBalance, recordDeposit, reserveWithdrawal, userAccount, verifyLedger } from '@tessera/server/ledger';
import { createWithdrawals } from '@tessera/server/wallet';
import { expect, it } from 'vitest';
import type { CliIo } from './io';
import { withdrawalDecide } from './withdrawal-commands';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function capture(): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    out: (t) => void (out += `${t}\n`),
    err: (t) => void (err += `${t}\n`),
    cwd: root,
    root,
    env: {},
    stdout: () => out,
    stderr: () => err,
  };
}

describeEachDatabase('tessera withdrawal approve|reject', (ctx) => {
  /** A withdrawal of 30.00 EUR reserved and waiting for a person, as a request above the threshold leaves it. */
  async function waiting(): Promise<{ id: string; userId: string }> {
    const userId = randomUUID();
    const id = randomUUID();
    const owner = { brandId: 'cli', userId, currency: 'EUR' };
    const now = new Date();
    await recordDeposit(ctx.db, { ...owner, amount: 10_000, provider: 'test', reference: randomUUID() });
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `insert into cashier_withdrawals (id, brand_id, user_id, country, currency, amount, request_id, method,
           method_reference, method_last4, state, created_at, updated_at)
         values ($1, 'cli', $2, 'gb', 'EUR', 3000, $3, 'deposit', 'dep-1', '4242', 'requested', $4, $4)`,
        [id, userId, randomUUID(), now],
      );
      await reserveWithdrawal(tx, { ...owner, amount: 3_000, withdrawalId: id });
    });
    return { id, userId };
  }

  it('rejects with the reason and the operator recorded, and the reserve goes back to the player', async () => {
    const { id, userId } = await waiting();
    const io = capture();
    const code = await withdrawalDecide(io, 'reject', [id], { reason: 'card expired', operator: 'dana' }, ctx.db);
    expect({ code, err: io.stderr() }).toEqual({ code: 0, err: '' });
    expect(io.stdout()).toContain(`withdrawal ${id}: rejected (30.00 EUR`);
    expect(await getAccountBalance(ctx.db, userAccount(userId, 'EUR'))).toBe(10_000);
    const events = await createWithdrawals({ db: ctx.db, provider: undefined, clock: () => new Date() }).events(id);
    expect(events.at(-1)).toMatchObject({ toState: 'rejected', actor: 'operator:dana', reason: 'card expired' });

    const again = capture();
    expect(await withdrawalDecide(again, 'approve', [id], { reason: 'ok' }, ctx.db)).toBe(1);
    expect(again.stderr()).toMatch(/withdrawal_not_waiting: The withdrawal is rejected/);
    expect((await verifyLedger(ctx.db)).issues).toEqual([]);
  });

  it('approves (the server sends it), refuses an unknown id and wrong usage', async () => {
    const { id } = await waiting();
    const io = capture();
    expect(await withdrawalDecide(io, 'approve', [id], { reason: 'documents checked' }, ctx.db)).toBe(0);
    expect(io.stdout()).toContain('approved');
    expect(await withdrawalDecide(capture(), 'approve', [randomUUID()], { reason: 'x' }, ctx.db)).toBe(1);
    expect(await withdrawalDecide(capture(), 'approve', [id], {}, ctx.db)).toBe(2);
    expect(await withdrawalDecide(capture(), 'pay', [id], { reason: 'x' }, ctx.db)).toBe(2);
  });
});
