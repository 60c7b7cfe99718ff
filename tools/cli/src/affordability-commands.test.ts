import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeEachDatabase } from '@tessera/server/db';
import { expect, it } from 'vitest';
import { affordabilityRecord } from './affordability-commands';
import type { CliIo } from './io';

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

describeEachDatabase('tessera affordability record', (ctx) => {
  async function dutchAccount(): Promise<string> {
    const now = new Date();
    const { rows } = await ctx.db.query<{ id: string }>(
      `insert into accounts_users (brand_id, email, password_hash, currency, country, registration_variant, created_at, updated_at)
       values ('rhein-wetten', $1, null, 'EUR', 'nl', 'short', $2, $2) returning id::text`,
      [`afford-${randomUUID()}@example.com`, now],
    );
    return rows[0]?.id ?? '';
  }

  it('records the check with its amount, operator and reason', async () => {
    const id = await dutchAccount();
    const io = capture();
    const options = { monthly: '1500', currency: 'EUR', reason: 'Payslips reviewed', operator: 'alice' };
    expect(await affordabilityRecord(io, [id], options, ctx.db)).toBe(0);
    expect(io.stdout()).toContain(`account ${id}: may deposit up to 1500.00 EUR a month`);
    const { rows } = await ctx.db.query(
      `select currency, monthly_amount::text as amount, reason, operator from responsible_affordability_checks
        where user_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ currency: 'EUR', amount: '150000', reason: 'Payslips reviewed', operator: 'alice' }]);
  });

  it('refuses an unknown account (1) and wrong usage (2), writing nothing', async () => {
    const io = capture();
    const good = { monthly: '900', currency: 'EUR', reason: 'Bank statements' };
    expect(await affordabilityRecord(io, ['999999999'], good, ctx.db)).toBe(1);
    expect(io.stderr()).toContain('no account 999999999');
    const id = await dutchAccount();
    for (const wrong of [
      { ...good, monthly: '0' },
      { ...good, monthly: '12.345' },
      { ...good, currency: 'eur' },
      { monthly: '900', currency: 'EUR' },
    ])
      expect(await affordabilityRecord(capture(), [id], wrong, ctx.db)).toBe(2);
    const { rows } = await ctx.db.query('select 1 from responsible_affordability_checks where user_id = $1', [id]);
    expect(rows).toEqual([]);
  });
});
