import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feedApiSchemas } from '../modules/feed/feed.schemas';

const names = [
  'config-issue',
  'error',
  'health-response',
  'ready-response',
  'site-config-explain-query',
  'site-config-explain-response',
  'site-config-query',
  'site-config-response',
] as const;

/** Names of the files in schemas/api (without `.schema.json`). */
export type ApiSchemaName = (typeof names)[number];

type JsonSchema = { $id: string; title: string; [key: string]: unknown };

/**
 * schemas/api in the workspace, or `schemas/api` beside the bundle (apps/api/build.mjs copies it there). Read at run
 * time rather than imported: schemas/ is shared data outside every Nx project, and the files stay the one source.
 */
export function apiSchemasDir(): string {
  const candidates = [new URL('../../../../schemas/api', import.meta.url), new URL('./schemas/api', import.meta.url)].map(
    (u) => fileURLToPath(u),
  );
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'error.schema.json')));
  if (!found) throw new Error(`API schemas not found; looked in ${candidates.join(', ')}`);
  return found;
}

let cache: Map<ApiSchemaName, JsonSchema> | undefined;

function load(): Map<ApiSchemaName, JsonSchema> {
  if (cache) return cache;
  const dir = apiSchemasDir();
  cache = new Map(
    names.map((name) => [name, JSON.parse(fs.readFileSync(path.join(dir, `${name}.schema.json`), 'utf8')) as JsonSchema]),
  );
  return cache;
}

/**
 * The schemas of schemas/api as registered with Fastify: the `$schema` keyword is dropped because the
 * OpenAPI document embeds them as components, where it is not allowed.
 */
export function apiSchemas(): JsonSchema[] {
  const own = [...load().values()].map((schema) => {
    const { $schema: _dropped, ...rest } = schema as JsonSchema & { $schema?: string };
    return rest;
  });
  return [...own, ...feedApiSchemas()];
}

/** The raw schema, for tests that check answers against it. */
export function apiSchema(name: ApiSchemaName): JsonSchema {
  const schema = load().get(name);
  if (!schema) throw new Error(`Unknown API schema ${name}`);
  return schema;
}

/** A `$ref` to one of the schemas of schemas/api, for route definitions. */
export function ref(name: ApiSchemaName): { $ref: string } {
  return { $ref: `${apiSchema(name).$id}#` };
}
