// Live configuration (issue 14, ADRs 0310 and 0355): the time from a console change being published to it being
// served by ANOTHER running production server on the same PostgreSQL database. Budget p99 ≤ 5 s; the target is 1 s.
// A compliance officer signs in on server A over HTTP (password, TOTP enrolment) and publishes through the console's
// API; server B, which only hears of the change through the database (LISTEN/NOTIFY, 2 s poll behind it), is polled.
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { createOperator } from '@tessera/server/backoffice';
import { createPostgresDatabase } from '@tessera/server/db';
import { Secret, TOTP } from 'otpauth';
import type { BenchContext } from '../harness/context';
import { benchBrandsDir } from '../harness/bench-brands';
import { figure, notMeasured, sampled, type Figure } from '../harness/figure';
import { DEFAULT_POSTGRES_URL } from '../harness/postgres';
import { roundRatios } from '../harness/rounds';
import { median, percentile } from '../harness/stats';

const AREA = 'console';
const BRAND = 'rhein-wetten';
const COUNTRY = 'at';
/** The bench's two servers (issue 14's ports for this area); BENCH_CONSOLE_PORTS=a,b to move them. */
const PORTS = (process.env['BENCH_CONSOLE_PORTS'] ?? '5260,5261').split(',').map(Number);
/** Publishes per round (BENCH_CONSOLE_PUBLISHES); each flips the switch, so every one is a change B must pick up. */
const PUBLISHES = Number(process.env['BENCH_CONSOLE_PUBLISHES'] ?? 20);
/** Config reads on B before each publish: the baseline, a round trip of the very call that is polled. */
const READS_PER_PUBLISH = 5;
/** How often B is asked while waiting. */
const POLL_MS = 5;
/** Give up on a publish after this long: far past the budget, reported as such. */
const GIVE_UP_MS = 15_000;

/** One line of the area's help. */
export const description =
  'live configuration: publish through the console API on one server to served by another (PostgreSQL LISTEN/NOTIFY), p50 and p99, beside a config read';

const siteConfigUrl = (baseUrl: string) => `${baseUrl}/web-api/site-config?brand=${BRAND}&country=${COUNTRY}&lng=de`;

/** The value of the switch the server serves now, or undefined when it did not answer 200. */
async function served(baseUrl: string): Promise<boolean | undefined> {
  const res = await fetch(siteConfigUrl(baseUrl), { signal: AbortSignal.timeout(2_000) });
  if (res.status !== 200) return undefined;
  const body = (await res.json()) as { config?: { coupon?: { features?: { sale?: boolean } } } };
  return body.config?.coupon?.features?.sale;
}

/** Milliseconds from `since` until the server serves `expected` (asked every POLL_MS), or Infinity past GIVE_UP_MS. */
async function until(baseUrl: string, expected: boolean, since: number): Promise<number> {
  while (performance.now() - since < GIVE_UP_MS) {
    if ((await served(baseUrl).catch(() => undefined)) === expected) return performance.now() - since;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return Number.POSITIVE_INFINITY;
}

/** An operator's console session on one server, over HTTP as the console's pages call it. */
class ConsoleClient {
  private cookie = '';
  constructor(private readonly baseUrl: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/backoffice/api/${path}`, {
      method,
      headers: {
        // The console's writes must name its exact origin (apps/api backoffice plugin).
        origin: this.baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('tessera_op='));
    if (set) this.cookie = set.split(';')[0] ?? '';
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} /backoffice/api/${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A first sign-in: password, then the authenticator enrolment with a code computed from the key. */
  async signInFirstTime(email: string, password: string): Promise<void> {
    const { stage } = await this.call<{ stage: string }>('POST', 'session', { email, password });
    if (stage !== 'totp-enrol') throw new Error(`first sign-in stage ${stage}`);
    const { secret } = await this.call<{ secret: string }>('POST', 'session/totp/enrol', {});
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    await this.call('POST', 'session/totp', { code });
  }
}

/** Runs the figures: two API processes on one fresh schema; publishes on A, reads and waits on B. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const name = 'publish on A to served by B, p99';
  if (!(await ctx.postgresReachable()))
    return [
      notMeasured(AREA, name, 'no PostgreSQL reachable (several servers need a shared database)', {
        unit: 's',
        budget: 5,
      }),
    ];
  const schema = await ctx.postgresSchema('console');
  const a = await ctx.startApi({ name: 'console-a', engine: 'postgres', databaseUrl: schema.url, port: PORTS[0] });
  const b = await ctx.startApi({ name: 'console-b', engine: 'postgres', databaseUrl: schema.url, port: PORTS[1] });
  // The first operator, as `npx tessera operator create` makes it (the same library call, on the servers' schema).
  const db = await createPostgresDatabase({ connectionString: DEFAULT_POSTGRES_URL, schema: schema.schema });
  let operator: { email: string; password: string };
  try {
    const registry = await loadBrandRegistry({ brandsDir: benchBrandsDir(ctx.root), displayRoot: ctx.root });
    const email = `bench-compliance-${Date.now()}@ops.example`;
    const made = await createOperator(
      { db, registry, clock: () => new Date() },
      { email, role: 'compliance', brands: [BRAND] },
      { cli: 'bench' },
    );
    operator = { email, password: made.initialPassword };
  } finally {
    await db.close();
  }
  try {
    const officer = new ConsoleClient(a.baseUrl);
    await officer.signInFirstTime(operator.email, operator.password);
    let sale = (await served(b.baseUrl)) ?? true;
    const p99s: number[] = [];
    const p50s: number[] = [];
    const reads: number[] = [];
    const publishes: number[] = [];
    const all: number[] = [];
    for (let round = 0; round < ctx.rounds; round++) {
      const times: number[] = [];
      const readTimes: number[] = [];
      const publishTimes: number[] = [];
      for (let i = 0; i < PUBLISHES; i++) {
        // Baseline, right beside each publish: the round trip of B's config read, the call the wait polls.
        for (let r = 0; r < READS_PER_PUBLISH; r++) {
          const t0 = performance.now();
          await served(b.baseUrl);
          readTimes.push(performance.now() - t0);
        }
        sale = !sale;
        const { draft } = await officer.call<{ draft: { id: string } }>('POST', 'config/drafts', {
          brand: BRAND,
          country: COUNTRY,
          data: { coupon: { features: { sale } } },
        });
        // From the moment the publish is sent: the officer's click, A's checks, audit and commit, B's delivery.
        const since = performance.now();
        const waiting = until(b.baseUrl, sale, since);
        await officer.call('POST', `config/drafts/${draft.id}/publish`, {
          reason: `bench round ${round + 1}, change ${i + 1}`,
        });
        publishTimes.push(performance.now() - since);
        times.push(await waiting);
      }
      p99s.push(percentile(times, 99) / 1000);
      p50s.push(percentile(times, 50) / 1000);
      reads.push(median(readTimes));
      publishes.push(median(publishTimes));
      all.push(...times);
      ctx.log(
        `console: round ${round + 1} of ${ctx.rounds}: served by B p50 ${percentile(times, 50).toFixed(0)} ms, ` +
          `p99 ${percentile(times, 99).toFixed(0)} ms; publish answer ${median(publishTimes).toFixed(0)} ms; ` +
          `config read ${median(readTimes).toFixed(1)} ms`,
      );
    }
    ctx.note(
      AREA,
      `${ctx.rounds} rounds of ${PUBLISHES} publishes of ${BRAND}'s coupon.features.sale for ${COUNTRY.toUpperCase()} ` +
        `(each flips it), each by a compliance officer signed in on server A (:${a.port}) through the console API ` +
        `(draft, then publish with a reason); timed from sending the publish until server B (:${b.port}, same ` +
        `PostgreSQL schema, told only through the database) answers /web-api/site-config with the new value, asked ` +
        `every ${POLL_MS} ms. Baseline: B's /web-api/site-config round trip, ${READS_PER_PUBLISH} reads before each publish.`,
    );
    const p50Ms = p50s.map((s) => s * 1000);
    return [
      sampled({
        area: AREA,
        name,
        rounds: p99s,
        unit: 's',
        budget: 5,
        meaning:
          'a published console change is served by every running server within 5 s (issue 14); the target is 1 s',
        notes: `all ${all.length} publishes: max ${(Math.max(...all) / 1000).toFixed(3)} s; ${all.filter((t) => t > 1000).length} above the 1 s target`,
      }),
      sampled({ area: AREA, name: 'publish on A to served by B, p50', rounds: p50s, unit: 's' }),
      sampled({ area: AREA, name: 'publish answered by A (console API), median', rounds: publishes, unit: 'ms' }),
      sampled({ area: AREA, name: 'baseline: config read on B, median', rounds: reads, unit: 'ms' }),
      sampled({
        area: AREA,
        name: 'publish to served p50 ÷ config read',
        rounds: roundRatios(p50Ms, reads),
        unit: '×',
        notes: 'how many of B’s own config round trips a change takes to reach it (information)',
      }),
      figure({
        area: AREA,
        name: 'publishes not served within 15 s',
        value: all.filter((t) => !Number.isFinite(t)).length,
        unit: 'count',
        budget: 0,
      }),
    ];
  } finally {
    await a.stop();
    await b.stop();
  }
}
