// The live-feed workload shared by every renderer: 1,000 games with three prices each and a seeded stream of
// price changes delivered in batches, as a socket would deliver them.
import { seededRandom } from '../drills/malformed';

/** One game row of the benchmark. */
export interface BenchGame {
  id: number;
  name: string;
  odds: [number, number, number];
}

/** One price change: game index, outcome (0..2), new price. */
export interface OddsChange {
  game: number;
  outcome: 0 | 1 | 2;
  price: number;
}

/** The initial games. */
export function initialGames(count: number, seed = 1): BenchGame[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: 100_000 + i,
    name: `Team ${i * 2 + 1} – Team ${i * 2 + 2}`,
    odds: [1.2 + random() * 4, 2.5 + random() * 2, 1.2 + random() * 4].map((o) => Math.round(o * 100) / 100) as [number, number, number],
  }));
}

/** `count` changes over `games` games, reproducible for a seed; prices move by up to ±5 % and stay ≥ 1.01. */
export function changeBatch(games: number, count: number, random: () => number): OddsChange[] {
  return Array.from({ length: count }, () => ({
    game: Math.floor(random() * games),
    outcome: Math.floor(random() * 3) as 0 | 1 | 2,
    price: Math.max(1.01, Math.round((1.2 + random() * 5) * 100) / 100),
  }));
}
