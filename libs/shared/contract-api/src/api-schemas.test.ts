import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { apiRef, apiSchema, apiSchemaNames, apiSchemas } from './api-schemas';

describe('the API schemas', () => {
  it('are all there, named by their path under schemas/api', () => {
    expect(apiSchemaNames).toEqual(
      expect.arrayContaining([
        'error',
        'feed/feed-game-row',
        'auth/captcha-verify-response',
        'bets/bet',
        'wallet/deposit-request',
      ]),
    );
    for (const name of apiSchemaNames)
      expect(apiSchema(name).$id).toBe(`https://tessera.local/schemas/api/${name}.schema.json`);
  });

  it('compile together, every cross-file $ref resolving', () => {
    const ajv = new Ajv({ strict: false, logger: false });
    for (const schema of apiSchemas()) ajv.addSchema(schema);
    for (const name of apiSchemaNames) expect(ajv.getSchema(apiSchema(name).$id), name).toBeTypeOf('function');
  });

  it('drop $schema for Fastify and OpenAPI, and filter by folder', () => {
    expect(apiSchemas().some((s) => '$schema' in s)).toBe(false);
    expect('$schema' in apiSchema('error')).toBe(true);
    const feed = apiSchemas('feed/').map((s) => s.title);
    expect(feed).toContain('FeedGameRow');
    expect(feed).not.toContain('ApiError');
  });

  it('give route definitions a $ref, and refuse a name with no file', () => {
    expect(apiRef('feed/feed-market')).toEqual({
      $ref: 'https://tessera.local/schemas/api/feed/feed-market.schema.json#',
    });
    expect(() => apiRef('nope' as never)).toThrow('Unknown API schema nope');
  });
});
