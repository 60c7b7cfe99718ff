import SwaggerParser from '@apidevtools/swagger-parser';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app';

describeEachDatabase('API documentation', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db);
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves a valid OpenAPI document that lists the routes', async () => {
    const res = await app.inject({ url: '/api-docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/health', '/ready', '/web-api/site-config', '/web-api/site-config/explain']),
    );
    // Pages, files and the docs themselves are not API operations.
    expect(
      Object.keys(doc.paths).filter(
        (p) => p === '/' || p.includes('*') || p.startsWith('/api-docs') || p.startsWith('/brand-assets'),
      ),
    ).toEqual([]);
  });

  it('describes the routes with the schemas of schemas/api, as named components', async () => {
    const doc = (await app.inject({ url: '/api-docs/openapi.json' })).json();
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'ApiError',
        'ConfigIssue',
        'ReadyResponse',
        'SiteConfigResponse',
        'SiteConfigExplainResponse',
      ]),
    );
    const get = doc.paths['/web-api/site-config'].get;
    expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:brand',
      'query:country',
      'query:lng',
    ]);
    expect(JSON.stringify(get.responses['400'])).toContain('#/components/schemas/ApiError');
    const explain = doc.paths['/web-api/site-config/explain'].get;
    expect(explain.parameters.find((p: { name: string }) => p.name === 'pointer').required).toBe(true);
  });

  it('serves the browsable page and its files from the installed package', async () => {
    const page = await app.inject({ url: '/api-docs' });
    const html =
      page.statusCode === 302 ? (await app.inject({ url: page.headers.location as string })).body : page.body;
    expect(html).toContain('swagger-ui-bundle.js');
    const bundle = await app.inject({ url: '/api-docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    expect((await app.inject({ url: '/api-docs/static/swagger-initializer.js' })).statusCode).toBe(200);
  });
});
