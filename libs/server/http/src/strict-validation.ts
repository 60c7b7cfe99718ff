import { createHash } from 'node:crypto';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type JsonSchema = { $id: string; [key: string]: unknown };
type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;

// ajv-formats is CommonJS: its default export arrives as the module object or the function, depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/**
 * ajv for request bodies: no type coercion (`"5"`, `true` or `null` is never a number), nothing silently dropped (a
 * property the schema does not allow is refused); defaults still fill absent optional properties.
 */
const STRICT_BODY: Options = {
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
  addUsedSchema: false,
};

/**
 * ajv for the querystring, path parameters and headers, where every value arrives as text: Fastify's defaults (types
 * coerced from text, a single value taken as a one-item array, unknown parameters dropped).
 */
const TEXT_PARTS: Options = {
  coerceTypes: 'array',
  removeAdditional: true,
  useDefaults: true,
  allErrors: false,
  addUsedSchema: false,
};

/** ajv for bodies stored as sent: no coercion, nothing dropped, and no defaults written into what is stored. */
const STORED_AS_SENT: Options = {
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  allErrors: false,
  strict: false,
  addUsedSchema: false,
};

/** A stable fingerprint of JSON schemas: equal content gives an equal key, whoever built the objects. */
function fingerprint(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64');
}

/**
 * Compilers shared by every app of the process, keyed by their options and shared schemas: Fastify asks for a
 * compiler per encapsulation context, and every test file builds several apps. A new ajv instance compiles the JSON
 * Schema meta-schema and every shared schema again (seconds per app on these machines); the compiled validators are
 * pure functions, so one per schema content serves every app.
 */
const sharedCompilers = new Map<string, (schema: object) => ValidateFunction>();

function compilerWith(
  options: Options,
  schemas: readonly object[],
  formats = true,
): (schema: object) => ValidateFunction {
  const key = `${fingerprint(options)}:${String(formats)}:${fingerprint(schemas)}`;
  const existing = sharedCompilers.get(key);
  if (existing) return existing;
  const ajv = new Ajv(options);
  if (formats) addFormats(ajv);
  for (const schema of schemas) ajv.addSchema(schema);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (schema: object): ValidateFunction => {
    // A schema registered by $id (a shared schema used whole) is compiled once, as Fastify's own compiler does.
    const id = (schema as { $id?: unknown }).$id;
    const stored = typeof id === 'string' ? ajv.getSchema(id) : undefined;
    if (stored) return stored;
    const schemaKey = JSON.stringify(schema);
    let validate = compiled.get(schemaKey);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schemaKey, validate);
    }
    return validate;
  };
  sharedCompilers.set(key, compile);
  return compile;
}

/**
 * The app's validator factory (Fastify `schemaController.compilersFactory.buildValidator`, ADR 0191): every route's
 * body is validated strictly, so a money or id field of the wrong type answers 400 instead of being repaired into a
 * bet or a deposit; the querystring, params and headers keep Fastify's coercion. Fastify calls it once per
 * encapsulation context with the shared schemas (`app.addSchema`) of that context. `lazy` (test mode) compiles each
 * route's validator on its first request; otherwise all are compiled at start-up, so a broken schema stops the server.
 */
export function requestValidatorFactory(options: { lazy?: boolean } = {}): ValidatorFactory {
  const factory = (externalSchemas: Record<string, object>) => {
    const schemas = Object.values(externalSchemas);
    const body = compilerWith(STRICT_BODY, schemas);
    const text = compilerWith(TEXT_PARTS, schemas);
    return (route: { schema: object; httpPart?: string }) => {
      const compile = () => (route.httpPart === 'body' ? body(route.schema) : text(route.schema));
      return options.lazy ? lazyValidator(compile) : compile();
    };
  };
  // Fastify's typings describe the compiler as taking the bare schema; at run time it gets the route definition
  // ({ schema, method, url, httpPart }), as its own ajv compiler does.
  return factory as unknown as ValidatorFactory;
}

/**
 * A validator compiled on its first use (tests build many apps and send few requests to each): it answers exactly as
 * the compiled one, including the `errors` and `schemaEnv` Fastify reads from it.
 */
function lazyValidator(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const get = (): ValidateFunction => (compiled ??= compile());
  const validate = function (this: unknown, ...args: Parameters<ValidateFunction>) {
    const inner = get();
    const valid = inner.apply(this, args);
    validate.errors = inner.errors;
    return valid;
  } as ValidateFunction;
  Object.defineProperty(validate, 'schemaEnv', { get: () => get().schemaEnv });
  return validate;
}

/**
 * A route-level validator compiler for bodies that are stored as sent (a saved coupon, an account's answers): like the
 * app's body validation it neither coerces types nor drops properties, and it also leaves absent properties absent
 * (no defaults written into what is stored). `schemas` are the shared schemas the route's `$ref`s point into.
 */
export function strictValidatorCompiler(schemas: readonly JsonSchema[]): FastifySchemaCompiler<unknown> {
  const compile = compilerWith(STORED_AS_SENT, schemas, false);
  return ({ schema }) => compile(schema as object);
}
