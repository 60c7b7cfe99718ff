// Targeted cases of the bad-input drill (issue 12): wrong-typed money and id fields on every write route (item 2),
// bets on games the bettor's brand and country do not offer (item 1), cross-site GETs to every GET route (item 8) and
// framework-level errors (a bad path encoding, malformed headers; item 18).
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { MalformedRequest } from './malformed';
import { sampleValue } from './malformed';

/** A JSON Schema node, loosely typed: only the keywords read here. */
interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  allOf?: SchemaNode[];
}

function typeOf(node: SchemaNode): string | undefined {
  if (Array.isArray(node.type)) return node.type.find((t) => t !== 'null');
  return node.type ?? (node.properties ? 'object' : undefined);
}

/** Field names that carry an identifier (a bet, game, deposit, session, question ...). */
const ID_NAME = /(id|guid|reference|code)$/i;

/** A money or id field of a body: where it is, and whether the schema also accepts null there (a value, not bad input). */
export interface TypedField {
  path: (string | number)[];
  kind: 'number' | 'id';
  /** `"type": ["number", "null"]`: null is a value of the field (e.g. a limit's `amount: null` removes it). */
  nullable?: true;
}

/** Every money (number) and id field of a body schema, as paths into the body (arrays through their first item). */
export function moneyAndIdFields(schema: unknown, prefix: (string | number)[] = [], depth = 0): TypedField[] {
  const node = (schema ?? {}) as SchemaNode;
  if (depth > 6) return [];
  const out: TypedField[] = [];
  const type = typeOf(node);
  if (type === 'array' && node.items) return moneyAndIdFields(node.items, [...prefix, 0], depth + 1);
  if (type !== 'object') return [];
  for (const part of node.allOf ?? []) out.push(...moneyAndIdFields(part, prefix, depth + 1));
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = [...prefix, name];
    const t = typeOf(child);
    const nullable = Array.isArray(child.type) && child.type.includes('null') ? { nullable: true as const } : {};
    if (t === 'number' || t === 'integer') out.push({ path, kind: 'number', ...nullable });
    else if (t === 'string' && ID_NAME.test(name)) out.push({ path, kind: 'id', ...nullable });
    else out.push(...moneyAndIdFields(child, path, depth + 1));
  }
  return out;
}

function setAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let cur: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    if (!next || typeof next !== 'object') return copy;
    cur = next as Record<string | number, unknown>;
  }
  cur[path[path.length - 1] as string | number] = value;
  return copy;
}

function getAt(body: unknown, path: (string | number)[]): unknown {
  let cur: unknown = body;
  for (const key of path)
    cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[key] : undefined;
  return cur;
}

/** Replaces every betGUID in a body by a fresh one, so no two requests replay each other. */
function freshGuids(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(freshGuids);
  if (!body || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, k === 'betGUID' ? randomUUID() : freshGuids(v)]));
}

/**
 * Wrong-typed money and id fields of one write route (item 2): a number sent as text, as a boolean, null and in an
 * array; an id sent as a boolean, a number, an array and an object. `base` is a valid body where the drill has one
 * (a bet on an open selection, a deposit), so only the type is wrong; else a sample of the schema. Null is left out
 * where the schema accepts it (as malformed.ts does): there it is a value with a meaning, not a wrong type.
 */
export function wrongTypedRequests(options: {
  method: string;
  path: string;
  bodySchema: unknown;
  base?: unknown;
  headers: Record<string, string>;
}): MalformedRequest[] {
  const base = options.base ?? sampleValue(options.bodySchema as Parameters<typeof sampleValue>[0]);
  const out: MalformedRequest[] = [];
  for (const field of moneyAndIdFields(options.bodySchema)) {
    const now = getAt(base, field.path);
    const values: unknown[] = (
      field.kind === 'number'
        ? [String(typeof now === 'number' ? now : 5), true, null, [typeof now === 'number' ? now : 5]]
        : [true, 7, [typeof now === 'string' ? now : 'x'], { id: now ?? 'x' }]
    ).filter((value) => !(value === null && field.nullable));
    for (const value of values) {
      out.push({
        category: 'wrong-type',
        description: `${field.path.join('.')}: ${JSON.stringify(value)} (typed money/id)`,
        method: options.method,
        path: options.path,
        headers: { 'content-type': 'application/json', ...options.headers },
        body: JSON.stringify(setAt(freshGuids(base), field.path, value)),
      });
    }
  }
  return out;
}

/** One selection of a coupon. */
export interface Selection {
  gameId: number;
  outcomeId: string;
  coef: number;
}

/**
 * Every placement path with a selection the bettor cannot see (item 1): single, express, system, anti-express, auto-bet,
 * advance, one-click, VIP, multi, and saving it in a coupon. `visible` are two selections the bettor does see.
 */
export function unofferedBets(
  hidden: Selection,
  visible: readonly [Selection, Selection],
  stake: number,
  headers: Record<string, string>,
  query: string,
): MalformedRequest[] {
  const [a, b] = visible;
  const bet = (path: string, description: string, body: Record<string, unknown>): MalformedRequest => ({
    category: 'shape',
    description: `game ${hidden.gameId} not offered: ${description}`,
    method: 'POST',
    path: `${path}${query}`,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const make = '/service-api/LiveBet/Secure/MakeBetWeb';
  const single = (extra: Record<string, unknown>) => ({
    betGUID: randomUUID(),
    vid: 0,
    Summ: stake,
    CheckCf: 2,
    Events: [hidden],
    ...extra,
  });
  return [
    bet(make, 'single', single({})),
    bet(make, 'express', { betGUID: randomUUID(), vid: 1, Summ: stake, CheckCf: 2, Events: [a, hidden] }),
    bet(make, 'system', {
      betGUID: randomUUID(),
      vid: 2,
      expressNum: 2,
      Summ: stake,
      CheckCf: 2,
      Events: [a, b, hidden],
    }),
    bet(make, 'anti-express', { betGUID: randomUUID(), vid: 3, Summ: stake, CheckCf: 2, Events: [a, hidden] }),
    bet(make, 'auto-bet', single({ isAutoBet: true, autoBetCf: Math.round((hidden.coef + 0.5) * 100) / 100 })),
    bet(make, 'advance', single({ avanceBet: true })),
    bet(make, 'one-click', single({ OneClickBet: true })),
    bet('/service-api/LiveBet/Secure/MakeBetBidWeb', 'VIP', {
      betGUID: randomUUID(),
      vid: 0,
      VIPBetSumm: stake,
      CheckCf: 2,
      Events: [hidden],
    }),
    bet('/service-api/LiveBet/Secure/MakeBetWebMulti', 'multi', {
      betGUID: randomUUID(),
      CheckCf: 2,
      coupons: [
        { vid: 0, Summ: stake, Events: [a] },
        { vid: 0, Summ: stake, Events: [hidden] },
      ],
    }),
    bet('/service-api/LiveBet/Open/SaveCoupon', 'save coupon', { vid: 0, Summ: stake, Events: [hidden] }),
  ];
}

/** What the spec's answer for an unavailable event is: 422 with error_code 1020 (`game_closed`). */
export function refusedAsUnavailable(status: number, body: unknown): boolean {
  return status === 422 && (body as { error_code?: unknown } | null)?.error_code === 1020;
}

/** A GET route of the OpenAPI document with its query parameters. */
export interface GetRoute {
  path: string;
  query: { name: string; schema: unknown; required: boolean }[];
}

interface OpenApiLike {
  paths?: Record<
    string,
    Record<string, { parameters?: { in?: string; name?: string; required?: boolean; schema?: unknown }[] }>
  >;
}

/** Every GET route of the document (item 8), with its declared query parameters. */
export function getRoutes(doc: unknown): GetRoute[] {
  const out: GetRoute[] = [];
  for (const [path, methods] of Object.entries((doc as OpenApiLike).paths ?? {})) {
    const get = methods['get'];
    if (!get) continue;
    const query = (get.parameters ?? [])
      .filter((p) => p.in === 'query' && p.name)
      .map((p) => ({ name: p.name as string, schema: p.schema ?? { type: 'string' }, required: p.required === true }));
    out.push({ path, query });
  }
  return out;
}

/** A cross-site GET of a route, as another site's page would send it (link, image, form), with every query parameter. */
export function crossSiteGet(route: GetRoute, headers: Record<string, string>, brandQuery: string): MalformedRequest {
  const params = new URLSearchParams(brandQuery.replace(/^\?/, ''));
  for (const q of route.query) {
    const v = sampleValue(q.schema as Parameters<typeof sampleValue>[0]);
    params.set(q.name, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const qs = params.toString();
  return {
    category: 'shape',
    description: 'cross-site GET',
    method: 'GET',
    path: `${route.path.replace(/\{[^}]+\}/g, '1')}${qs ? `?${qs}` : ''}`,
    headers: {
      ...headers,
      origin: 'https://attacker.example',
      referer: 'https://attacker.example/page',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    },
    body: undefined,
  };
}

/** A raw HTTP/1.1 exchange (item 18): what fetch cannot send, a bad path encoding or a malformed header. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The framework-level requests of item 18, as raw request texts. */
export function frameworkRequests(host: string): { description: string; raw: string }[] {
  const end = 'Connection: close\r\n\r\n';
  return [
    { description: 'GET /%ff (a path that is not UTF-8)', raw: `GET /%ff HTTP/1.1\r\nHost: ${host}\r\n${end}` },
    {
      description: 'GET /service-api/%E0%A4%A (a cut percent escape)',
      raw: `GET /service-api/%E0%A4%A HTTP/1.1\r\nHost: ${host}\r\n${end}`,
    },
    {
      description: 'a header line without a colon',
      raw: `GET /health HTTP/1.1\r\nHost: ${host}\r\nThis is not a header\r\n${end}`,
    },
    {
      description: 'a control character in a header value',
      raw: `GET /health HTTP/1.1\r\nHost: ${host}\r\nX-Bad: a\u0001b\r\n${end}`,
    },
    {
      description: 'a space before the colon of a header name',
      raw: `GET /health HTTP/1.1\r\nHost: ${host}\r\nX-Bad : 1\r\n${end}`,
    },
    {
      description: 'headers of 64 kB',
      raw: `GET /health HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'x'.repeat(64 * 1024)}\r\n${end}`,
    },
    {
      description: 'a Content-Length that is not a number',
      raw: `POST /web-api/user/auth HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: abc\r\n${end}`,
    },
  ];
}

/** Sends a raw request and reads the answer until the server closes (or 10 s pass). */
export function sendRaw(port: number, raw: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer in 10 s')), 10_000);
    socket.on('connect', () => socket.write(raw, 'latin1'));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e) => {
      clearTimeout(timer);
      if (chunks.length) finish();
      else reject(e);
    });
    socket.on('end', () => {
      clearTimeout(timer);
      finish();
    });
    function finish(): void {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = rest.join('\r\n\r\n');
      // A chunked answer: keep the chunks' data only.
      if (headers['transfer-encoding'] === 'chunked') {
        let out = '';
        let restText = body;
        for (;;) {
          const nl = restText.indexOf('\r\n');
          const size = parseInt(restText.slice(0, nl), 16);
          if (!Number.isFinite(size) || size <= 0) break;
          out += restText.slice(nl + 2, nl + 2 + size);
          restText = restText.slice(nl + 2 + size + 2);
        }
        body = out;
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body });
    }
  });
}

/** The security headers every answer carries (item 18): the ones the platform sets on each of its answers. */
export const SECURITY_HEADERS = ['x-content-type-options', 'content-security-policy', 'referrer-policy'] as const;
