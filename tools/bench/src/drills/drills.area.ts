// Reliability drills: malformed input, a crash in the middle of money movement, API restarts, and the site during
// an API outage. Each drill reports what it exercised and what it could not yet.
import type { BenchContext } from '../harness/context';
import type { Figure } from '../harness/figure';
import { notMeasured } from '../harness/figure';
import { badInputDrill } from './bad-input.drill';
import { crashApiDrill } from './crash-api.drill';
import { crashDrill } from './crash.drill';
import { outageDrill } from './outage.drill';
import { restartDrill } from './restart.drill';

/** One line of the area's help. */
export const description =
  'drills: bad input to every write endpoint, SIGKILL mid money movement, restart, API outage in the browser';

/** Runs every drill; a drill that throws is reported and the others still run. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const out: Figure[] = [];
  const postgres = await ctx.postgresReachable();
  const drills: [string, () => Promise<Figure[]>][] = [
    ['bad input (pglite)', () => badInputDrill(ctx, 'pglite')],
    [
      'bad input (postgres)',
      () =>
        postgres
          ? badInputDrill(ctx, 'postgres')
          : Promise.resolve([notMeasured('drills', 'bad input (postgres)', 'PostgreSQL is not reachable')]),
    ],
    ['crash (API over HTTP)', () => crashApiDrill(ctx)],
    ['crash (ledger worker)', () => crashDrill(ctx)],
    ['restart (pglite)', () => restartDrill(ctx, 'pglite')],
    ['restart (postgres)', () => (postgres ? restartDrill(ctx, 'postgres') : Promise.resolve([]))],
    ['outage', () => outageDrill(ctx)],
  ];
  // BENCH_DRILLS=bad-input,crash runs some drills only (their names start with these words).
  const only = (process.env['BENCH_DRILLS'] ?? '').split(',').filter(Boolean);
  for (const [name, drill] of drills) {
    if (only.length && !only.some((o) => name.startsWith(o.replace(/-/g, ' ')))) continue;
    ctx.log(`drill: ${name}`);
    try {
      out.push(...(await drill()));
    } catch (error) {
      // A drill that cannot run is a failure of the drill, reported as such (the run exits non-zero).
      out.push({
        area: 'drills',
        name: `${name}: drill ran to the end`,
        value: 0,
        unit: 'yes=1',
        budget: 1,
        better: 'higher',
        pass: false,
        measured: true,
        notes: `the drill failed: ${failure(error)}`,
      });
    }
  }
  return out;
}

/** The first line of an error, with its cause (fetch's "fetch failed" says why only in `cause`: refused, timed out …). */
function failure(error: unknown): string {
  const line = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split('\n')[0] ?? '';
  if (!(error instanceof Error) || error.cause === undefined) return line(error);
  const cause = error.cause as { code?: unknown };
  return `${line(error)} (${typeof cause.code === 'string' ? `${cause.code}: ` : ''}${line(error.cause)})`;
}
