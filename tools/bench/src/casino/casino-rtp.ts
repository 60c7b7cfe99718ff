// The fast path of the casino RTP bench: each game's engine played in a loop on the real provably fair stream
// (HMAC-SHA256, one nonce per round), no database, no ledger. Returns what the figures need.
import {
  basicStrategy,
  blackjack,
  blackjackAct,
  blackjackDeal,
  crash,
  europeanRoulette,
  everyRouletteBet,
  FairRandom,
  playCrash,
  playRoulette,
  playSlot,
  Shoe,
  SLOTS,
  toNumber,
  type GameInfo,
  type RouletteBet,
} from '@tessera/server/casino-games';

/** What a run of one game measured. The return of a round is what came back per base stake. */
export interface RtpSample {
  gameId: string;
  /** What the bench played, in words (stake, bet, strategy). */
  how: string;
  rounds: number;
  /** Mean return per base stake: the measured RTP. */
  mean: number;
  /** Standard deviation of one round's return. */
  sd: number;
  /** The theoretical RTP and how it is known. */
  theoretical: number;
  source: GameInfo['rtpSource'];
  /** CPU seconds spent playing. */
  seconds: number;
}

/** The 95% confidence interval of the mean (normal approximation: n is in the millions). */
export function confidence95(sample: Pick<RtpSample, 'mean' | 'sd' | 'rounds'>): { low: number; high: number } {
  const half = (1.959964 * sample.sd) / Math.sqrt(sample.rounds);
  return { low: sample.mean - half, high: sample.mean + half };
}

/** How many standard errors the measured mean lies from the theoretical RTP. */
export function standardErrors(sample: Pick<RtpSample, 'mean' | 'sd' | 'rounds' | 'theoretical'>): number {
  return Math.abs(sample.mean - sample.theoretical) / (sample.sd / Math.sqrt(sample.rounds));
}

type Round = (random: FairRandom, i: number) => number;

interface BenchGame {
  info: GameInfo;
  how: string;
  round: Round;
}

const rouletteBets: RouletteBet[][] = everyRouletteBet().map((b) => [{ ...b, amount: 1 }]);

/** Every in-house game as the bench plays it. */
export const BENCH_GAMES: BenchGame[] = [
  ...SLOTS.map((game): BenchGame => ({
    info: game.info,
    how: `stake ${game.slot.lines.length} (1 per line)`,
    round: (random) => playSlot(game.slot, random, game.slot.lines.length).win / game.slot.lines.length,
  })),
  {
    info: blackjack.info,
    how: 'basic strategy, insurance never taken; return per base bet (doubles and splits count in the win and loss)',
    round: (random) => {
      const shoe = new Shoe(random);
      let state = blackjackDeal(shoe, 2);
      while (state.phase !== 'settled') state = blackjackAct(shoe, state, basicStrategy(state));
      return 1 + ((state.settlement?.win ?? 0) - state.totalStake) / 2;
    },
  },
  {
    info: europeanRoulette.info,
    how: `one bet per spin, cycling through all ${rouletteBets.length} bets of the table`,
    round: (random, i) => playRoulette(random, rouletteBets[i % rouletteBets.length] as RouletteBet[]).win,
  },
  {
    info: crash.info,
    how: 'target 2.00×, stake 100',
    round: (random) => playCrash(random, 100, 200).win / 100,
  },
];

/** Plays `rounds` rounds of a game under one server seed, nonces 0 to rounds − 1. */
export function playRounds(game: BenchGame, rounds: number, serverSeed: string): RtpSample {
  let n = 0;
  let mean = 0;
  let m2 = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < rounds; i += 1) {
    const x = game.round(new FairRandom({ serverSeed, clientSeed: 'bench', nonce: i }), i);
    // Welford: a stable running mean and variance over millions of rounds.
    n += 1;
    const delta = x - mean;
    mean += delta / n;
    m2 += delta * (x - mean);
  }
  const used = process.cpuUsage(cpu);
  return {
    gameId: game.info.id,
    how: game.how,
    rounds: n,
    mean,
    sd: n > 1 ? Math.sqrt(m2 / (n - 1)) : 0,
    theoretical: toNumber(game.info.rtp),
    source: game.info.rtpSource,
    seconds: (used.user + used.system) / 1e6,
  };
}
