import { describeEachDatabase, type Database } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, emptyBrandsDir, loadFixtureRegistry } from '../../testing/test-app';
import { latestValidationReport } from '@tessera/server/site-config';

describeEachDatabase('health and readiness', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, { startupId: '3b2a1c7e-4f0d-4e58-9a51-0c6f2d9e8b71' });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers liveness', async () => {
    const res = await app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    // The feed of this one process: it leads itself, and its odds are live.
    expect(res.json()).toEqual({ status: 'ok', feed: { mode: 'single', leader: true, stale: false } });
  });

  it('is ready with the database reachable and names the valid and refused brands', async () => {
    const res = await app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ready');
    expect(body.database).toEqual({ engine: ctx.engine, reachable: true });
    expect(body.brands.valid).toEqual([
      { id: 'northbet', name: 'NorthBet' },
      { id: 'sunplay', name: 'SunPlay' },
    ]);
    expect(body.brands.refused.map((r: { id: string }) => r.id)).toEqual(['brokenbet', 'malformed']);
    expect(body.brands.refused[0].errors[0]).toEqual({
      file: 'brands/brokenbet/brand.json',
      pointer: '/coupon/maxEvents',
      expected: 'an integer',
      found: '"fifty"',
      message: 'brands/brokenbet/brand.json at /coupon/maxEvents: expected an integer, found "fifty"',
    });
    expect(body.brands.refused[1].errors[0]).toMatchObject({
      file: 'brands/malformed/brand.json',
      line: 1,
      column: 41,
    });
  });

  it('stores the start-up validation report, refused brand and its issues included', async () => {
    const report = await latestValidationReport(ctx.db);
    expect(report.map((r) => [r.brandId, r.status])).toEqual([
      ['brokenbet', 'refused'],
      ['malformed', 'refused'],
      ['northbet', 'valid'],
      ['sunplay', 'valid'],
    ]);
    expect(report[0]?.startupId).toBe('3b2a1c7e-4f0d-4e58-9a51-0c6f2d9e8b71');
    expect(report[0]?.issues[0]?.pointer).toBe('/coupon/maxEvents');
  });

  it('is not ready (503) when no brand is valid', async () => {
    const empty = await buildTestApp(ctx.db, { brandRegistry: await loadFixtureRegistry(emptyBrandsDir()) });
    try {
      const res = await empty.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', brands: { valid: [], refused: [] } });
    } finally {
      await empty.close();
    }
  });

  it('is not ready (503) when the database stops answering', async () => {
    // The database goes away after start-up, the way a lost PostgreSQL server does.
    let down = false;
    const flaky: Database = {
      ...ctx.db,
      query: (sql, params) => (down ? Promise.reject(new Error('connection lost')) : ctx.db.query(sql, params)),
    };
    const app2 = await buildTestApp(flaky);
    try {
      await app2.ready();
      down = true;
      const res = await app2.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', database: { engine: ctx.engine, reachable: false } });
    } finally {
      down = false;
      await app2.close();
    }
  });
});
