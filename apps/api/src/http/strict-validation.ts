import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

type JsonSchema = { $id: string; [key: string]: unknown };

/**
 * A route-level validator compiler for bodies that are stored as sent (a saved coupon, an account's answers): unlike
 * Fastify's default ajv it neither coerces types (`"7"` or `true` for a number, `null` for 0) nor silently drops
 * properties the schema does not allow, so a body of the wrong shape is refused with 400 rather than repaired and
 * written. `schemas` are the shared schemas the route's `$ref`s point into.
 */
export function strictValidatorCompiler(schemas: readonly JsonSchema[]): FastifySchemaCompiler<unknown> {
  const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false, strict: false });
  for (const schema of schemas) ajv.addSchema(schema);
  const compiled = new WeakMap<object, ValidateFunction>();
  return ({ schema }) => {
    const key = schema as object;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema as object);
      compiled.set(key, validate);
    }
    return validate;
  };
}
