// Bad-input drill: thousands of malformed requests to every write endpoint the OpenAPI document lists, anonymous and
// signed in; no answer may be 5xx, every refusal must have the spec's error shape, and (on PostgreSQL, where the
// database can be read from outside) no table may change apart from those that change on their own.
import { nextClientAddress } from '../api/load';
import { fetchOpenApi, isWrite, operations, takesNoInput } from '../api/openapi';
import type { BenchContext } from '../harness/context';
import { figure, notMeasured, type Figure } from '../harness/figure';
import type { ApiProcess, Engine } from '../harness/servers';
import { changedTables, fingerprint, type Fingerprint } from './fingerprint';
import { errorShapeProblem, malformedRequests, type MalformedRequest } from './malformed';

const AREA = 'drills';
const CONCURRENCY = 16;
/**
 * Tables whose purpose is to record refused attempts (lockout counters, the security log): a malformed sign-in
 * must land there, so a change in them is reported but is not a failure (docs/adr/0093).
 */
export const AUDIT_TABLES = ['accounts_attempts', 'accounts_security_events'];
/** Requests per endpoint and identity; every category is kept (the list is shuffled). */
const PER_ENDPOINT = Math.max(20, Number(process.env['BENCH_BAD_INPUT_PER_ENDPOINT'] ?? 150) || 150);

/** The feed simulator's clock stopped, so the feed tables do not change under the fingerprint. */
const FROZEN_FEED = { FEED_SPEED: '0' };

interface Finding {
  request: MalformedRequest;
  status: number;
  problem: string;
}

/** A signed-in session (cookie) on a brand that offers fast registration, or why there is none. */
async function signIn(api: ApiProcess): Promise<{ cookie: string; brand: string } | string> {
  const ready = (await (await fetch(`${api.baseUrl}/ready`)).json()) as { brands?: { valid?: { id: string }[] } };
  for (const { id } of ready.brands?.valid ?? []) {
    const res = await fetch(`${api.baseUrl}/web-api/user/registration?brand=${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientAddress() },
      body: JSON.stringify({ variant: 'fast', age_confirmed: true }),
    });
    if (res.status !== 201) continue;
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    if (cookie) return { cookie, brand: id };
  }
  return 'no brand let the drill open an account (fast registration), so signed-in endpoints were tried anonymously only';
}

async function send(api: ApiProcess, r: MalformedRequest): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${api.baseUrl}${r.path}`, {
    method: r.method,
    headers: { ...r.headers, 'x-forwarded-for': nextClientAddress() },
    ...(r.body !== undefined ? { body: r.body } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the shape check reports it.
  }
  return { status: res.status, body };
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

function describeFinding(f: Finding): string {
  return `${f.request.method} ${f.request.path.split('?')[0]} [${f.request.category}: ${f.request.description.slice(0, 60)}] → ${f.status} ${f.problem}`;
}

/** Runs the drill on one engine. */
export async function badInputDrill(ctx: BenchContext, engine: Engine): Promise<Figure[]> {
  const label = `bad input (${engine})`;
  let schema: { schema: string; url: string; plainUrl: string } | undefined;
  let api: ApiProcess;
  if (engine === 'postgres') {
    const s = await ctx.postgresSchema('badinput');
    schema = { schema: s.schema, url: s.url, plainUrl: s.url.split('?')[0] ?? s.url };
    api = await ctx.startApi({ name: 'bad-input-postgres', engine, databaseUrl: s.url, env: FROZEN_FEED });
  } else {
    api = await ctx.startApi({ name: 'bad-input-pglite', engine, env: FROZEN_FEED });
  }
  try {
    const doc = await fetchOpenApi(api.baseUrl);
    const writes = operations(doc).filter(isWrite);
    if (writes.length === 0) return [notMeasured(AREA, `${label}: every write endpoint`, 'the OpenAPI document lists no write endpoint')];

    const session = await signIn(api);
    const brand = typeof session === 'string' ? undefined : session.brand;
    const query = brand ? `?brand=${brand}` : '';
    const requests: MalformedRequest[] = [];
    writes.forEach((op, i) => {
      const path = `${op.path.replace(/\{[^}]+\}/g, '1')}${query}`;
      const anonymous = malformedRequests({ method: op.method, path, bodySchema: op.bodySchema, seed: 1000 + i }).slice(0, PER_ENDPOINT);
      requests.push(...anonymous);
      // Endpoints without a body (or whose body admits no parameters) take no input to damage; signed in they would
      // act (sign out, ...) and change data, and a sign-out would leave the rest of the run anonymous.
      if (typeof session !== 'string' && op.bodySchema !== undefined && !takesNoInput(op.bodySchema)) {
        const headers = { cookie: session.cookie, origin: api.baseUrl };
        requests.push(...malformedRequests({ method: op.method, path, bodySchema: op.bodySchema, seed: 2000 + i, headers }).slice(0, PER_ENDPOINT));
      }
    });
    if (typeof session === 'string') ctx.note(AREA, `${label}: ${session}`);

    // Tables that change on their own (the feed simulator, sessions touched by a signed-in read) are found in a
    // control window of the same length with only harmless signed-in reads, and left out of the comparison.
    let before: Fingerprint | undefined;
    let background: string[] = [];
    if (schema) {
      const first = await fingerprint(schema.plainUrl, schema.schema);
      const controlUntil = Date.now() + 5_000;
      while (Date.now() < controlUntil) {
        await fetch(`${api.baseUrl}/web-api/user/session${query}`, { headers: typeof session === 'string' ? {} : { cookie: session.cookie } });
        await new Promise((r) => setTimeout(r, 100));
      }
      before = await fingerprint(schema.plainUrl, schema.schema);
      background = changedTables(first, before);
    }

    const findings: Finding[] = [];
    const accepted: Finding[] = [];
    let serverErrors = 0;
    let shapeErrors = 0;
    const started = Date.now();
    await pool(requests, CONCURRENCY, async (r) => {
      let status: number;
      let body: unknown;
      try {
        ({ status, body } = await send(api, r));
      } catch (error) {
        serverErrors++;
        findings.push({ request: r, status: 0, problem: `no answer: ${error instanceof Error ? error.message : String(error)}` });
        return;
      }
      if (status >= 500) {
        serverErrors++;
        findings.push({ request: r, status, problem: 'server error' });
      } else if (status >= 200 && status < 300) {
        accepted.push({ request: r, status, problem: 'accepted' });
      } else {
        const problem = errorShapeProblem(body);
        if (problem) {
          shapeErrors++;
          findings.push({ request: r, status, problem });
        }
      }
    });
    const seconds = (Date.now() - started) / 1000;
    const alive = await fetch(`${api.baseUrl}/ready`).then((r) => r.status === 200, () => false);

    const out: Figure[] = [
      figure({ area: AREA, name: `${label}: malformed requests sent`, value: requests.length, unit: 'requests', notes: `${writes.length} write endpoints, ${seconds.toFixed(1)} s` }),
      figure({ area: AREA, name: `${label}: 5xx or no answer`, value: serverErrors, unit: 'answers', budget: 0 }),
      figure({ area: AREA, name: `${label}: refusals without the error shape`, value: shapeErrors, unit: 'answers', budget: 0 }),
      figure({
        area: AREA,
        name: `${label}: malformed requests accepted (2xx)`,
        value: accepted.length,
        unit: 'answers',
        ...(accepted.length ? { notes: accepted.slice(0, 3).map(describeFinding).join('; ') } : {}),
      }),
      figure({ area: AREA, name: `${label}: server ready afterwards`, value: alive ? 1 : 0, unit: 'yes=1', budget: 1, better: 'higher' }),
    ];
    for (const f of findings.slice(0, 8)) ctx.note(AREA, `${label} finding: ${describeFinding(f)}`);
    if (accepted.length) {
      const byEndpoint = new Map<string, number>();
      for (const a of accepted) {
        const key = `${a.request.method} ${a.request.path.split('?')[0]}${a.request.headers['cookie'] ? ' (signed in)' : ''} [${a.request.category}]`;
        byEndpoint.set(key, (byEndpoint.get(key) ?? 0) + 1);
      }
      ctx.note(AREA, `${label} accepted (2xx): ${[...byEndpoint].map(([k, n]) => `${k} × ${n}`).join('; ')}`);
    }
    if (schema && before) {
      const after = await fingerprint(schema.plainUrl, schema.schema);
      const all = changedTables(before, after).filter((t) => !background.includes(t));
      const audit = all.filter((t) => AUDIT_TABLES.includes(t));
      const changed = all.filter((t) => !AUDIT_TABLES.includes(t));
      out.push(
        figure({
          area: AREA,
          name: `${label}: audit tables that recorded the refused attempts`,
          value: audit.length,
          unit: 'tables',
          notes: `expected (docs/adr/0093): ${AUDIT_TABLES.join(', ')} record refused sign-ins for lockout and the security log${audit.length ? `; changed: ${audit.join(', ')}` : ''}`,
        }),
      );
      out.push(
        figure({
          area: AREA,
          name: `${label}: tables changed by the malformed requests`,
          value: changed.length,
          unit: 'tables',
          budget: 0,
          notes: `${Object.keys(after).length} tables fingerprinted (row count + md5 of rows)${changed.length ? `; changed: ${changed.join(', ')}` : ''}${background.length ? `; left out (change on their own): ${background.join(', ')}` : ''}`,
        }),
      );
    } else {
      out.push(notMeasured(AREA, `${label}: tables changed by the malformed requests`, 'the embedded database lives inside the API process and cannot be read from outside while it runs; checked on PostgreSQL'));
    }
    return out;
  } finally {
    await api.stop();
  }
}
