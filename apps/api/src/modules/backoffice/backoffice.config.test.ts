import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildBackofficeApp, type ConsoleBrowser, signedInOperator } from './testing/backoffice-test-kit';

// The console layer over HTTP (ADR 0310): two servers on one database, a compliance officer's change published on the
// first, served by both (site configuration, pages' API, explain) without a restart, then restored.
describeEachDatabase('live configuration through the console', (ctx) => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let compliance: ConsoleBrowser;
  let admin: ConsoleBrowser;
  const now = () => new Date();

  beforeAll(async () => {
    first = await buildBackofficeApp(ctx.db, { clock: now });
    second = await buildBackofficeApp(ctx.db, { clock: now });
    compliance = (await signedInOperator(first, now, 'compliance')).browser;
    admin = (await signedInOperator(first, now, 'admin')).browser;
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const saleOn = async (app: FastifyInstance, country: string, lng = 'ru') => {
    const res = await app.inject({
      url: `/web-api/site-config?country=${country}&lng=${lng}`,
      headers: { host: 'northbet.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { config: { coupon: { features: { sale: boolean } } } }).config.coupon.features.sale;
  };

  it('shows each setting with the layer that set it, and what the role owns', async () => {
    const res = await compliance.get('/backoffice/api/config/brands/northbet?country=kz&language=ru');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      version: number;
      sources: Record<string, string>;
      ownership: unknown[];
      resolved: { coupon: { features: { sale: boolean } } };
    };
    expect(body.version).toBe(0);
    expect(body.resolved.coupon.features.sale).toBe(true);
    expect(body.sources['/coupon/features/sale']).toBe('country:kz');
    expect(body.ownership).toEqual([
      { pointer: '/*/features', scope: 'country' },
      { pointer: '/responsible', scope: 'any' },
    ]);
    const schema = await compliance.get('/backoffice/api/config/schema');
    expect(schema.statusCode).toBe(200);
    expect(Object.keys((schema.json() as { schema: { properties: object } }).schema.properties)).toContain('coupon');
  });

  it('publishes a switch on one server and both serve it without a restart; explain names it', async () => {
    expect(await saleOn(first, 'kz')).toBe(true);
    expect(await saleOn(second, 'kz')).toBe(true);
    const created = await compliance.post('/backoffice/api/config/drafts', {
      brand: 'northbet',
      country: 'kz',
      data: { coupon: { features: { sale: false } } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { draft } = created.json() as {
      draft: { id: string; issues: unknown[]; preview: { country: string; language: string; changes: unknown[] }[] };
    };
    expect(draft.issues).toEqual([]);
    expect(draft.preview.map((p) => `${p.country}/${p.language}`)).toEqual(['kz/ru', 'kz/en', 'kz/kk']);
    // A reason is required.
    expect((await compliance.post(`/backoffice/api/config/drafts/${draft.id}/publish`, {})).statusCode).toBe(400);
    const published = await compliance.post(`/backoffice/api/config/drafts/${draft.id}/publish`, {
      reason: 'Cash-out paused in Kazakhstan',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((published.json() as { draft: { version: number } }).draft.version).toBe(1);
    // The publishing server serves it before it answers; the other within seconds (notification or poll).
    expect(await saleOn(first, 'kz')).toBe(false);
    await expect.poll(() => saleOn(second, 'kz'), { timeout: 5000, interval: 100 }).toBe(false);
    expect(await saleOn(second, 'ru')).toBe(false);
    const explain = await second.inject({
      url: '/web-api/site-config/explain?pointer=/coupon/features/sale&country=kz&lng=en',
      headers: { host: 'northbet.example' },
    });
    expect(explain.statusCode, explain.body).toBe(200);
    expect(explain.json()).toMatchObject({
      value: false,
      layer: 'console:kz/*',
      file: '(console version 1)',
      change: { version: 1, reason: 'Cash-out paused in Kazakhstan', operator: expect.stringContaining('compliance-') },
    });
  });

  it('refuses a compliance change outside its sections with 403 and keeps the version', async () => {
    const refused = await compliance.post('/backoffice/api/config/drafts', {
      brand: 'northbet',
      country: 'kz',
      data: { coupon: { features: { sale: false }, maxEvents: 3 } },
    });
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { detail: string }).detail).toContain('/coupon/maxEvents');
  });

  it('restores an earlier version the same way, and every step is in the audit log', async () => {
    const restore = await admin.post('/backoffice/api/config/brands/northbet/restore', { version: 0 });
    expect(restore.statusCode, restore.body).toBe(201);
    const { draft } = restore.json() as { draft: { id: string; restoredFrom: number } };
    expect(draft.restoredFrom).toBe(0);
    const published = await admin.post(`/backoffice/api/config/drafts/${draft.id}/publish`, {
      reason: 'Back to the files',
    });
    expect(published.statusCode, published.body).toBe(200);
    await expect.poll(() => saleOn(second, 'kz'), { timeout: 5000, interval: 100 }).toBe(true);
    const history = await compliance.get('/backoffice/api/config/brands/northbet/history');
    expect((history.json() as { versions: { version: number }[] }).versions.map((v) => v.version)).toEqual([2, 1]);
    const audit = await admin.get('/backoffice/api/audit?q=config.');
    expect(audit.statusCode, audit.body).toBe(200);
    const actions = (audit.json() as { entries: { action: string }[] }).entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['config.draft', 'config.publish', 'config.restore.draft']));
  });
});
