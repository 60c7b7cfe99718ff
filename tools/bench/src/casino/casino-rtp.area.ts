// Casino RTP (issue 15): every in-house game played ≥ 10 million rounds on the fast path (engine and provably fair
// stream, no database) and its measured return set beside the theoretical one with a 95% confidence interval. The
// budgeted figure is the distance in standard errors: a correct game passes 3.29 (the 99.9% two-sided bound), so a
// real fault in a paytable, a reel strip or the RNG shows while chance almost never does.
import { randomBytes } from 'node:crypto';
import type { BenchContext } from '../harness/context';
import { figure, type Figure } from '../harness/figure';
import { BENCH_GAMES, confidence95, playRounds, standardErrors } from './casino-rtp';

const AREA = 'casino';

/** One line of the area's help. */
export const description =
  'in-house casino games: measured RTP over 10 million rounds each beside the exact one, with 95% CI';

/** Rounds per game: 10 million unless BENCH_CASINO_ROUNDS says otherwise (a quick look). */
const ROUNDS = Math.max(1000, Number(process.env['BENCH_CASINO_ROUNDS'] ?? 10_000_000) || 10_000_000);
/** Two-sided 99.9%: a correct game exceeds it once in a thousand runs. */
const MAX_STANDARD_ERRORS = 3.29;

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)}%`;

/** Plays every game and reports measured beside theoretical RTP. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const serverSeed = randomBytes(32).toString('hex');
  ctx.note(AREA, `server seed of this run ${serverSeed}, client seed "bench", nonces 0 to ${ROUNDS - 1} per game`);
  const figures: Figure[] = [];
  for (const game of BENCH_GAMES) {
    ctx.log(`casino: ${game.info.id}, ${ROUNDS.toLocaleString('en')} rounds`);
    const sample = playRounds(game, ROUNDS, serverSeed);
    // Let the harness's other work (logging, signals) run between games.
    await new Promise((resolve) => setImmediate(resolve));
    const ci = confidence95(sample);
    const z = standardErrors(sample);
    ctx.note(
      AREA,
      `${game.info.id}: theoretical ${pct(sample.theoretical)} (${sample.source}), measured ${pct(sample.mean)}, ` +
        `95% CI ${pct(ci.low)} to ${pct(ci.high)}, ${sample.rounds.toLocaleString('en')} rounds (${game.how}), ` +
        `${Math.round(sample.rounds / sample.seconds).toLocaleString('en')} rounds per CPU second`,
    );
    figures.push(
      figure({
        area: AREA,
        name: `${game.info.id}: measured RTP`,
        value: Number((sample.mean * 100).toFixed(4)),
        unit: '%',
        notes: `theoretical ${pct(sample.theoretical, 4)} (${sample.source}); 95% CI ${pct(ci.low)}–${pct(ci.high)}; ${sample.rounds.toLocaleString('en')} rounds; ${game.how}`,
      }),
      figure({
        area: AREA,
        name: `${game.info.id}: distance from theoretical RTP`,
        value: Number(z.toFixed(2)),
        unit: 'standard errors',
        budget: MAX_STANDARD_ERRORS,
        meaning: 'a correct game stays within 3.29 standard errors of its theoretical RTP in 999 runs of 1,000',
      }),
      figure({
        area: AREA,
        name: `${game.info.id}: rounds per CPU second`,
        value: Math.round(sample.rounds / sample.seconds),
        unit: 'rounds/s',
        better: 'higher',
      }),
    );
  }
  return figures;
}
