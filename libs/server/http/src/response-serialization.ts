import { createHash } from 'node:crypto';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;
type Serialize = (data: unknown) => string;
type RouteDefinition = { schema: object; method?: string; url?: string; httpStatus?: string };

/** Options of {@link responseSerializerFactory}. */
export interface ResponseSerializerOptions {
  /**
   * Build a route's serializer on its first answer instead of at start-up. Tests build many apps and call a few routes
   * of each; production and development keep building every serializer at start-up, so a broken response schema stops
   * the server before it takes traffic.
   */
  lazy: boolean;
}

/**
 * Serializers built from a response schema, shared by every app of the process: the same schema content with the same
 * shared schemas compiles once (fast-json-stringify checks and compiles each schema, tens of milliseconds apiece).
 */
const built = new Map<string, Serialize>();

/**
 * The app's response serializer factory (Fastify `schemaController.compilersFactory.buildSerializer`): Fastify's own
 * (fast-json-stringify through @fastify/fast-json-stringify-compiler), with serializers shared across the apps of a
 * process and, on request, built on first use.
 */
export function responseSerializerFactory(options: ResponseSerializerOptions): SerializerFactory {
  const selector = SerializerSelector();
  const factory = (externalSchemas: Record<string, unknown>, serializerOpts?: Record<string, unknown>) => {
    const compile = selector(externalSchemas as never, serializerOpts as never) as unknown as (
      route: RouteDefinition,
    ) => Serialize;
    const context = createHash('sha1')
      .update(JSON.stringify([externalSchemas, serializerOpts ?? null]))
      .digest('base64');
    return (route: RouteDefinition): Serialize => {
      const key = `${context}\u0000${JSON.stringify(route.schema)}`;
      const build = (): Serialize => {
        let serialize = built.get(key);
        if (!serialize) {
          serialize = compile(route);
          built.set(key, serialize);
        }
        return serialize;
      };
      if (!options.lazy) return build();
      let serialize: Serialize | undefined;
      return (data) => (serialize ??= build())(data);
    };
  };
  return factory as unknown as SerializerFactory;
}
