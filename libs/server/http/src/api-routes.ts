import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteHandlerMethod,
} from 'fastify';
import { apiRef, type ApiPayload, type ApiSchemaName } from '@tessera/shared/contract-api';

/** The error answers a route documents, by status (schemas/api/error.schema.json). */
export function errorAnswers(...codes: readonly number[]): Record<number, { $ref: string }> {
  return Object.fromEntries(codes.map((code) => [code, apiRef('error')]));
}

/** The payload of a schema name; nothing where the route names none. */
type Payload<N extends ApiSchemaName | undefined> = N extends ApiSchemaName ? ApiPayload<N> : undefined;

/** The request of an {@link ApiRoute}: its body, query and path parameters typed by the schemas the route names. */
export type ApiRouteRequest<
  B extends ApiSchemaName | undefined,
  Q extends ApiSchemaName | undefined,
  P extends string,
> = FastifyRequest<{ Body: Payload<B>; Querystring: Payload<Q>; Params: Record<P, string> }>;

/** A path parameter: a string matching `pattern`. */
export interface PathParam {
  type: 'string';
  pattern: string;
  description: string;
}

/**
 * One route of the platform API, described by the schemas of `schemas/api` it takes and answers: the names are the
 * route's contract and its types at once, so a handler cannot read a body or answer a payload its schema does not
 * describe (ADR 0226).
 */
export interface ApiRoute<
  R extends ApiSchemaName,
  B extends ApiSchemaName | undefined = undefined,
  Q extends ApiSchemaName | undefined = undefined,
  P extends string = never,
> {
  /** One line for the OpenAPI document. */
  summary: string;
  /** The body's schema, validated strictly before the handler (ADR 0191). */
  body?: B;
  /** The query's schema. */
  querystring?: Q;
  /** The path parameters, each a string of the path. */
  params?: Record<P, PathParam>;
  /** The successful answer's schema, sent with `status`. */
  reply: R;
  /** The status of the successful answer; default 200. */
  status?: 200 | 201 | 202;
  /** The statuses of the error answers the route documents. */
  errors?: readonly number[];
  /** Route settings of plugins (the rate limit's). */
  config?: FastifyContextConfig;
  /** A body validator of the route's own (bodies stored as sent: `strictValidatorCompiler`). */
  validatorCompiler?: FastifySchemaCompiler<unknown>;
  /** The OpenAPI tags; default the group's. */
  tags?: readonly string[];
  handler: (request: ApiRouteRequest<B, Q, P>, reply: FastifyReply) => Payload<R> | Promise<Payload<R>>;
}

/** Declares a group's routes: `routes.post(url, { summary, body, reply, errors, handler })`. */
export interface ApiRoutes {
  get<R extends ApiSchemaName, Q extends ApiSchemaName | undefined = undefined, P extends string = never>(
    url: string,
    route: ApiRoute<R, undefined, Q, P>,
  ): void;
  post<
    R extends ApiSchemaName,
    B extends ApiSchemaName | undefined = undefined,
    Q extends ApiSchemaName | undefined = undefined,
    P extends string = never,
  >(
    url: string,
    route: ApiRoute<R, B, Q, P>,
  ): void;
  put<R extends ApiSchemaName, B extends ApiSchemaName | undefined = undefined, P extends string = never>(
    url: string,
    route: ApiRoute<R, B, undefined, P>,
  ): void;
}

/**
 * The routes of one area of the API (`tags` name it in the OpenAPI document). A route parses (its schemas), calls a
 * service and answers; anything more belongs in the service's library.
 */
export function apiRoutes(app: FastifyInstance, group: { tags: readonly string[] }): ApiRoutes {
  const add = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    route: ApiRoute<ApiSchemaName, ApiSchemaName | undefined, ApiSchemaName | undefined, string>,
  ): void => {
    const status = route.status ?? 200;
    const params = route.params ? Object.keys(route.params) : [];
    const handler: RouteHandlerMethod = async (request, reply) => {
      const answer = await route.handler(request as ApiRouteRequest<undefined, undefined, string>, reply);
      if (status !== 200) reply.code(status);
      return answer;
    };
    // The OpenAPI keywords (summary, tags) are @fastify/swagger's, beside Fastify's own.
    const schema: FastifySchema & Record<string, unknown> = {
      summary: route.summary,
      tags: [...(route.tags ?? group.tags)],
      ...(route.body ? { body: apiRef(route.body) } : {}),
      ...(route.querystring ? { querystring: apiRef(route.querystring) } : {}),
      ...(route.params
        ? { params: { type: 'object', additionalProperties: false, required: params, properties: route.params } }
        : {}),
      response: { [status]: apiRef(route.reply), ...errorAnswers(...(route.errors ?? [])) },
    };
    app.route({
      method,
      url,
      ...(route.config ? { config: route.config } : {}),
      ...(route.validatorCompiler ? { validatorCompiler: route.validatorCompiler } : {}),
      schema,
      handler,
    });
  };
  const widen = (route: object) =>
    route as ApiRoute<ApiSchemaName, ApiSchemaName | undefined, ApiSchemaName | undefined, string>;
  return {
    get: (url, route) => add('GET', url, widen(route)),
    post: (url, route) => add('POST', url, widen(route)),
    put: (url, route) => add('PUT', url, widen(route)),
  };
}
