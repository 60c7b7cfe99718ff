import { ParamError, type EncoderInput, type ParamEncoder, type WireValue } from './param-encoders';

/** HTTP methods the platform API uses. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which credentials a call carries (spec section 6): none, the user's auth header, the bearer service token,
 * or the extended auth header of identification and limits services. Providers are given to the ApiClient.
 */
export type AuthKind = 'none' | 'user' | 'service' | 'extended';

/** Body content type: plain JSON or JSON:API (`application/vnd.api+json`). */
export type BodyContentType = 'json' | 'jsonapi';

/** A shape without parameters (the default for path, query and body). */
export type NoParams = Record<never, never>;

/** A named set of parameter encoders; the key is the argument name and, unless the encoder renames it, the wire name. */
export type ParamShape = { readonly [key: string]: ParamEncoder<never, boolean> };

type RequiredKeys<S extends ParamShape> = {
  [K in keyof S]: S[K] extends ParamEncoder<never, true> ? K : never;
}[keyof S];
type OptionalKeys<S extends ParamShape> = Exclude<keyof S, RequiredKeys<S>>;
type Simplify<T> = { [K in keyof T]: T[K] };

/** The argument object a shape accepts: required encoders make required keys. */
export type ArgsOf<S extends ParamShape> = Simplify<
  { [K in RequiredKeys<S>]: EncoderInput<S[K]> } & { [K in OptionalKeys<S>]?: EncoderInput<S[K]> | undefined }
>;

/** Wraps body parameters the way some services expect (spec: "wrapped in attributes", "data.attributes"). */
export interface BodyEnvelope {
  path: 'attributes' | 'data.attributes';
  /** JSON:API resource type put beside attributes, when the service wants one. */
  type?: string;
}

/** What `defineCall` accepts. */
export interface CallSpec<P extends ParamShape, Q extends ParamShape, B extends ParamShape, TResult> {
  /** Path from the API origin, e.g. `/web-api/user/getuserconfig`. */
  url: string;
  /** Defaults to GET. */
  method?: HttpMethod;
  /** Values appended to the URL as `/{value}`, in key order; an omitted value adds no segment. */
  path?: P;
  query?: Q;
  /** Body parameters; for GET and HEAD they go to the query instead (spec section 7). */
  body?: B;
  auth?: AuthKind;
  contentType?: BodyContentType;
  envelope?: BodyEnvelope;
  /** Share one pending request between identical parallel calls; default true for GET/HEAD, false otherwise. */
  dedupe?: boolean;
  /** Let the client retry network errors; default true for idempotent methods only. */
  retry?: boolean;
  /** Overrides the client's request timeout for this call (ms). */
  timeoutMs?: number;
  /** Checks and narrows the answer; without it the answer is returned as parsed JSON. */
  parse?: (data: unknown) => TResult;
}

/** A request ready for the HTTP client: everything encoded, nothing left to decide. */
export interface BuiltRequest {
  method: HttpMethod;
  /** The call URL with path values appended. */
  url: string;
  query: Record<string, WireValue>;
  /** Undefined for GET/HEAD and for calls without body parameters. */
  body: Record<string, unknown> | undefined;
  auth: AuthKind;
  contentType: BodyContentType;
  dedupe: boolean;
  retry: boolean;
  timeoutMs: number | undefined;
}

/** A typed, declarative call: `build` encodes arguments, `parse` shapes the answer. */
export interface CallDefinition<TArgs, TResult> {
  readonly url: string;
  readonly method: HttpMethod;
  /** Encodes the arguments; may be called without arguments when every parameter is optional. */
  build(...params: CallArgs<TArgs>): BuiltRequest;
  parse(data: unknown): TResult;
  /** Same call with the answer typed as T (no runtime check; give `parse` for that). */
  returns<T>(): CallDefinition<TArgs, T>;
}

/** Argument list of a call: optional when every parameter is optional. */
export type CallArgs<TArgs> = NoParams extends TArgs ? [args?: TArgs] : [args: TArgs];

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** True for methods that may be repeated without a second effect; only these are retried. */
export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase() as HttpMethod);
}

function encodeShape(
  url: string,
  shape: ParamShape | undefined,
  args: Record<string, unknown>,
  target: Record<string, WireValue>,
): void {
  if (!shape) return;
  for (const [key, encoder] of Object.entries(shape)) {
    let wire: WireValue | undefined;
    try {
      wire = (encoder as ParamEncoder<unknown, boolean>).encode(args[key]);
    } catch (error) {
      if (error instanceof ParamError) throw new ParamError(`${url}: parameter "${key}": ${error.message}`);
      throw error;
    }
    if (wire !== undefined) target[encoder.wireName ?? key] = wire;
  }
}

function wrap(body: Record<string, unknown>, envelope: BodyEnvelope | undefined): Record<string, unknown> {
  if (!envelope) return body;
  const resource = envelope.type === undefined ? { attributes: body } : { type: envelope.type, attributes: body };
  return envelope.path === 'attributes' ? resource : { data: resource };
}

/**
 * Declares a platform call once: URL, method, path values, query and body parameters with their encoders, auth.
 * The argument type is inferred from the encoders, so callers get required and optional keys checked by tsc.
 */
export function defineCall<
  P extends ParamShape = NoParams,
  Q extends ParamShape = NoParams,
  B extends ParamShape = NoParams,
  TResult = unknown,
>(spec: CallSpec<P, Q, B, TResult>): CallDefinition<ArgsOf<P> & ArgsOf<Q> & ArgsOf<B>, TResult> {
  const method = spec.method ?? 'GET';
  const seen = new Set<string>();
  for (const key of [spec.path, spec.query, spec.body].flatMap((s) => (s ? Object.keys(s) : []))) {
    // One argument object feeds all three shapes, so a repeated key would be ambiguous.
    if (seen.has(key)) throw new Error(`${spec.url}: parameter "${key}" is declared twice`);
    seen.add(key);
  }
  const bodyInQuery = method === 'GET' || method === 'HEAD';
  const parse = spec.parse ?? ((data: unknown) => data as TResult);

  const definition: CallDefinition<ArgsOf<P> & ArgsOf<Q> & ArgsOf<B>, TResult> = {
    url: spec.url,
    method,
    build(...params) {
      const input = (params[0] ?? {}) as Record<string, unknown>;
      const pathValues: Record<string, WireValue> = {};
      encodeShape(spec.url, spec.path, input, pathValues);
      const segments = Object.values(pathValues).map((v) =>
        encodeURIComponent(v instanceof Date ? v.toISOString() : String(v)),
      );
      const url = segments.length > 0 ? `${spec.url.replace(/\/+$/, '')}/${segments.join('/')}` : spec.url;

      const query: Record<string, WireValue> = {};
      encodeShape(spec.url, spec.query, input, query);
      let body: Record<string, unknown> | undefined;
      if (spec.body) {
        if (bodyInQuery) {
          encodeShape(spec.url, spec.body, input, query);
        } else {
          const encoded: Record<string, WireValue> = {};
          encodeShape(spec.url, spec.body, input, encoded);
          body = wrap(encoded, spec.envelope);
        }
      }
      return {
        method,
        url,
        query,
        body,
        auth: spec.auth ?? 'none',
        contentType: spec.contentType ?? 'json',
        dedupe: spec.dedupe ?? bodyInQuery,
        retry: spec.retry ?? isIdempotent(method),
        timeoutMs: spec.timeoutMs,
      };
    },
    parse,
    returns<T>() {
      return definition as unknown as CallDefinition<ArgsOf<P> & ArgsOf<Q> & ArgsOf<B>, T>;
    },
  };
  return definition;
}
