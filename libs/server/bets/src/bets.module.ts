import type { AccountsLogger } from '@tessera/server/accounts';
import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import type { JobQueue } from '@tessera/server/jobs';
import type { StakeGate } from './bets.service';
import {
  createBettingService,
  vipDeskFor,
  type VipDeskChoice,
  type BettingLine,
  type BettingLogger,
  type BettingService,
} from './betting.service';
import { createBettorLookup, type BettorLookup } from './bettor.service';
import type { VipBetDesk } from './vip-desk';

/** What {@link createBetsModule} needs: the server's parts, its job queue and the line. */
export interface BetsModuleOptions {
  database: Database;
  /** The server's job queue (its owner starts and stops it): held bets' decisions wait in it (README, deferred work). */
  jobs: JobQueue;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  /** The running line: the feed service's read model and its change listeners. */
  feed: BettingLine;
  /** The server key the accounts module signs user tokens with. */
  secretKey?: string;
  clock?: () => Date;
  log: BettingLogger & AccountsLogger;
  /** The cookie that remembers the country a visitor chose (apps/api's site context). */
  countryCookie: string;
  /**
   * The trading desk that decides VIP bets (ADR 0136). Default: the development desk outside production (decisions
   * after VIP_DESK_DECISION_MS, default 3 s) and none in production, where MakeBetBidWeb answers 503 until the
   * operator's desk is plugged in; `null` means none.
   */
  vipDesk?: VipBetDesk | null;
  /** Checks asked before a stake is written (player protection, verification). */
  stakeGates?: readonly StakeGate[];
}

/** The bets of a server: the calls its routes make and who is betting. */
export interface BetsModule {
  betting: BettingService;
  lookup: BettorLookup;
}

/** `VIP_DESK` (console, development or none) as a choice; anything else is a start-up error, unset is the default. */
export function vipDeskChoice(value: string | undefined): VipDeskChoice | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'console' || value === 'development' || value === 'none') return value;
  throw new Error(`VIP_DESK must be console, development or none, not ${JSON.stringify(value)}`);
}

/** Builds the bets from the server's settings: the bettor lookup and the betting service with its desk and gates. */
export function createBetsModule(options: BetsModuleOptions): BetsModule {
  const clock = options.clock ?? (() => new Date());
  const lookup = createBettorLookup({ ...options, clock });
  const betting = createBettingService({
    db: options.database,
    jobs: options.jobs,
    line: options.feed,
    clock,
    log: options.log,
    vipDesk: vipDeskFor(
      options.mode,
      options.vipDesk,
      Number(process.env['VIP_DESK_DECISION_MS']),
      vipDeskChoice(process.env['VIP_DESK']),
    ),
    stakeGates: options.stakeGates,
  });
  return { betting, lookup };
}
