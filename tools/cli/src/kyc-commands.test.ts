import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeEachDatabase } from '@tessera/server/db';
import { LocalDirectoryStorage, newStorageKey } from '@tessera/server/verification';
import { expect, it } from 'vitest';
import type { CliIo } from './io';
import { kycDecide, kycShow } from './kyc-commands';
import { main } from './main';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const brandsDir = path.join(root, 'brands');

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

describeEachDatabase('tessera kyc decide', (ctx) => {
  /** An albion-odds account (declared GB, no date of birth) with a submission waiting for a decision. */
  async function waitingAccount(country = 'gb', birthDate = '1990-01-31'): Promise<string> {
    const now = new Date();
    const { rows } = await ctx.db.query<{ id: string }>(
      `insert into accounts_users (brand_id, email, password_hash, currency, country, registration_variant, created_at, updated_at)
       values ('albion-odds', $1, null, 'GBP', 'gb', 'short', $2, $2) returning id::text`,
      [`kyc-${randomUUID()}@example.com`, now],
    );
    const id = rows[0]?.id ?? '';
    await ctx.db.query(
      `insert into verification_submissions (id, user_id, brand_id, status, resubmission, country, birth_date, submitted_at)
       values ($1, $2, 'albion-odds', 'submitted', false, $3, $4, $5)`,
      [randomUUID(), id, country, birthDate, now],
    );
    return id;
  }

  it('records a rejection with its operator and reason', async () => {
    const id = await waitingAccount();
    const io = capture();
    expect(
      await kycDecide(io, brandsDir, [id, 'rejected'], { reason: 'Expired passport', operator: 'alice' }, ctx.db),
    ).toBe(0);
    expect(io.stdout()).toContain(`account ${id}: rejected`);
    const { rows } = await ctx.db.query(
      'select decision, reason, operator from verification_decisions where user_id = $1',
      [id],
    );
    expect(rows).toEqual([{ decision: 'rejected', reason: 'Expired passport', operator: 'alice' }]);
  });

  it('verifies with the country and date of birth given, which replace the declared ones', async () => {
    const id = await waitingAccount();
    const io = capture();
    const code = await kycDecide(
      io,
      brandsDir,
      [id, 'verified'],
      { reason: 'Passport checked', country: 'IE', 'birth-date': '1988-07-01' },
      ctx.db,
    );
    expect({ code, err: io.stderr() }).toEqual({ code: 0, err: '' });
    expect(io.stdout()).toContain('country GB -> IE, date of birth (none) -> 1988-07-01');
    const account = await ctx.db.query(
      `select country, to_char(birth_date, 'YYYY-MM-DD') as birth_date from accounts_users where id = $1`,
      [id],
    );
    expect(account.rows[0]).toEqual({ country: 'ie', birth_date: '1988-07-01' });
    // The operator defaults to the OS user.
    const decision = await ctx.db.query<{ operator: string }>(
      'select operator from verification_decisions where user_id = $1',
      [id],
    );
    expect(decision.rows[0]?.operator).toBeTruthy();
  });

  it('exits 1 with one line when nothing waits, and writes nothing', async () => {
    const id = await waitingAccount();
    expect(await kycDecide(capture(), brandsDir, [id, 'rejected'], { reason: 'x', operator: 'a' }, ctx.db)).toBe(0);
    const io = capture();
    expect(await kycDecide(io, brandsDir, [id, 'verified'], { reason: 'y', operator: 'a' }, ctx.db)).toBe(1);
    expect(io.stderr()).toMatch(/^tessera: No submission waits for a decision: Account \d+ has not sent documents/);
    const { rows } = await ctx.db.query('select count(*)::int as n from verification_decisions where user_id = $1', [
      id,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});

it('tessera kyc decide: exits 2 with the usage when the decision or reason is missing', async () => {
  for (const argv of [
    ['kyc', 'decide', '10000001', 'maybe', '--reason', 'x'],
    ['kyc', 'decide', '10000001', 'verified'],
    ['kyc', 'decide', '10000001', 'rejected', '--reason', 'x', '--country', 'GB'],
  ]) {
    const io = capture();
    expect(await main(argv, io)).toBe(2);
    expect(io.stderr()).toMatch(/usage: tessera kyc decide|go with verified only/);
  }
});

describeEachDatabase('tessera kyc show', (ctx) => {
  it('lists what compliance reviews and exports the files, checked against their SHA-256', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-kyc-show-'));
    try {
      const storage = new LocalDirectoryStorage({ directory: path.join(dir, 'store') });
      const now = new Date();
      const { rows } = await ctx.db.query<{ id: string }>(
        `insert into accounts_users (brand_id, email, password_hash, currency, country, registration_variant, created_at, updated_at)
         values ('albion-odds', $1, null, 'GBP', 'gb', 'short', $2, $2) returning id::text`,
        [`show-${randomUUID()}@example.com`, now],
      );
      const accountId = rows[0]?.id ?? '';
      const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
      const key = newStorageKey();
      await storage.put(key, bytes);
      const documentId = randomUUID();
      await ctx.db.query(
        `insert into verification_documents (id, user_id, brand_id, document_type, content_type, size_bytes, sha256, storage_key, file_name, uploaded_at)
         values ($1, $2, 'albion-odds', 'passport', 'application/pdf', $3, $4, $5, 'passport.pdf', $6)`,
        [documentId, accountId, bytes.length, createHash('sha256').update(bytes).digest('hex'), key, now],
      );
      const io = capture();
      const out = path.join(dir, 'review');
      expect(await kycShow(io, [accountId], { export: out }, { database: ctx.db, storage })).toBe(0);
      expect(io.stdout()).toContain(`document ${documentId}  passport  application/pdf  ${bytes.length} bytes`);
      expect(fs.readFileSync(path.join(out, `${documentId}.pdf`))).toEqual(bytes);

      // A file changed in the storage is refused, not exported.
      fs.writeFileSync(path.join(dir, 'store', key), 'tampered');
      const again = capture();
      expect(
        await kycShow(again, [accountId], { export: path.join(dir, 'again') }, { database: ctx.db, storage }),
      ).toBe(1);
      expect(again.stderr()).toContain('altered');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
