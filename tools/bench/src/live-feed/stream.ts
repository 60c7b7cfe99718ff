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
    odds: [1.2 + random() * 4, 2.5 + random() * 2, 1.2 + random() * 4].map((o) => Math.round(o * 100) / 100) as [
      number,
      number,
      number,
    ],
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

/** Outcome codes of the 1X2 market, in the order of {@link BenchGame.odds}. */
export const OUTCOME_CODES = ['home', 'draw', 'away'] as const;

/** The feed's id of a game's 1X2 market (`<gameId>:1x2`, as the API names it). */
export function marketIdOf(gameId: number): string {
  return `${gameId}:1x2`;
}

/** One odds delta as the push channel sends it (FeedChange of kind 'odds'). */
export interface WireOddsChange {
  kind: 'odds';
  gameId: number;
  marketId: string;
  outcomeId: string;
  old: number;
  new: number;
}

/** A push message with the changes of one batch. */
export interface WireDelta {
  type: 'delta';
  seq: number;
  version: number;
  changes: WireOddsChange[];
}

/**
 * Encodes a batch as the text the server's push channel sends (`{"type":"delta","seq",...}`), tracking the current
 * prices in `prices` (mutated) so every change carries its old and new price. Every renderer receives this text.
 */
export function deltaMessage(
  games: BenchGame[],
  prices: number[][],
  batch: OddsChange[],
  seq: number,
  version: number,
): string {
  const changes: WireOddsChange[] = [];
  for (const c of batch) {
    const g = games[c.game];
    const row = prices[c.game];
    if (!g || !row) continue;
    const old = row[c.outcome] ?? c.price;
    row[c.outcome] = c.price;
    const marketId = marketIdOf(g.id);
    changes.push({
      kind: 'odds',
      gameId: g.id,
      marketId,
      outcomeId: `${marketId}:${OUTCOME_CODES[c.outcome]}`,
      old,
      new: c.price,
    });
  }
  const message: WireDelta = { type: 'delta', seq, version, changes };
  return JSON.stringify(message);
}
