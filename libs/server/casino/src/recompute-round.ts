import { casinoGame, FairRandom, hashServerSeed, type CasinoGame } from '@tessera/server/casino-games';

/** Everything a round's result follows from, once the server seed is revealed. */
export interface RoundEvidence {
  gameId: string;
  serverSeed: string;
  /** The hash shown before the round. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  bet: Record<string, unknown>;
  /** A stepped game's decisions in order. */
  actions: readonly string[];
}

/** What a recomputation found. */
export interface Recomputed {
  /** The revealed seed hashes to the hash shown before the round. */
  hashMatches: boolean;
  /** Settled (or still open, for a stepped game short of decisions). */
  settled: boolean;
  win: number | null;
  outcome: unknown;
}

/** The game a round names, or an error (a stored round always names a known game). */
export function gameOf(gameId: string): CasinoGame {
  const game = casinoGame(gameId);
  if (!game) throw new Error(`unknown casino game ${gameId}`);
  return game;
}

/**
 * Recomputes a round from its evidence alone, as the verify page does: the same stream, the same draws, the same
 * decisions. Pure: the stored round is compared with this, never trusted.
 */
export function recomputeRound(evidence: RoundEvidence): Recomputed {
  const game = gameOf(evidence.gameId);
  const hashMatches = hashServerSeed(evidence.serverSeed) === evidence.serverSeedHash;
  const random = new FairRandom({
    serverSeed: evidence.serverSeed,
    clientSeed: evidence.clientSeed,
    nonce: evidence.nonce,
  });
  if (game.kind === 'instant') {
    const { win, outcome } = game.play(random, evidence.bet);
    return { hashMatches, settled: true, win, outcome };
  }
  const state = game.replay(random, evidence.bet, evidence.actions);
  const settled = state.phase === 'settled';
  return { hashMatches, settled, win: settled ? (state.settlement?.win ?? 0) : null, outcome: game.view(state) };
}

/** JSON with object keys sorted, so two outcomes compare by content. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
