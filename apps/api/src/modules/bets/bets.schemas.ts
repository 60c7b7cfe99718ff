import { apiRef, apiSchemas, type ApiJsonSchema, type ApiSchemaName } from '@tessera/shared/contract-api';

/** The schemas of schemas/api/bets and schemas/api/wallet for `app.addSchema` (without `$schema`, for OpenAPI). */
export function betsApiSchemas(): ApiJsonSchema[] {
  return [...apiSchemas('bets/'), ...apiSchemas('wallet/')];
}

/** A `$ref` to one of them by `<folder>/<name>`; throws for a name that has no file. */
export function betsRef(name: ApiSchemaName & (`bets/${string}` | `wallet/${string}`)): { $ref: string } {
  return apiRef(name);
}
