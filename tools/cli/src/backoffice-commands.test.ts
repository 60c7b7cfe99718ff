import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeEachDatabase } from '@tessera/server/db';
import { expect, it } from 'vitest';
import { auditVerify, operatorCreate } from './backoffice-commands';
import type { CliIo } from './io';

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

describeEachDatabase('tessera operator create, tessera audit verify', (ctx) => {
  it('creates the first admin, prints the initial password once, and records it in the audit log', async () => {
    const io = capture();
    const code = await operatorCreate(io, brandsDir, { email: 'Root@Ops.Example', role: 'admin' }, ctx.db);
    expect({ code, err: io.stderr() }).toEqual({ code: 0, err: '' });
    expect(io.stdout()).toMatch(
      /^operator Root@Ops\.Example \(admin, brands \*\)\ninitial password \(shown once\): [\w-]{20}\n/,
    );
    const { rows } = await ctx.db.query<{ password_hash: string; totp_secret: string | null }>(
      'select password_hash, totp_secret from backoffice_operators',
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.totp_secret).toBeNull();

    const again = capture();
    expect(await operatorCreate(again, brandsDir, { email: 'root@ops.example', role: 'admin' }, ctx.db)).toBe(1);
    expect(again.stderr()).toContain('An operator with this e-mail exists');
    const unknownBrand = capture();
    const args = { email: 'x@ops.example', role: 'support', brands: 'nope' };
    expect(await operatorCreate(unknownBrand, brandsDir, args, ctx.db)).toBe(1);
    expect(unknownBrand.stderr()).toContain('brands unknown brand nope');
    expect(await operatorCreate(capture(), brandsDir, { email: 'x@ops.example', role: 'boss' }, ctx.db)).toBe(2);
  });

  it('proves the chain, and names the entry an edit broke', async () => {
    const ok = capture();
    expect(await auditVerify(ok, ctx.db)).toBe(0);
    expect(ok.stdout()).toBe('audit log intact: 1 entries, every hash chained\n');
    await ctx.db.exec(`
      alter table backoffice_audit disable trigger backoffice_audit_append_only;
      update backoffice_audit set after = '{"email":"mallory@ops.example"}' where seq = 1;
      alter table backoffice_audit enable trigger backoffice_audit_append_only;`);
    const broken = capture();
    expect(await auditVerify(broken, ctx.db)).toBe(1);
    expect(broken.stderr()).toContain('entry 1: its content does not match its hash (edited after it was written)');
  });
});
