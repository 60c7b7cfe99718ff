import type { Database } from '@tessera/server/db';
import type { JobQueue } from '@tessera/server/jobs';
import type {
  BetsHistoryRequest,
  BetsHistoryResponse,
  BetStatusRequest,
  BetStatusResponse,
  CouponEventsRequest,
  CouponResponse,
  DevFeedFinishRequest,
  DevFeedFinishResponse,
  GetAdvanceResponse,
  MakeBetBidRequest,
  MakeBetMultiRequest,
  MakeBetRequest,
  SaleBetRequest,
  SaleBetResponse,
  SaleInfoRequest,
  SaleInfoResponse,
  SaveCouponRequest,
  SaveCouponResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { AdvanceBets, advanceStanding, type AdvanceLogger } from './advance.service';
import { betsHistory, betStatus } from './bet-history.service';
import type { MakeBetResponse } from './bet-wire';
import type { BetRules } from './bets.config';
import {
  acceptedByPolicy,
  place,
  planMulti,
  planSingle,
  type Bettor,
  type PlacementContext,
  type StakeGate,
} from './bets.service';
import { couponLines, loadCoupon, saveCoupon, type CouponSite } from './coupon.service';
import type { ControllableFeed } from './dev-feed-control';
import type { LineModel } from './line.port';
import { LiveDelays, type LiveDelayLogger } from './live-delay.service';
import { answering, refusalAnswer } from './refusal-answer';
import { refusal } from './refusals';
import { saleInfo, sell } from './sale.service';
import {
  AUTO_BET_SWEEP_JOB,
  AUTO_BET_SWEEP_MS,
  BetSettlement,
  type LineChange,
  type SettlementLogger,
} from './settlement.service';
import { decideHeldVipBet, VipApprovals, type VipLogger } from './vip-approval.service';
import { ConsoleVipDesk, DevelopmentVipDesk, type VipBetDesk, type VipDecision } from './vip-desk';

/** The live line and its changes: the feed service of apps/api is one. */
export interface BettingLine {
  readonly model: LineModel;
  onChanges(listener: (changes: readonly LineChange[]) => void): unknown;
}

/** Where the bets services log (Fastify's logger is one). */
export type BettingLogger = SettlementLogger & VipLogger & LiveDelayLogger & AdvanceLogger;

/** What {@link createBettingService} needs. */
export interface BettingDependencies {
  db: Database;
  line: BettingLine;
  clock: () => Date;
  log: BettingLogger;
  /** The trading desk that decides VIP bets (ADR 0136), or null: then MakeBetBidWeb answers 503. See {@link vipDeskFor}. */
  vipDesk: VipBetDesk | null;
  /** Checks asked before a stake is written (player protection); see {@link StakeGate}. */
  stakeGates?: readonly StakeGate[];
}

/** The signed-in bettor and the rules of their brand and country. */
export interface BettorRules {
  bettor: Bettor;
  rules: BetRules;
}

/** Which trading desk a server runs (`VIP_DESK`): the console's traders, the development desk, or none. */
export type VipDeskChoice = 'console' | 'development' | 'none';

/**
 * The trading desk a server runs (ADR 0136, 0315): the one given (null: none); else the one `choice` names (VIP_DESK:
 * `console` for the operators' console, as a production server without a desk of its own sets); else the development
 * desk outside production (deciding after `decisionMs`, default 3 s) and none in production.
 */
export function vipDeskFor(
  mode: 'development' | 'test' | 'production',
  given: VipBetDesk | null | undefined,
  decisionMs?: number,
  choice?: VipDeskChoice,
): VipBetDesk | null {
  if (given !== undefined) return given;
  const chosen = choice ?? (mode === 'production' ? 'none' : 'development');
  if (chosen === 'none') return null;
  if (chosen === 'console') return new ConsoleVipDesk();
  return new DevelopmentVipDesk(
    decisionMs !== undefined && Number.isInteger(decisionMs) && decisionMs >= 0 ? { decisionMs } : {},
  );
}

/** The bets calls, each answering in the contract's shape or throwing an `ApiError` (refusals in the spec's shape). */
export interface BettingService {
  readonly settlement: BetSettlement;
  /** A trading desk decides VIP bets on this server. */
  readonly hasVipDesk: boolean;
  /**
   * A trader's decision on a held VIP bet, from the operators' console (`decideHeldVipBet`): the bet's status after
   * it, or undefined when it was no longer held.
   */
  decideVipBet(betId: string, decision: VipDecision): Promise<'accepted' | 'rejected' | undefined>;
  /** Start-up: settles stored results, queues the jobs of held bets that have none, looks at advance bets. */
  start(): Promise<void>;
  /** Answers the requests waiting on a live hold and waits for settlement and advance bets in flight. */
  close(): Promise<void>;
  makeBet(who: BettorRules, body: MakeBetRequest): Promise<MakeBetResponse>;
  makeBetMulti(who: BettorRules, body: MakeBetMultiRequest): Promise<MakeBetResponse>;
  makeBetBid(who: BettorRules, body: MakeBetBidRequest): Promise<MakeBetResponse>;
  betStatus(who: BettorRules, body: BetStatusRequest): Promise<BetStatusResponse>;
  advance(who: BettorRules): Promise<GetAdvanceResponse>;
  /** UpdateCoupon: the coupon sent as the line stands now (any code is ignored); no site: no game is offered. */
  updateCoupon(site: CouponSite | undefined, body: CouponEventsRequest): Promise<CouponResponse>;
  /** GetCoupon: a saved coupon by code, or without one as UpdateCoupon; a site is absent when no brand was found. */
  getCoupon(site: CouponSite | undefined, body: CouponEventsRequest): Promise<CouponResponse>;
  saveCoupon(site: CouponSite | undefined, body: SaveCouponRequest): Promise<SaveCouponResponse>;
  history(who: BettorRules, body: BetsHistoryRequest): Promise<BetsHistoryResponse>;
  saleInfo(who: BettorRules, body: SaleInfoRequest): Promise<SaleInfoResponse>;
  sell(who: BettorRules, body: SaleBetRequest): Promise<SaleBetResponse>;
  /** Development and test: finishes games now through the feed control and waits for their bets to settle. */
  finishGames(control: ControllableFeed, body: DevFeedFinishRequest): Promise<DevFeedFinishResponse>;
}

/**
 * The bets of a server: placement, the held bets' services (VIP desk, live hold, advance bets), settlement from the
 * line's changes, the coupon calls, the history and the sale. Subscribes to the line's changes at once. `jobs` is
 * where held bets wait for their decisions (live holds, VIP reviews and lapses, the advance look: README).
 */
export function createBettingService(deps: BettingDependencies & { jobs: JobQueue }): BettingService {
  const { db, jobs, line, clock, log } = deps;
  const model = () => line.model;
  const settlement = new BetSettlement({ db, clock, log });
  const vip = deps.vipDesk ? new VipApprovals({ db, jobs, desk: deps.vipDesk, model, clock, log }) : undefined;
  const liveDelays = new LiveDelays({ db, jobs, model, clock, log, acceptedByPolicy });
  const advances = new AdvanceBets({ db, jobs, model, clock, log });
  const placement: PlacementContext = {
    db,
    model,
    clock,
    liveDelay: liveDelays,
    onAutoBet: (bet) => settlement.watchAutoBet(bet),
    onAdvanceBet: () => void advances.sweep(),
    ...(vip ? { onVipBid: (betId: string) => vip.submit(betId) } : {}),
    ...(deps.stakeGates ? { stakeGates: deps.stakeGates } : {}),
  };
  // Auto-bets of every server, the one that took them stopped or not (ADR 0366); row-guarded like the odds watch.
  jobs.every(AUTO_BET_SWEEP_JOB, AUTO_BET_SWEEP_MS, async () => ({
    accepted: await settlement.enqueue(() => settlement.acceptReached(line.model)),
  }));
  const sale = { db, model, clock };
  line.onChanges((changes) => {
    settlement.onFeedChanges(changes, line.model);
    // Winnings that settle may cover an advance bet; a game that starts or finishes may end one (README: advance bets).
    if (changes.some((c) => c.kind === 'finished' || c.kind === 'started'))
      void settlement.idle().then(() => advances.sweep());
  });

  return {
    settlement,
    hasVipDesk: vip !== undefined,
    decideVipBet: (betId, decision) => decideHeldVipBet({ db, model, clock, log }, betId, decision),
    async start() {
      // Results the feed stored while the API was down are settled before the first request.
      const settled = await settlement.enqueue(() => settlement.sweep());
      if (settled) log.info({ settled }, 'bets settled from stored results');
      // Held bets' jobs wait in the database across restarts; a bet stored just before a server stopped, with its job
      // not yet queued, gets it now (README: deferred work).
      const held = await vip?.sweep();
      if (held) log.info({ held }, 'VIP bets without a review job queued for the trading desk');
      const holding = await liveDelays.sweep();
      if (holding) log.info({ holding }, 'live bets in their hold without a job queued');
      // Advance bets held while the API was down are looked at now, then by the recurring job (a game start, a deposit).
      const advanced = await advances.sweep();
      if (advanced) log.info({ advanced }, 'advance bets decided at start-up');
    },
    async close() {
      vip?.close();
      liveDelays.close();
      await settlement.idle();
      await advances.close();
    },
    makeBet: ({ bettor, rules }, body) => answering(() => place(placement, bettor, rules, planSingle(body, false))),
    makeBetMulti: ({ bettor, rules }, body) => answering(() => place(placement, bettor, rules, planMulti(body))),
    async makeBetBid({ bettor, rules }, body) {
      if (!vip) throw refusalAnswer('vip_desk_unavailable', 'VIP bets need a trading desk, and none is connected');
      return answering(() => place(placement, bettor, rules, planSingle(body, true)));
    },
    betStatus: ({ bettor }, body) => answering(() => betStatus(db, bettor, body.betGUID)),
    advance: ({ bettor, rules }) =>
      answering(async () => {
        if (!rules.features.advanceBet)
          throw refusal('feature_disabled', 'advanceBet is switched off for this site and country');
        const standing = await advanceStanding(db, bettor, rules);
        return {
          advance: fromMinorUnits(standing.available),
          currency: bettor.currency,
          secured: fromMinorUnits(standing.secured),
          held: fromMinorUnits(standing.held),
          openBets: standing.securedBy.length,
          sharePercent: rules.advance.sharePercent,
          maxAmount: standing.cap === undefined ? null : fromMinorUnits(standing.cap),
        };
      }),
    updateCoupon: async (site, body) => ({ events: couponLines(line.model, site?.rules.offer, body.Events ?? []) }),
    getCoupon: (site, body) => answering(() => loadCoupon({ db, model, clock }, site, body)),
    saveCoupon: (site, body) => answering(() => saveCoupon({ db, model, clock }, site, body)),
    history: ({ bettor, rules }, body) => betsHistory({ db, model, clock }, bettor, rules, body),
    saleInfo: ({ bettor, rules }, body) => answering(() => saleInfo(sale, bettor, rules, body.SaleBetId)),
    sell: ({ bettor, rules }, body) => answering(() => sell(sale, bettor, rules, body)),
    async finishGames(control, body) {
      const finished = control.finish(line.model, body, clock().getTime());
      // The feed applied the injected results synchronously and queued their settlement: wait for it, and for the
      // advance bets the winnings may now cover.
      await settlement.idle();
      await advances.sweep();
      const settled = await db.query(
        `select count(distinct s.bet_id)::int as n from bet_selections s join bets b on b.id = s.bet_id where s.game_id = any($1::bigint[]) and b.settled_at is not null`,
        [finished],
      );
      return { finished, settledBets: Number(settled.rows[0]?.['n'] ?? 0) };
    },
  };
}
