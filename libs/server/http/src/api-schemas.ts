import {
  apiRef,
  apiSchema as contractSchema,
  apiSchemas as contractSchemas,
  type ApiJsonSchema,
  type ApiSchemaName,
} from '@tessera/shared/contract-api';

export type { ApiSchemaName };

/**
 * Every schema of schemas/api as registered with Fastify, from `@tessera/shared/contract-api` (the one loader):
 * the `$schema` keyword is dropped because the OpenAPI document embeds them as components, where it is not allowed.
 */
export function apiSchemas(): ApiJsonSchema[] {
  return contractSchemas();
}

/** The raw schema, for tests that check answers against it. */
export function apiSchema(name: ApiSchemaName): ApiJsonSchema {
  return contractSchema(name);
}

/** A `$ref` to one of the schemas of schemas/api, for route definitions. */
export function ref(name: ApiSchemaName): { $ref: string } {
  return apiRef(name);
}
