import bundle from './generated/api.schemas.bundle.json';
import type { ApiPayloads } from './generated/api.types';

/** The name of a schema of schemas/api: its path without `.schema.json` (`error`, `feed/feed-game-row`). */
export type ApiSchemaName = keyof ApiPayloads;

/** The payload type of one schema, by name: `ApiPayload<'feed/feed-games-response'>` is `FeedGamesResponse`. */
export type ApiPayload<N extends ApiSchemaName> = ApiPayloads[N];

/** A schema of schemas/api as a JSON value: every one has an `$id` (its address for `$ref`) and a title (its type). */
export interface ApiJsonSchema {
  $id: string;
  title: string;
  [keyword: string]: unknown;
}

const schemas = bundle as unknown as Record<ApiSchemaName, ApiJsonSchema>;

/** Every schema name, sorted. */
export const apiSchemaNames = Object.keys(schemas).sort() as ApiSchemaName[];

/** The schema as written in schemas/api (with `$schema`), for tests that check answers against it. */
export function apiSchema(name: ApiSchemaName): ApiJsonSchema {
  const schema = schemas[name];
  if (!schema) throw new Error(`Unknown API schema ${name}`);
  return schema;
}

/**
 * Schemas ready for `app.addSchema` or `ajv.addSchema`: the `$schema` keyword is dropped because the OpenAPI
 * document embeds them as components, where it is not allowed. With a prefix (`'feed/'`), only the names under it.
 */
export function apiSchemas(prefix = ''): ApiJsonSchema[] {
  return apiSchemaNames
    .filter((name) => name.startsWith(prefix))
    .map((name) => {
      const { $schema: _dropped, ...rest } = apiSchema(name) as ApiJsonSchema & { $schema?: string };
      return rest;
    });
}

/** A `$ref` to one schema, for route definitions; throws for a name that has no file. */
export function apiRef(name: ApiSchemaName): { $ref: string } {
  return { $ref: `${apiSchema(name).$id}#` };
}
