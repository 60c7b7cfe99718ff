// Generates malformed requests for one write endpoint from its JSON body schema: broken JSON, wrong content types,
// wrong types, missing fields, huge strings, hostile unicode, negative and huge numbers, unexpected shapes.
// Deterministic for a seed, so a failure found once can be replayed.

/** One generated request. */
export interface MalformedRequest {
  /** The kind of damage, for grouping findings. */
  category:
    'broken-json' | 'content-type' | 'wrong-type' | 'missing-field' | 'huge-string' | 'unicode' | 'number' | 'shape';
  /** What exactly was done, e.g. `password: null`. */
  description: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A JSON Schema node, loosely typed: only the keywords the generator reads. */
interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

/** A small seeded PRNG (mulberry32): reproducible choices without a dependency. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function typeOf(node: SchemaNode): string | undefined {
  if (Array.isArray(node.type)) return node.type.find((t) => t !== 'null');
  if (node.type) return node.type;
  if (node.properties) return 'object';
  const alt = node.oneOf?.[0] ?? node.anyOf?.[0] ?? node.allOf?.[0];
  return alt ? typeOf(alt) : undefined;
}

function merged(node: SchemaNode): SchemaNode {
  if (!node.allOf) return node;
  return node.allOf.reduce<SchemaNode>(
    (acc, part) => ({
      ...acc,
      ...part,
      properties: { ...acc.properties, ...part.properties },
      required: [...(acc.required ?? []), ...(part.required ?? [])],
    }),
    { ...node, allOf: undefined },
  );
}

/** A plausible valid value for a schema node: the base the mutations start from. */
export function sampleValue(schema: SchemaNode, depth = 0): unknown {
  const node = merged(schema);
  if (node.const !== undefined) return node.const;
  if (node.enum?.length) return node.enum[0];
  if (node.oneOf?.[0] && !node.type) return sampleValue(node.oneOf[0], depth + 1);
  if (node.anyOf?.[0] && !node.type) return sampleValue(node.anyOf[0], depth + 1);
  switch (typeOf(node)) {
    case 'object': {
      if (depth > 6) return {};
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node.properties ?? {})) out[k] = sampleValue(v, depth + 1);
      return out;
    }
    case 'array':
      return node.items ? [sampleValue(node.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return Math.max(1, node.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (node.format === 'email') return 'bench@example.com';
      if (node.format === 'date') return '1990-01-01';
      if (node.format === 'date-time') return '2026-01-01T00:00:00Z';
      return 'a'.repeat(Math.max(1, Math.min(node.minLength ?? 8, 64)));
    default:
      return 'x';
  }
}

/** Every leaf path of the schema (dot paths into nested objects) with its node. */
function fields(
  schema: SchemaNode,
  prefix: string[] = [],
  depth = 0,
): { path: string[]; node: SchemaNode; required: boolean }[] {
  const node = merged(schema);
  if (depth > 6 || typeOf(node) !== 'object') return [];
  const out: { path: string[]; node: SchemaNode; required: boolean }[] = [];
  for (const [k, v] of Object.entries(node.properties ?? {})) {
    const p = [...prefix, k];
    out.push({ path: p, node: v, required: (node.required ?? []).includes(k) });
    out.push(...fields(v, p, depth + 1));
  }
  return out;
}

function setAt(obj: unknown, path: string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(obj) as Record<string, unknown>;
  let cur: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    if (!next || typeof next !== 'object') return copy;
    cur = next as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (remove) delete cur[last];
  else cur[last] = value;
  return copy;
}

/** The JSON types a node accepts as written (`["number", "null"]` accepts both; null there is a value, not bad input). */
function allowedTypes(node: SchemaNode): string[] {
  return Array.isArray(node.type) ? node.type : [];
}

/** Values of the wrong JSON type for a node of `type`, leaving out every type the node also accepts. */
function wrongTypes(type: string | undefined, accepted: readonly string[] = []): unknown[] {
  const all: Record<string, unknown> = {
    string: 'text',
    number: 12.5,
    integer: 7,
    boolean: false,
    object: { nested: 1 },
    array: [1, 'two'],
    null: null,
  };
  return Object.entries(all)
    .filter(
      ([t]) =>
        t !== type &&
        !accepted.includes(t) &&
        !(type === 'number' && t === 'integer') &&
        !(type === 'integer' && t === 'number'),
    )
    .map(([, v]) => v);
}

/** Hostile strings: control characters, bidirectional overrides, zero-width, emoji, combining marks, lone surrogates. */
export const UNICODE_SAMPLES: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̷̢̛͔a̸̗̓l̶̰̈g̵̣̈́o̸̫͝',
  'ｆｕｌｌｗｉｄｔｈ',
  'раураl', // Cyrillic homoglyphs
  '\ud800', // a lone high surrogate: invalid UTF-16, escaped in JSON
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%ff%fe',
  '\r\n\tHeader-Injection: yes',
];

/** Numbers that break naive code: negatives, overflow, precision loss, denormals, negative zero. */
export const NUMBER_SAMPLES: readonly string[] = [
  '-1',
  '-0',
  '0',
  '-9007199254740993',
  '9007199254740993',
  '1e308',
  '-1e308',
  '1e309',
  '5e-324',
  '123456789012345678901234567890',
  '0.1e-400',
  '2147483648',
  '-2147483649',
  '1.5',
];

/** Broken JSON texts (never valid JSON). */
export const BROKEN_JSON: readonly string[] = [
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":undefined}',
  '[1,2',
  '"unterminated',
  'nul',
  '\ufeff{}x',
  '{"a":1}{"b":2}',
  '{"a":"\\x41"}',
  `${'['.repeat(5000)}${']'.repeat(4999)}`,
  '{"a":"\\ud800\\u0000"',
];

/** Options of {@link malformedRequests}. */
export interface GenerateOptions {
  method: string;
  path: string;
  bodySchema?: unknown;
  seed: number;
  /** Size of the huge strings (default 200 kB; one case also exceeds a 1 MB body limit). */
  hugeBytes?: number;
  /** Headers every request carries (cookie, origin, ...). */
  headers?: Record<string, string>;
}

/** All malformed requests for one endpoint: every category, every field, in a seeded order. */
export function malformedRequests(options: GenerateOptions): MalformedRequest[] {
  const random = seededRandom(options.seed);
  const schema = (options.bodySchema ?? { type: 'object', properties: {} }) as SchemaNode;
  const base = sampleValue(schema);
  const json = { 'content-type': 'application/json', ...options.headers };
  const out: MalformedRequest[] = [];
  const add = (
    category: MalformedRequest['category'],
    description: string,
    body: string | undefined,
    headers: Record<string, string> = json,
  ): void => {
    out.push({ category, description, method: options.method, path: options.path, headers, body });
  };

  for (const text of BROKEN_JSON)
    add('broken-json', `body ${JSON.stringify(text.slice(0, 24))}${text.length > 24 ? '…' : ''}`, text);
  add('broken-json', 'empty body with a JSON content type', '');

  const baseText = JSON.stringify(base);
  const ct = (type: string | undefined): Record<string, string> => {
    const h: Record<string, string> = { ...options.headers };
    if (type !== undefined) h['content-type'] = type;
    return h;
  };
  add('content-type', 'JSON body as text/plain', baseText, ct('text/plain'));
  add('content-type', 'form-encoded body', 'a=1&b=2', ct('application/x-www-form-urlencoded'));
  add('content-type', 'multipart without a boundary', '--x\r\n\r\nhello\r\n--x--', ct('multipart/form-data'));
  add('content-type', 'XML body', '<a>1</a>', ct('application/xml'));
  add('content-type', 'no content type', baseText, ct(undefined));
  add('content-type', 'JSON declared as UTF-16', baseText, ct('application/json; charset=utf-16'));
  add('content-type', 'garbage content type', baseText, ct(';;;/'));
  add('content-type', 'JSON:API content type with a plain body', baseText, ct('application/vnd.api+json'));

  add('shape', 'body is an array', JSON.stringify([base]));
  add('shape', 'body is null', 'null');
  add('shape', 'body is a string', '"text"');
  add('shape', 'body is a number', '42');
  add('shape', 'body is an empty object', '{}');
  add('shape', 'unknown property', JSON.stringify({ ...(base as object), unexpected_field: 1 }));
  add('shape', '__proto__ pollution attempt', `{"__proto__":{"isAdmin":true},${baseText.slice(1)}`.replace(/,}$/, '}'));
  add(
    'shape',
    'constructor.prototype pollution attempt',
    JSON.stringify({ ...(base as object), constructor: { prototype: { isAdmin: true } } }),
  );
  add('shape', 'body of 2 MB', JSON.stringify({ ...(base as object), padding: 'x'.repeat(2 * 1024 * 1024) }));

  const huge = 'x'.repeat(options.hugeBytes ?? 200 * 1024);
  for (const f of fields(schema)) {
    const name = f.path.join('.');
    const type = typeOf(merged(f.node));
    if (f.required)
      add('missing-field', `without required ${name}`, JSON.stringify(setAt(base, f.path, undefined, true)));
    else
      add(
        'missing-field',
        `without optional ${name} and every required field`,
        JSON.stringify(setAt({}, f.path, sampleValue(f.node))),
      );
    for (const v of wrongTypes(type, allowedTypes(merged(f.node))))
      add('wrong-type', `${name}: ${JSON.stringify(v)}`, JSON.stringify(setAt(base, f.path, v)));
    if (type === 'string' || type === undefined) {
      add('huge-string', `${name}: ${huge.length} characters`, JSON.stringify(setAt(base, f.path, huge)));
      for (const u of UNICODE_SAMPLES)
        add('unicode', `${name}: ${JSON.stringify(u)}`, JSON.stringify(setAt(base, f.path, u)));
    }
    // Numbers go in as raw JSON text, so values JavaScript cannot hold (1e309, 30 digits) reach the server as sent.
    const marker = '"__BENCH_NUMBER__"';
    const template = JSON.stringify(setAt(base, f.path, '__BENCH_NUMBER__'));
    for (const n of NUMBER_SAMPLES) add('number', `${name}: ${n}`, template.replace(marker, n));
  }

  // A seeded shuffle, so load is spread over categories and a run with a limit still covers all of them.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as MalformedRequest, out[i] as MalformedRequest];
  }
  return out;
}

/** What the spec's error shape requires: `{ message: string, detail?: string, validation_errors?: { field, message }[] }`. */
export function errorShapeProblem(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the answer is not a JSON object';
  const b = body as Record<string, unknown>;
  if (typeof b['message'] !== 'string' || b['message'] === '') return 'message is missing or not a non-empty string';
  if (b['detail'] !== undefined && typeof b['detail'] !== 'string') return 'detail is not a string';
  const v = b['validation_errors'];
  if (v !== undefined) {
    if (!Array.isArray(v)) return 'validation_errors is not an array';
    for (const e of v) {
      if (
        !e ||
        typeof e !== 'object' ||
        typeof (e as Record<string, unknown>)['field'] !== 'string' ||
        typeof (e as Record<string, unknown>)['message'] !== 'string'
      ) {
        return 'a validation error lacks a string field or message';
      }
    }
  }
  if (b['error_code'] !== undefined && typeof b['error_code'] !== 'number') return 'error_code is not a number';
  return undefined;
}
