// The casino area of `npm run bench -- casino` (issue 15): the in-house games' RTP over 10 million rounds each
// (casino-rtp.area.ts), a slot spin's round trip over HTTP on PostgreSQL at 500 spins/s (casino-spin.ts) and the
// lobby with 1,000 games on the phone profile (casino-lobby.ts). BENCH_CASINO_PARTS (rtp,spin,lobby) runs some.
import type { BenchContext } from '../harness/context';
import type { Figure } from '../harness/figure';
import { lobbyFigures } from './casino-lobby';
import * as rtp from './casino-rtp.area';
import { spinFigures } from './casino-spin';

/** One line of the area's help. */
export const description =
  'casino: in-house games RTP over 10 million rounds each; slot spin p50/p99 over HTTP on PostgreSQL at 500 spins/s; lobby LCP/CLS with 1,000 games (phone)';

const PARTS = {
  rtp: (ctx: BenchContext) => rtp.run(ctx),
  spin: spinFigures,
  lobby: lobbyFigures,
} as const;

/** The parts to run: BENCH_CASINO_PARTS (comma-separated), all by default. */
export function partsFrom(text: string | undefined): (keyof typeof PARTS)[] {
  const all = Object.keys(PARTS) as (keyof typeof PARTS)[];
  if (!text) return all;
  const asked = text.split(',').map((s) => s.trim());
  const unknown = asked.filter((p) => !(p in PARTS));
  if (unknown.length) throw new Error(`BENCH_CASINO_PARTS: unknown part ${unknown.join(', ')} (${all.join(', ')})`);
  return asked as (keyof typeof PARTS)[];
}

/** Runs the parts asked for, in order. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const part of partsFrom(process.env['BENCH_CASINO_PARTS'])) figures.push(...(await PARTS[part](ctx)));
  return figures;
}
