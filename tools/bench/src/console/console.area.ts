// Live configuration (issue 14, ADR 0310): the time from a console change being published to it being served, on two
// running production servers sharing one PostgreSQL database. Budget p99 ≤ 5 s; the target is 1 s.
import { randomUUID } from 'node:crypto';
import { type ConfigContext, createConsoleDraft, publishConsoleDraft, type Actor } from '@tessera/server/backoffice';
import { loadBrandRegistry } from '@tessera/server/brand-registry';
import { createPostgresDatabase } from '@tessera/server/db';
import type { BenchContext } from '../harness/context';
import { benchBrandsDir } from '../harness/bench-brands';
import { figure, notMeasured, sampled, type Figure } from '../harness/figure';
import { DEFAULT_POSTGRES_URL } from '../harness/postgres';
import { percentile } from '../harness/stats';

const AREA = 'console';
const BRAND = 'rhein-wetten';
const COUNTRY = 'at';
/** Publishes per round; each flips the switch, so every one is a change both servers must pick up. */
const PUBLISHES = 10;
/** Give up on one server after this long: far past the budget, reported as such. */
const GIVE_UP_MS = 15_000;

/** One line of the area's help. */
export const description =
  'live configuration: publish to served on two running servers (PostgreSQL LISTEN/NOTIFY), p50 and p99';

async function served(baseUrl: string): Promise<boolean | undefined> {
  const res = await fetch(`${baseUrl}/web-api/site-config?brand=${BRAND}&country=${COUNTRY}&lng=de`, {
    signal: AbortSignal.timeout(2_000),
  });
  if (res.status !== 200) return undefined;
  const body = (await res.json()) as { config?: { coupon?: { features?: { sale?: boolean } } } };
  return body.config?.coupon?.features?.sale;
}

/** Milliseconds from `since` until the server serves `expected` (polled every 10 ms), or Infinity past GIVE_UP_MS. */
async function until(baseUrl: string, expected: boolean, since: number): Promise<number> {
  while (Date.now() - since < GIVE_UP_MS) {
    if ((await served(baseUrl).catch(() => undefined)) === expected) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 10));
  }
  return Number.POSITIVE_INFINITY;
}

/** Runs the figure: two API processes on one schema, a compliance officer's switch published again and again. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const name = 'publish to served on 2 servers, p99';
  if (!(await ctx.postgresReachable()))
    return [
      notMeasured(AREA, name, 'no PostgreSQL reachable (several servers need a shared database)', {
        unit: 's',
        budget: 5,
      }),
    ];
  const schema = await ctx.postgresSchema('console');
  const first = await ctx.startApi({ name: 'console-a', engine: 'postgres', databaseUrl: schema.url });
  const second = await ctx.startApi({ name: 'console-b', engine: 'postgres', databaseUrl: schema.url });
  const db = await createPostgresDatabase({
    connectionString: DEFAULT_POSTGRES_URL,
    schema: schema.schema,
    maxConnections: 2,
  });
  try {
    // The operator publishing: a row as `tessera operator create` writes it (the console's sign-in is not measured).
    const now = new Date();
    const operator = {
      id: randomUUID(),
      email: `bench-compliance-${randomUUID().slice(0, 6)}@ops.example`,
      role: 'compliance' as const,
      brands: ['*'],
    };
    await db.query(
      `insert into backoffice_operators (id, email, password_hash, role, brands, created_at, updated_at)
       values ($1, $2, 'not used', $3, $4, $5, $5)`,
      [operator.id, operator.email, operator.role, operator.brands, now],
    );
    const actor: Actor = {
      operator: { ...operator, disabled: false, totpEnrolled: true, createdAt: now, lastSignInAt: now },
      sessionId: randomUUID(),
      origin: { ip: '127.0.0.1', userAgent: 'bench' },
    };
    // The publishing side is the console's own code (checks, preview, audit, NOTIFY in the transaction).
    const registry = await loadBrandRegistry({ brandsDir: benchBrandsDir(ctx.root), displayRoot: ctx.root });
    const config: ConfigContext = { db, clock: () => new Date(), registry };
    let sale = (await served(first.baseUrl)) ?? true;
    const perRound: number[] = [];
    const p50s: number[] = [];
    const all: number[] = [];
    for (let round = 0; round < ctx.rounds; round++) {
      const times: number[] = [];
      for (let i = 0; i < PUBLISHES; i++) {
        sale = !sale;
        const draft = await createConsoleDraft(config, actor, {
          brand: BRAND,
          country: COUNTRY,
          data: { coupon: { features: { sale } } },
        });
        const published = await publishConsoleDraft(config, actor, draft.id, `bench round ${round + 1}, ${i + 1}`);
        // The change is committed when publish returns: from here both servers must serve it.
        const since = Date.now();
        const [a, b] = await Promise.all([until(first.baseUrl, sale, since), until(second.baseUrl, sale, since)]);
        times.push(Math.max(a, b));
        if (published.version === null) throw new Error('publish gave no version');
      }
      perRound.push(percentile(times, 99) / 1000);
      p50s.push(percentile(times, 50) / 1000);
      all.push(...times);
      ctx.log(`console: round ${round + 1} of ${ctx.rounds}: p99 ${percentile(times, 99)} ms`);
    }
    ctx.note(
      AREA,
      `${ctx.rounds} rounds of ${PUBLISHES} publishes of ${BRAND}'s coupon.features.sale for ${COUNTRY.toUpperCase()} (each flips it); ` +
        `the time from the publish's commit until both production servers (one PostgreSQL schema) answer /web-api/site-config with the new value, polled every 10 ms`,
    );
    return [
      sampled({
        area: AREA,
        name,
        rounds: perRound,
        unit: 's',
        budget: 5,
        meaning:
          'a published console change is served by every running server within 5 s (issue 14); the target is 1 s',
        notes: `all ${all.length} publishes: max ${(Math.max(...all) / 1000).toFixed(3)} s; ${all.filter((t) => t > 1000).length} above the 1 s target`,
      }),
      sampled({ area: AREA, name: 'publish to served on 2 servers, p50', rounds: p50s, unit: 's' }),
      figure({
        area: AREA,
        name: 'publishes not served within 15 s',
        value: all.filter((t) => !Number.isFinite(t)).length,
        unit: 'count',
        budget: 0,
      }),
    ];
  } finally {
    await db.close();
    await first.stop();
    await second.stop();
  }
}
