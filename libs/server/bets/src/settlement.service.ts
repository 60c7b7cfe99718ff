import type { Database } from '@tessera/server/db';
import { settleBet, type BetOutcome } from '@tessera/server/ledger';
import type { BettingTaxConfig } from '@tessera/sportsbook/util-coupon';
import type { LineModel } from './line.port';
import { settle, type SelectionResult, type SettledStatus } from './bet-maths';
import {
  findBet,
  findSelections,
  gamesWithStoredResults,
  markSettled,
  recordResults,
  waitingAutoBets,
} from './bets.repository';

/** A change of the line as the feed reports it (the feed module's FeedChange fits): finished games and odds moves matter here. */
export interface LineChange {
  kind: string;
  gameId?: number;
  outcomeId?: string;
  new?: number;
}

/** Where settlement logs. */
export interface SettlementLogger {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** What settlement needs. */
export interface SettlementContext {
  db: Database;
  clock: () => Date;
  log: SettlementLogger;
}

/** The recurring look at waiting auto-bets (its queue: migration 0810). */
export const AUTO_BET_SWEEP_JOB = 'bets.auto-bet';
/** How often one server looks at the waiting auto-bets. */
export const AUTO_BET_SWEEP_MS = 2_000;

const ledgerOutcome: Record<SettledStatus, BetOutcome> = {
  won: 'won',
  lost: 'lost',
  returned: 'returned',
  half_won: 'half-won',
  half_lost: 'half-lost',
};

/** The results of a game's outcomes as the read model holds them right after `game.finished`. */
export function resultsOf(model: LineModel, gameId: number): Map<string, SelectionResult> {
  const results = new Map<string, SelectionResult>();
  const entry = model.games.get(gameId);
  for (const market of entry?.markets ?? []) {
    for (const outcome of market.outcomes)
      if (outcome.result) results.set(outcome.id, outcome.result as SelectionResult);
  }
  return results;
}

/**
 * Settles bets from the feed's results (ADR 0122). Work runs one item at a time on a queue: a game's results are
 * recorded on its open selections, then every bet touched is settled in its own transaction that marks the row and
 * posts the ledger's `settleBet` together, so a bet pays exactly once. On start-up a sweep settles what the feed
 * stored while the API was down. Held auto-bets whose game ended are returned; also watches odds for them.
 */
export class BetSettlement {
  private chain: Promise<unknown> = Promise.resolve();
  /** Auto-bets waiting for their coefficient, by outcome id. */
  private readonly autoBets = new Map<string, Array<{ betId: string; cf: number }>>();

  constructor(private readonly ctx: SettlementContext) {}

  /** Runs work after everything queued before it; errors are logged, never thrown at the feed. */
  enqueue<T>(work: () => Promise<T>): Promise<T | undefined> {
    const next = this.chain.then(work).catch((err: unknown) => {
      this.ctx.log.error({ err }, 'bet settlement failed');
      return undefined;
    });
    this.chain = next;
    return next;
  }

  /** Resolves when everything queued so far is done. */
  async idle(): Promise<void> {
    await this.chain;
  }

  /** The feed's change listener: finished games are settled, odds moves may accept auto-bets. */
  onFeedChanges(changes: readonly LineChange[], model: LineModel): void {
    for (const change of changes) {
      if (change.kind === 'finished' && change.gameId !== undefined) {
        const gameId = change.gameId;
        const results = resultsOf(model, gameId);
        void this.enqueue(() => this.settleGame(gameId, results, 'returned'));
      } else if (
        change.kind === 'odds' &&
        this.autoBets.size > 0 &&
        change.outcomeId !== undefined &&
        change.new !== undefined
      ) {
        const { outcomeId, new: odds } = change;
        const waiting = this.autoBets.get(outcomeId);
        if (!waiting) continue;
        const reached = waiting.filter((w) => odds >= w.cf);
        if (reached.length === 0) continue;
        this.autoBets.set(
          outcomeId,
          waiting.filter((w) => odds < w.cf),
        );
        const live = change.gameId !== undefined && model.games.get(change.gameId)?.game.status === 'live';
        for (const bet of reached) void this.enqueue(() => this.acceptAutoBet(bet.betId, bet.cf, live));
      }
    }
  }

  /** Follows a new auto-bet's outcome. */
  watchAutoBet(bet: { betId: string; outcomeId: string; cf: number }): void {
    this.autoBets.set(bet.outcomeId, [...(this.autoBets.get(bet.outcomeId) ?? []), { betId: bet.betId, cf: bet.cf }]);
  }

  /** Start-up: settles games the feed stored results for, and reloads the waiting auto-bets. */
  async sweep(): Promise<number> {
    let settled = 0;
    for (const game of await gamesWithStoredResults(this.ctx.db)) {
      settled += await this.settleGame(game.gameId, new Map(Object.entries(game.outcomes)), 'returned');
    }
    for (const bet of await waitingAutoBets(this.ctx.db)) this.watchAutoBet(bet);
    return settled;
  }

  /** Records a game's results on its open selections and settles every bet that is now decided; answers how many. */
  async settleGame(
    gameId: number,
    results: ReadonlyMap<string, SelectionResult>,
    fallback: SelectionResult,
  ): Promise<number> {
    const betIds = await recordResults(this.ctx.db, gameId, results, fallback);
    let settled = 0;
    for (const id of betIds) if (await this.settleOne(id)) settled += 1;
    return settled;
  }

  /** Settles one bet if its results decide it; false when it is not decided yet or was already closed. */
  async settleOne(betId: string): Promise<boolean> {
    const at = this.ctx.clock();
    return this.ctx.db.transaction(async (tx) => {
      const bet = await findBet(tx, betId, true);
      if (!bet || (bet.status !== 'accepted' && bet.status !== 'waiting')) return false;
      const selections = await findSelections(tx, [betId]);
      if (bet.status === 'waiting') {
        // A held bet whose game ended was never accepted: an auto-bet or a live bet in its hold gets its stake back,
        // a VIP bid or an advance bet not yet covered moved no money.
        if (!selections.some((s) => s.result !== null)) return false;
        const staked = bet.holdReason !== 'vipApproval' && bet.holdReason !== 'advance';
        if (
          !(await markSettled(tx, betId, {
            status: 'rejected',
            payout: staked ? bet.stake - bet.stakeTax : 0,
            payoutTax: 0,
            at,
          }))
        )
          return false;
        if (staked) await settleBet(tx, { betGuid: bet.ledgerGuid, outcome: 'returned', at });
        return true;
      }
      const taxes = bet.details['taxes'] as BettingTaxConfig | undefined;
      const outcome = settle(
        {
          kind: bet.kind,
          systemK: bet.systemK,
          netStake: bet.stake - bet.stakeTax,
          coef: bet.coef,
          boostPercent: bet.boostPercent,
          selections,
        },
        taxes,
      );
      if (!outcome.done) return false;
      if (bet.details['insurance'] && (outcome.status === 'lost' || outcome.status === 'half_lost')) {
        // Insured (README, "Bet insurance"): the bet lost, and the insurance pays its stake after tax back from the stake held.
        if (
          !(await markSettled(tx, betId, {
            status: outcome.status,
            payout: bet.stake - bet.stakeTax,
            payoutTax: 0,
            at,
          }))
        )
          return false;
        await settleBet(tx, { betGuid: bet.ledgerGuid, outcome: 'returned', at });
        return true;
      }
      const winning = outcome.status === 'won' || outcome.status === 'half_won';
      const payoutTax = winning ? outcome.payoutTax : 0;
      if (
        !(await markSettled(tx, betId, {
          status: outcome.status,
          payout: outcome.grossReturn - payoutTax,
          payoutTax,
          at,
        }))
      )
        return false;
      await settleBet(tx, {
        betGuid: bet.ledgerGuid,
        outcome: ledgerOutcome[outcome.status],
        payout: outcome.grossReturn,
        payoutTax,
        at,
      });
      return true;
    });
  }

  /**
   * The feed reached an auto-bet's coefficient: it stands at that coefficient from now on; on a game now live, only
   * where the bettor may bet live (ADR 0190), else it keeps waiting and is returned when the game ends.
   */
  /**
   * The auto-bets' look on one server per interval (job `bets.auto-bet`, ADR 0366): every waiting auto-bet whose
   * outcome's odds in this server's line reached its coefficient is accepted. The odds watch above runs only on the
   * server that took the bet (or loaded it at start-up); this look finds the bets of a server that stopped or died.
   */
  async acceptReached(model: LineModel): Promise<number> {
    let accepted = 0;
    for (const bet of await waitingAutoBets(this.ctx.db)) {
      const entry = model.games.get(bet.gameId);
      const odds = entry?.outcomeById.get(bet.outcomeId)?.outcome.odds;
      if (odds === undefined || odds < bet.cf) continue;
      if (await this.acceptAutoBet(bet.betId, bet.cf, entry?.game.status === 'live')) accepted += 1;
    }
    return accepted;
  }

  private async acceptAutoBet(betId: string, cf: number, live: boolean): Promise<boolean> {
    return this.ctx.db.transaction(async (tx) => {
      const updated = await tx.query(
        `update bets set status = 'accepted' where id = $1 and status = 'waiting' and hold_reason = 'autoBet'
           and not ($2::boolean and coalesce((details->>'liveOff')::boolean, false)) returning id`,
        [betId, live],
      );
      if (updated.rows.length !== 1) return false;
      await tx.query(`update bet_selections set coef = $2 where bet_id = $1`, [betId, cf]);
      return true;
    });
  }
}
