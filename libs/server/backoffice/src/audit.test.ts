import { describeEachDatabase } from '@tessera/server/db';
import { expect, it } from 'vitest';
import { appendAudit, canonicalJson, csvCell, exportAuditCsv, searchAudit, verifyAuditChain } from './audit';

describeEachDatabase('the console audit log', (ctx) => {
  const at = new Date(Date.UTC(2026, 10, 26, 9, 0, 0));
  const entry = (action: string, extra: object = {}) => ({
    operatorId: null,
    operatorEmail: 'dana@ops.example',
    action,
    ip: '10.0.0.1',
    userAgent: 'test',
    ...extra,
  });

  it('chains every entry to the one before, so the chain verifies', async () => {
    await appendAudit(ctx.db, at, entry('player.view', { targetType: 'player', targetId: '10000001' }));
    await appendAudit(
      ctx.db,
      at,
      entry('player.lock', { reason: 'fraud', before: { status: 'active' }, after: { status: 'blocked', n: 1.5 } }),
    );
    await appendAudit(ctx.db, at, entry('withdrawal.approve', { after: { z: 1, a: [1, { y: 'x', b: null }] } }));
    expect(await verifyAuditChain(ctx.db)).toEqual({ ok: true, entries: 3, issues: [] });
    const { rows } = await ctx.db.query<{ seq: string; prev_hash: string; hash: string }>(
      'select seq::text as seq, prev_hash, hash from backoffice_audit order by seq',
    );
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    expect(rows[2]?.prev_hash).toBe(rows[1]?.hash);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(ctx.db.query(`update backoffice_audit set reason = 'x' where seq = 1`)).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('delete from backoffice_audit where seq = 1')).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('truncate backoffice_audit')).rejects.toThrow(/append-only/);
  });

  it('catches an entry edited directly, with the trigger switched off, and one removed', async () => {
    await ctx.db.exec(`
      alter table backoffice_audit disable trigger backoffice_audit_append_only;
      update backoffice_audit set reason = 'nothing happened' where seq = 2;
      alter table backoffice_audit enable trigger backoffice_audit_append_only;`);
    expect(await verifyAuditChain(ctx.db)).toEqual({
      ok: false,
      entries: 3,
      issues: [{ seq: '2', problem: 'its content does not match its hash (edited after it was written)' }],
    });
    await ctx.db.exec(`
      alter table backoffice_audit disable trigger backoffice_audit_append_only;
      update backoffice_audit set reason = 'fraud' where seq = 2;
      delete from backoffice_audit where seq = 1;
      alter table backoffice_audit enable trigger backoffice_audit_append_only;`);
    const report = await verifyAuditChain(ctx.db);
    expect(report.ok).toBe(false);
    expect(report.issues.map((i) => i.seq)).toEqual(['2', '2']);
    expect(report.issues[0]?.problem).toBe('entries 1 to 1 are missing');
  });

  it('searches by text, operator and time, and exports CSV that spreadsheets cannot run', async () => {
    const page = await searchAudit(ctx.db, { q: 'blocked', operator: 'DANA@ops.example' });
    expect(page.entries.map((e) => e.action)).toEqual(['player.lock']);
    expect(page.total).toBe(1);
    expect((await searchAudit(ctx.db, { from: new Date(at.getTime() + 1).toISOString() })).total).toBe(0);
    const csv = await exportAuditCsv(ctx.db, { q: 'withdrawal' });
    expect(csv.split('\r\n')[1]).toContain('"{""a"":[1,{""b"":null,""y"":""x""}],""z"":1}"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('plain')).toBe('plain');
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3] } })).toBe('{"a":{"c":[3],"d":2},"b":1}');
  });
});
