import { apiRef, apiSchemas, type ApiJsonSchema, type ApiSchemaName } from '@tessera/shared/contract-api';

/** The schemas of schemas/api/auth and schemas/api/account for `app.addSchema` (without `$schema`, for OpenAPI). */
export function accountsApiSchemas(): ApiJsonSchema[] {
  return [...apiSchemas('account/'), ...apiSchemas('auth/')];
}

/** A `$ref` to one of them by `<folder>/<name>`, for route definitions; throws for a name that has no file. */
export function accountsRef(name: ApiSchemaName & (`auth/${string}` | `account/${string}`)): { $ref: string } {
  return apiRef(name);
}
