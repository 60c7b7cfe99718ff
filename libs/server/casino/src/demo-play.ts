import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { invalidField } from '@tessera/server/api-errors';
import {
  casinoGame,
  FairRandom,
  GameInputError,
  hashServerSeed,
  newClientSeed,
  newServerSeed,
} from '@tessera/server/casino-games';
import type { CasinoDemoRound } from '@tessera/shared/contract-api';
import { casinoRefusal } from './casino-refusals';

/** What a demo hand carries between decisions, sealed so the player cannot read the coming cards. */
interface DemoState {
  gameId: string;
  serverSeed: string;
  clientSeed: string;
  bet: Record<string, unknown>;
  actions: string[];
}

function refuseInput<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof GameInputError) throw casinoRefusal('invalid_bet', error.message, error.field);
    throw error;
  }
}

/**
 * Demo play (README, "Demo play"): the same games and the same provably fair stream with play money that never
 * touches the ledger or the database. Every demo round has a fresh server seed, revealed when the round ends; an
 * open blackjack hand travels as a token sealed with AES-256-GCM under a key derived from the server key, so the
 * server keeps nothing and the player cannot read the shoe.
 */
export class DemoPlay {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = createHash('sha256').update(`casino-demo:${secretKey}`).digest();
  }

  private seal(state: DemoState): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  private open(token: string): DemoState {
    try {
      const raw = Buffer.from(token, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as DemoState;
    } catch {
      throw invalidField('token', 'not a demo hand of this server');
    }
  }

  private answer(state: DemoState): CasinoDemoRound {
    const game = casinoGame(state.gameId);
    if (!game) throw casinoRefusal('game_not_found', `there is no game ${state.gameId}`);
    const random = new FairRandom({ serverSeed: state.serverSeed, clientSeed: state.clientSeed, nonce: 0 });
    const serverSeedHash = hashServerSeed(state.serverSeed);
    if (game.kind === 'instant') {
      const { win, outcome } = game.play(random, state.bet);
      const stake = game.check(state.bet).stake;
      return {
        gameId: game.info.id,
        status: 'settled',
        stake,
        win,
        step: 0,
        outcome: outcome as Record<string, unknown>,
        token: null,
        serverSeedHash,
        serverSeed: state.serverSeed,
        clientSeed: state.clientSeed,
      };
    }
    const replayed = refuseInput(() => game.replay(random, state.bet, state.actions));
    const view = game.view(replayed) as { totalStake: number };
    const win = game.settledWin(replayed);
    const settled = win !== undefined;
    return {
      gameId: game.info.id,
      status: settled ? 'settled' : 'open',
      stake: view.totalStake,
      win: win ?? null,
      step: state.actions.length,
      outcome: view as unknown as Record<string, unknown>,
      token: settled ? null : this.seal(state),
      serverSeedHash,
      serverSeed: settled ? state.serverSeed : null,
      clientSeed: state.clientSeed,
    };
  }

  /** Plays an instant round or deals a hand, with play money. */
  play(gameId: string, bet: unknown): CasinoDemoRound {
    const game = casinoGame(gameId);
    if (!game) throw casinoRefusal('game_not_found', `there is no game ${gameId}`);
    const checked = refuseInput(() => game.check(bet));
    return this.answer({
      gameId,
      serverSeed: newServerSeed(),
      clientSeed: newClientSeed(),
      bet: checked.bet,
      actions: [],
    });
  }

  /** One decision in a demo hand, named by the token its last answer carried. */
  act(token: string, action: string): CasinoDemoRound {
    const state = this.open(token);
    const game = casinoGame(state.gameId);
    if (!game || game.kind !== 'stepped') throw invalidField('token', 'not an open demo hand');
    const random = new FairRandom({ serverSeed: state.serverSeed, clientSeed: state.clientSeed, nonce: 0 });
    const before = refuseInput(() => game.replay(random, state.bet, state.actions));
    refuseInput(() => game.extraStake(before, action));
    return this.answer({ ...state, actions: [...state.actions, action] });
  }
}
