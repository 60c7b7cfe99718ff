import { ApiError, invalidField } from '@tessera/server/api-errors';
import {
  casinoGame,
  FairRandom,
  GameInputError,
  hashServerSeed,
  isValidClientSeed,
  newClientSeed,
  newServerSeed,
  type CasinoGame,
  type CheckedBet,
} from '@tessera/server/casino-games';
import type { Database, Queryable } from '@tessera/server/db';
// The slot rules of the player's jurisdiction (UKGC-SLOT-1, DEGGL-SLOT-1/2), checked inside the round's transaction.
import { enforceSlotRules, type SlotRulesFor } from './jurisdiction-rules';
import { InsufficientFundsError } from '@tessera/server/ledger';
import { lockStakeUsage } from '@tessera/server/responsible';
import {
  advanceNonce,
  findActiveSeed,
  findRound,
  findSeed,
  hasOpenRound,
  insertRound,
  insertSeed,
  listOpenRounds,
  listRounds,
  lockActiveSeed,
  revealSeed,
  updateRound,
  type RoundRow,
  type SeedRow,
} from './casino.repository';
import { casinoRefusal } from './casino-refusals';
import { canonicalJson, gameOf, recomputeRound, type Recomputed } from './recompute-round';
import { postHold, postInstantRound, postSettlement, requireBalance, type CasinoPlayer } from './round-ledger';
import { checkStakeUsage, combineGateAnswers, type CasinoGateAnswer, type CasinoStakeCeilings } from './stake-usage';

/**
 * A check asked before a round's stake is taken (player protection's limits and locks, identity verification): an
 * ApiError refuses the stake with nothing written; undefined lets it through; ceilings let it through to be checked
 * against the player's running usage in the round's transaction (ADR 0295). The same shape as bet placement's gates.
 */
export type CasinoStakeGate = (input: {
  accountId: string;
  brandId: string;
  currency: string;
  stakeMinor: number;
}) => Promise<CasinoGateAnswer>;

/** What {@link CasinoRounds} needs. */
export interface CasinoRoundsOptions {
  db: Database;
  clock?: () => Date;
  /** Asked before every stake: the opening one and each a decision adds (a double, a split, insurance). */
  stakeGates?: readonly CasinoStakeGate[];
  /** The slot rules of the player's brand and country (jurisdiction-rules.ts): shortest spin, largest stake. */
  slotRules?: SlotRulesFor;
  /**
   * Test seam for crash drills: runs inside a round's database transaction after its money is posted and before the
   * round row is written; a throw rolls both back, as a process dying there would.
   */
  faults?: { afterPosting?: (roundId: string) => void | Promise<void> };
}

/** The active seed pair as the player sees it: the server seed's hash only. */
export interface SeedView {
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round takes. */
  nextNonce: number;
}

/** A pair revealed by rotation: everything needed to check every round played under it. */
export interface RevealedSeed {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Rounds played under it (nonces 0 to rounds − 1). */
  rounds: number;
  revealedAt: string;
}

/** A round as the player sees it (an open blackjack hand hides the dealer's hole card). */
export interface RoundView {
  roundId: string;
  gameId: string;
  status: 'open' | 'settled';
  /** Everything staked so far, minor units. */
  stake: number;
  /** Paid back, minor units; null while open. */
  win: number | null;
  currency: string;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  /** Decisions taken so far: the `step` the next decision names. */
  step: number;
  outcome: unknown;
  createdAt: string;
  settledAt: string | null;
  /** True when this answers a retried request with the round as first stored. */
  replayed: boolean;
}

/** What {@link CasinoRounds.verify} found. */
export interface RoundVerification {
  roundId: string;
  gameId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  bet: Record<string, unknown>;
  actions: string[];
  stored: { win: number | null; outcome: unknown };
  recomputed: Recomputed;
  /** The hash matches and the recomputed win and outcome equal the stored ones. */
  verified: boolean;
}

const roundIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * How often {@link CasinoRounds} looks for the player's active pair again when other requests rotated it meanwhile:
 * each retry means another of the player's requests committed a rotation, so this bounds a burst, not a wait.
 */
const SEED_LOCK_ATTEMPTS = 64;

function checkRoundId(roundId: unknown): string {
  if (typeof roundId !== 'string' || !roundIdPattern.test(roundId))
    throw invalidField('roundId', 'a round id is 8 to 64 letters, digits, hyphens or underscores');
  return roundId;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

function randomOf(seed: SeedRow, nonce: number): FairRandom {
  return new FairRandom({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce });
}

function gameInput<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof GameInputError) throw casinoRefusal('invalid_bet', error.message, error.field);
    throw error;
  }
}

async function heldStake<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw casinoRefusal('above_balance', `the stake is above the balance of ${error.available} minor units`);
    throw error;
  }
}

/**
 * Rounds of the in-house games on the ledger (README): provably fair seed pairs per player, a round per client round
 * id (a retry answers the stored round), stakes through the stake gates, instant rounds as one ledger transaction,
 * blackjack hands holding their stakes until settled and resumable after any interruption, and verification of any
 * round from its revealed seed.
 */
export class CasinoRounds {
  private readonly clock: () => Date;

  constructor(private readonly options: CasinoRoundsOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  private get db(): Database {
    return this.options.db;
  }

  /**
   * The active pair locked for this transaction, opened on the player's first round. On PostgreSQL a transaction
   * that waited for the lock finds no row when the holder rotated the pair (the row it waited for is revealed, and
   * the holder's new pair is not in this statement's snapshot); the insert then meets that new pair, and the next
   * statement sees it, unless a third transaction rotated it in between. Each turn of the loop either locks, opens,
   * or found a pair another request committed: it ends once the player's concurrent rotations have.
   */
  private async lockSeed(tx: Queryable, userId: string, clientSeed?: string): Promise<SeedRow> {
    for (let attempt = 0; attempt < SEED_LOCK_ATTEMPTS; attempt++) {
      const active = await lockActiveSeed(tx, userId);
      if (active) return active;
      const serverSeed = newServerSeed();
      const inserted = await insertSeed(tx, {
        userId,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        clientSeed: clientSeed ?? newClientSeed(),
        at: this.clock(),
      });
      if (inserted) return inserted;
    }
    throw new Error(`no active casino seed for ${userId} after ${SEED_LOCK_ATTEMPTS} attempts`);
  }

  /** The player's active pair: the hash of the server seed, the client seed and the next nonce. */
  async seed(userId: string): Promise<SeedView> {
    const found = await findActiveSeed(this.db, userId);
    const seed = found ?? (await this.db.transaction((tx) => this.lockSeed(tx, userId)));
    return { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nextNonce: seed.nextNonce };
  }

  /**
   * Ends the active pair and reveals its server seed; the next pair starts at nonce 0 with the client seed given (or a
   * random one). Refused while a round under the active pair is open: its remaining cards would be known.
   */
  async rotateSeed(userId: string, clientSeed?: string): Promise<{ revealed: RevealedSeed; next: SeedView }> {
    if (clientSeed !== undefined && !isValidClientSeed(clientSeed))
      throw invalidField('clientSeed', 'a client seed is 1 to 64 printable characters without spaces');
    return this.db.transaction(async (tx) => {
      const active = await this.lockSeed(tx, userId);
      if (await hasOpenRound(tx, userId, active.id))
        throw casinoRefusal('round_open', 'finish the open round before changing seeds');
      const at = this.clock();
      await revealSeed(tx, active.id, at);
      const next = await this.lockSeed(tx, userId, clientSeed);
      return {
        revealed: {
          serverSeed: active.serverSeed,
          serverSeedHash: active.serverSeedHash,
          clientSeed: active.clientSeed,
          rounds: active.nextNonce,
          revealedAt: at.toISOString(),
        },
        next: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nextNonce: next.nextNonce },
      };
    });
  }

  /** Asks the gates about a stake: throws a refusal; answers the ceilings to check when the stake is taken. */
  private async gate(player: CasinoPlayer, stake: number): Promise<CasinoStakeCeilings | undefined> {
    const answers: CasinoGateAnswer[] = [];
    for (const gate of this.options.stakeGates ?? []) {
      const answer = await gate({
        accountId: player.userId,
        brandId: player.brandId,
        currency: player.currency,
        stakeMinor: stake,
      });
      if (answer instanceof ApiError) throw answer;
      answers.push(answer);
    }
    const counted = combineGateAnswers(answers);
    return counted instanceof ApiError ? undefined : counted;
  }

  /** The player's view of a round; `source` is its seed pair, or where to read it (the open transaction, if any). */
  private async view(row: RoundRow, replayed: boolean, source: SeedRow | Queryable = this.db): Promise<RoundView> {
    const pair = 'serverSeed' in source ? source : await findSeed(source, row.seedId);
    if (!pair) throw new Error(`round ${row.id} names no seed`);
    let outcome = row.outcome;
    if (row.status === 'open') {
      const game = gameOf(row.gameId);
      if (game.kind === 'stepped') outcome = game.view(game.replay(randomOf(pair, row.nonce), row.bet, row.actions));
    }
    return {
      roundId: row.id,
      gameId: row.gameId,
      status: row.status,
      stake: row.stake,
      win: row.win,
      currency: row.currency,
      nonce: row.nonce,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      step: row.actions.length,
      outcome,
      createdAt: row.createdAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
      replayed,
    };
  }

  /** The stored round answering a retried play, or round_id_taken when the id names another round. */
  private async replay(
    stored: RoundRow,
    player: CasinoPlayer,
    gameId: string,
    checked: CheckedBet,
    q: Queryable = this.db,
  ): Promise<RoundView> {
    if (
      stored.userId !== player.userId ||
      stored.gameId !== gameId ||
      stored.currency !== player.currency ||
      canonicalJson(stored.bet) !== canonicalJson(checked.bet)
    )
      throw casinoRefusal('round_id_taken', `round ${stored.id} was played with another bet`);
    return this.view(stored, true, q);
  }

  /**
   * Plays a round: an instant game to its end (stake and win in one ledger transaction), or a blackjack deal (its
   * stake held; settled at once when a blackjack ends the hand). A retry with the same round id answers the stored
   * round and moves no money.
   */
  async play(player: CasinoPlayer, request: { roundId: string; gameId: string; bet: unknown }): Promise<RoundView> {
    const roundId = checkRoundId(request.roundId);
    const game: CasinoGame | undefined = casinoGame(request.gameId);
    if (!game) throw casinoRefusal('game_not_found', `there is no game ${request.gameId}`);
    const checked = gameInput(() => game.check(request.bet));
    const stored = await findRound(this.db, roundId);
    if (stored) return this.replay(stored, player, request.gameId, checked);
    const counted = await this.gate(player, checked.stake);
    try {
      return await this.db.transaction(async (tx) => {
        const seed = await this.lockSeed(tx, player.userId);
        const raced = await findRound(tx, roundId);
        if (raced) return this.replay(raced, player, request.gameId, checked, tx);
        // Wager and loss limits under the player's usage lock, before the balance is locked (ADR 0295).
        if (counted) await checkStakeUsage(tx, player.userId, counted, checked.stake);
        const nonce = seed.nextNonce;
        const random = randomOf(seed, nonce);
        const at = this.clock();
        const row: RoundRow = {
          id: roundId,
          userId: player.userId,
          brandId: player.brandId,
          currency: player.currency,
          gameId: game.info.id,
          seedId: seed.id,
          nonce,
          bet: checked.bet,
          actions: [],
          stake: checked.stake,
          win: null,
          status: 'open',
          outcome: null,
          createdAt: at,
          settledAt: null,
        };
        // The slot rules of the player's jurisdiction, under the seed lock: two spins sent at once are ordered.
        await enforceSlotRules(tx, this.options.slotRules, { player, game, stakeMinor: checked.stake, at });
        if (game.kind === 'instant') {
          await requireBalance(tx, player, checked.stake);
          const { win, outcome } = game.play(random, checked.bet);
          await postInstantRound(tx, player, { id: roundId, gameId: row.gameId, stake: checked.stake, win, at });
          Object.assign(row, { win, outcome, status: 'settled', settledAt: at });
        } else {
          const state = game.replay(random, checked.bet, []);
          await heldStake(() =>
            postHold(tx, player, { roundId, gameId: row.gameId, step: 0, amount: checked.stake, at }),
          );
          const win = game.settledWin(state);
          if (win !== undefined) {
            await postSettlement(tx, player, { id: roundId, gameId: row.gameId, staked: checked.stake, win, at });
            Object.assign(row, { win, outcome: game.view(state), status: 'settled', settledAt: at });
          }
        }
        await this.options.faults?.afterPosting?.(roundId);
        await insertRound(tx, row, counted?.periods);
        await advanceNonce(tx, seed.id, nonce + 1);
        return this.view(row, false, seed);
      });
    } catch (error) {
      // The same round id committed by another request (another player's, or a race this lock did not cover).
      if (!isUniqueViolation(error)) throw error;
      const winner = await findRound(this.db, roundId);
      if (!winner) throw error;
      return this.replay(winner, player, request.gameId, checked);
    }
  }

  /**
   * One decision in an open round, named by the step it is taken at (the number of decisions before it): a retry of
   * the same step answers the round as it stands; another decision at a step already taken is round_step_mismatch.
   * A double, split or insurance holds its extra stake; the decision that ends the hand settles it.
   */
  async act(player: CasinoPlayer, request: { roundId: string; step: number; action: string }): Promise<RoundView> {
    const roundId = checkRoundId(request.roundId);
    if (!Number.isSafeInteger(request.step) || request.step < 0)
      throw invalidField('step', 'step is the number of decisions taken before this one');
    const settledAnswer = (row: RoundRow, q: Queryable): Promise<RoundView> | undefined => {
      if (row.actions.length > request.step) {
        if (row.actions[request.step] === request.action) return this.view(row, true, q);
        throw casinoRefusal('round_step_mismatch', `step ${request.step} was ${row.actions[request.step]}`);
      }
      if (row.status === 'settled') throw casinoRefusal('round_settled', `round ${row.id} is settled`);
      if (row.actions.length < request.step)
        throw casinoRefusal('round_step_mismatch', `the round is at step ${row.actions.length}`);
      return undefined;
    };
    const stored = await findRound(this.db, roundId);
    if (!stored || stored.userId !== player.userId) throw casinoRefusal('round_not_found', `no round ${roundId}`);
    const early = settledAnswer(stored, this.db);
    if (early) return early;
    const game = gameOf(stored.gameId);
    if (game.kind !== 'stepped') throw casinoRefusal('round_settled', `round ${roundId} is settled`);
    const seed = await findSeed(this.db, stored.seedId);
    if (!seed) throw new Error(`round ${roundId} names no seed`);
    const before = game.replay(randomOf(seed, stored.nonce), stored.bet, stored.actions);
    const extra = gameInput(() => game.extraStake(before, request.action));
    const counted = extra > 0 ? await this.gate(player, extra) : undefined;
    return this.db.transaction(async (tx) => {
      await lockActiveSeed(tx, player.userId);
      const row = await findRound(tx, roundId, true);
      if (!row) throw casinoRefusal('round_not_found', `no round ${roundId}`);
      const answered = settledAnswer(row, tx);
      if (answered) return answered;
      // The usage row before the balance rows (ADR 0295): checked against the limits for an extra stake, else locked.
      if (counted) await checkStakeUsage(tx, player.userId, counted, extra);
      else await lockStakeUsage(tx, player.userId);
      const actions = [...row.actions, request.action];
      const state = gameInput(() => game.replay(randomOf(seed, row.nonce), row.bet, actions));
      const at = this.clock();
      const stake = row.stake + extra;
      if (extra > 0)
        await heldStake(() =>
          postHold(tx, player, { roundId, gameId: row.gameId, step: actions.length, amount: extra, at }),
        );
      const win = game.settledWin(state);
      if (win !== undefined)
        await postSettlement(tx, player, { id: roundId, gameId: row.gameId, staked: stake, win, at });
      await this.options.faults?.afterPosting?.(roundId);
      const next: RoundRow = {
        ...row,
        actions,
        stake,
        ...(win !== undefined
          ? { win, status: 'settled' as const, outcome: game.view(state), settledAt: at }
          : { win: null, status: 'open' as const }),
      };
      await updateRound(tx, next);
      return this.view(next, false, seed);
    });
  }

  /** A round of the player's, as it stands (a reloaded page resumes an open hand from this). */
  async round(userId: string, roundId: string): Promise<RoundView> {
    const row = await findRound(this.db, checkRoundId(roundId));
    if (!row || row.userId !== userId) throw casinoRefusal('round_not_found', `no round ${roundId}`);
    return this.view(row, false);
  }

  /** The player's open rounds, oldest first. */
  async openRounds(userId: string): Promise<RoundView[]> {
    const rows = await listOpenRounds(this.db, userId);
    return Promise.all(rows.map((r) => this.view(r, false)));
  }

  /** The player's rounds newest first (casino history), `limit` at most 100, after the `before` round when given. */
  async history(userId: string, options: { limit?: number; before?: string } = {}): Promise<RoundView[]> {
    const limit = Math.min(100, Math.max(1, options.limit ?? 20));
    const anchor = options.before ? await findRound(this.db, checkRoundId(options.before)) : undefined;
    const rows = await listRounds(this.db, userId, {
      limit,
      ...(anchor && anchor.userId === userId ? { before: { createdAt: anchor.createdAt, id: anchor.id } } : {}),
    });
    return Promise.all(rows.map((r) => this.view(r, false)));
  }

  /**
   * Recomputes a settled round of the player's from its revealed seed and compares it with what was stored and paid.
   * Before rotation the seed is secret: seed_not_revealed.
   */
  async verify(userId: string, roundId: string): Promise<RoundVerification> {
    const row = await findRound(this.db, checkRoundId(roundId));
    if (!row || row.userId !== userId) throw casinoRefusal('round_not_found', `no round ${roundId}`);
    const seed = await findSeed(this.db, row.seedId);
    if (!seed) throw new Error(`round ${roundId} names no seed`);
    if (!seed.revealedAt)
      throw casinoRefusal('seed_not_revealed', 'rotate the seed pair to reveal the server seed of this round');
    const recomputed = recomputeRound({
      gameId: row.gameId,
      serverSeed: seed.serverSeed,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nonce: row.nonce,
      bet: row.bet,
      actions: row.actions,
    });
    return {
      roundId: row.id,
      gameId: row.gameId,
      serverSeed: seed.serverSeed,
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nonce: row.nonce,
      bet: row.bet,
      actions: row.actions,
      stored: { win: row.win, outcome: row.outcome },
      recomputed,
      verified:
        recomputed.hashMatches &&
        recomputed.win === row.win &&
        canonicalJson(recomputed.outcome) === canonicalJson(row.outcome),
    };
  }
}
