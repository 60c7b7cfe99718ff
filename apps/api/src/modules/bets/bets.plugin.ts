import { randomInt } from 'node:crypto';
import type { Database } from '@tessera/server/db';
import { fromMinorUnits } from '@tessera/shared/util-format';
import type { FastifyInstance } from 'fastify';
import { ref, strictValidatorCompiler } from '@tessera/server/http';
import type { BrandRegistry } from '../config/brand-registry.port';
import type { FeedService } from '@tessera/server/feed';
import { createBettorLookup } from './bettor';
import {
  acceptedByPolicy,
  AdvanceBets,
  advanceStanding,
  BET_STATUSES,
  BetSettlement,
  canSell,
  findBetsByGuid,
  findSelections,
  insuranceOf,
  LiveDelays,
  listBets,
  offeredGame,
  place,
  planMulti,
  planSingle,
  saleInfo,
  sell,
  type AdvanceHold,
  type BetRow,
  type BetStatus,
  type LiveDelayHold,
  type MakeBetBidBody,
  type MakeBetBody,
  type MakeBetMultiBody,
  type PlacementContext,
  type SelectionRow,
  type SiteOffer,
  DevelopmentVipDesk,
  VipApprovals,
  type VipBetDesk,
  type VipOutcome,
  type WireEvent,
} from '@tessera/server/bets';
import { answering, refusal } from './bets.errors';
import { betsApiSchemas, betsRef } from './bets.schemas';
import type { ControllableFeed, FinishRequest } from './dev-feed-control';

/** Why a held bet was not placed, as a refusal code word the site translates (ADR 0136). */
function heldBetRefusal(bet: BetRow): string {
  if (bet.holdReason === 'liveDelay')
    return (bet.details['liveDelay'] as LiveDelayHold | undefined)?.refused ?? 'game_closed';
  if (bet.holdReason === 'advance')
    return (bet.details['advance'] as AdvanceHold | undefined)?.refused ?? 'game_closed';
  const vip = bet.details['vip'] as VipOutcome | undefined;
  if (bet.holdReason !== 'vipApproval' || !vip?.decision) return 'game_closed';
  if (vip.decision === 'declined') return 'vip_declined';
  if (vip.decision === 'lapsed') return 'vip_lapsed';
  return vip.reason === 'above_balance' ? 'above_balance' : 'game_closed';
}

/** The development desk's timing from the environment (VIP_DESK_DECISION_MS), for a demo that wants it slower. */
function devDeskOptions(): { decisionMs?: number } {
  const ms = Number(process.env['VIP_DESK_DECISION_MS']);
  return Number.isInteger(ms) && ms >= 0 ? { decisionMs: ms } : {};
}

/** What {@link registerBets} needs. */
export interface BetsOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  /** The running feed service (its read model and change listeners). */
  feed: FeedService;
  /** The server key the accounts module signs user tokens with. */
  secretKey?: string;
  clock?: () => Date;
  /** Outside production: the feed that can finish games on demand (`POST /__dev/feed/finish`). */
  feedControl?: ControllableFeed;
  /**
   * The trading desk that decides VIP bets (ADR 0136). Default: the development desk outside production (decisions
   * after VIP_DESK_DECISION_MS, default 3 s) and none in production, where MakeBetBidWeb answers 503 until the
   * operator's desk is plugged in; `null` means none.
   */
  vipDesk?: VipBetDesk | null;
}

const tags = ['bets'];
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));
const HISTORY_PAGE = 50;
const COUPON_DAYS = 7;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The coupon's selections as the line stands now for this bettor: a game their brand and country do not show (or no
 * brand at all) reads exactly as a game the line does not have (ADR 0190).
 */
function couponLines(service: FeedService, offer: SiteOffer | undefined, events: readonly WireEvent[]) {
  return events.map((e, index) => {
    const entry = offer ? offeredGame(service.model, offer, e.gameId) : undefined;
    const found = entry?.outcomeById.get(e.outcomeId);
    const finished = !entry || entry.game.status === 'finished' || entry.game.status === 'cancelled';
    const coef = found && !finished ? found.outcome.odds : e.coef;
    return {
      index,
      gameId: e.gameId,
      outcomeId: e.outcomeId,
      marketId: found?.market.id ?? '',
      coef,
      previousCoef: e.coef,
      changed: Math.abs(coef - e.coef) > 1e-9,
      blocked: !found || found.market.status !== 'open' || found.outcome.status !== 'open',
      finished,
      live: entry?.game.status === 'live',
      // What the coupon needs to name a selection it did not pick itself (a coupon loaded by code).
      ...(entry ? { home: entry.game.home.name, away: entry.game.away.name } : {}),
      ...(found
        ? {
            marketType: found.market.type,
            marketLine: found.market.line ?? null,
            outcomeCode: found.outcome.code,
            outcomeNameKey: found.outcome.nameKey,
          }
        : {}),
    };
  });
}

/** An insured bet's insurance in major units; what a loss pays back is the stake held now, after tax. */
function insuranceFor(bet: BetRow): { premium: number; amount: number } | null {
  const insurance = insuranceOf(bet);
  return insurance
    ? { premium: fromMinorUnits(insurance.premium), amount: fromMinorUnits(bet.stake - bet.stakeTax) }
    : null;
}

function historyItem(bet: BetRow, selections: readonly SelectionRow[], sellable: boolean) {
  return {
    betId: bet.id,
    betGuid: bet.betGuid,
    vid: bet.vid,
    betType: bet.kind,
    status: bet.status,
    summ: fromMinorUnits(bet.originalStake),
    stakeTax: fromMinorUnits(bet.stakeTax),
    coef: bet.coef,
    potentialWin: fromMinorUnits(bet.potentialWin),
    payout: bet.payout === null ? null : fromMinorUnits(bet.payout),
    saleSumm: bet.soldAmount > 0 ? fromMinorUnits(bet.soldAmount) : null,
    insurance: insuranceFor(bet),
    currency: bet.currency,
    createdAt: bet.createdAt.toISOString(),
    settledAt: bet.settledAt ? bet.settledAt.toISOString() : null,
    expressNum: bet.systemK,
    canSale: sellable,
    holdReason: bet.holdReason,
    refusal: bet.status === 'rejected' && bet.holdReason !== null ? heldBetRefusal(bet) : null,
    vipDecision:
      bet.holdReason === 'vipApproval' ? ((bet.details['vip'] as VipOutcome | undefined)?.decision ?? null) : null,
    events: selections.map((s) => ({
      gameId: s.gameId,
      outcomeId: s.outcomeId,
      marketId: s.marketId,
      coef: s.coef,
      home: s.home,
      away: s.away,
      result: s.result,
      // The names the line gave at placement, for the history to show in the bettor's language (migration 0404).
      ...(s.name ?? {}),
    })),
  };
}

/**
 * The bets module: placement (MakeBetWeb, MakeBetWebMulti, MakeBetBidWeb, GetBetStatus), the open coupon calls
 * (UpdateCoupon, GetCoupon, SaveCoupon), bets history, sale of a bet, settlement from the feed's results, and in
 * development and test the feed control that finishes games. Contract: docs/contracts/bets-api.md.
 */
export function registerBets(
  app: FastifyInstance,
  options: BetsOptions,
): { settlement: BetSettlement; vipDesk: boolean } {
  const clock = options.clock ?? (() => new Date());
  const { feed } = options;
  const lookup = createBettorLookup({
    database: options.database,
    registry: options.registry,
    mode: options.mode,
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    clock,
    log: app.log,
  });
  const settlement = new BetSettlement({ db: options.database, clock, log: app.log });
  const vipDesk =
    options.vipDesk === undefined
      ? options.mode === 'production'
        ? null
        : new DevelopmentVipDesk(devDeskOptions())
      : options.vipDesk;
  const vip = vipDesk
    ? new VipApprovals({ db: options.database, desk: vipDesk, model: () => feed.model, clock, log: app.log })
    : undefined;
  const liveDelays = new LiveDelays({
    db: options.database,
    model: () => feed.model,
    clock,
    log: app.log,
    acceptedByPolicy,
  });
  const advances = new AdvanceBets({ db: options.database, model: () => feed.model, clock, log: app.log });
  const placement: PlacementContext = {
    db: options.database,
    model: () => feed.model,
    clock,
    liveDelay: liveDelays,
    onAutoBet: (bet) => settlement.watchAutoBet(bet),
    onAdvanceBet: () => void advances.sweep(),
    ...(vip ? { onVipBid: (betId: string) => vip.submit(betId) } : {}),
  };
  const sale = { db: options.database, model: () => feed.model, clock };
  feed.onChanges((changes) => {
    settlement.onFeedChanges(changes, feed.model);
    // Winnings that settle may cover an advance bet; a game that starts or finishes may end one (ADR 0141).
    if (changes.some((c) => c.kind === 'finished' || c.kind === 'started'))
      void settlement.idle().then(() => advances.sweep());
  });
  app.addHook('onReady', async () => {
    // Results the feed stored while the API was down are settled before the first request.
    const settled = await settlement.enqueue(() => settlement.sweep());
    if (settled) app.log.info({ settled }, 'bets settled from stored results');
    // VIP bets held while the API was down go back to the desk (or lapse when overdue).
    const held = await vip?.sweep();
    if (held) app.log.info({ held }, 'VIP bets sent to the trading desk again');
    const holding = await liveDelays.sweep();
    if (holding) app.log.info({ holding }, 'live bets in their hold scheduled again');
    // Advance bets held while the API was down are looked at now and every few seconds (a game start, a deposit).
    const advanced = await advances.sweep();
    if (advanced) app.log.info({ advanced }, 'advance bets decided at start-up');
    advances.start();
  });
  app.addHook('onClose', async () => {
    vip?.close();
    liveDelays.close();
    await settlement.idle();
    await advances.close();
  });

  app.post<{ Body: MakeBetBody }>(
    '/service-api/LiveBet/Secure/MakeBetWeb',
    {
      schema: {
        summary: 'Place a single, express, system or anti-express bet (idempotent by betGUID)',
        tags,
        body: betsRef('bets/make-bet-request'),
        response: { 200: betsRef('bets/make-bet-response'), ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request) => {
      const { bettor, rules } = await lookup.bettorOf(request);
      return answering(() => place(placement, bettor, rules, planSingle(request.body, false)));
    },
  );

  app.post<{ Body: MakeBetMultiBody }>(
    '/service-api/LiveBet/Secure/MakeBetWebMulti',
    {
      schema: {
        summary: 'Place several coupons at once, all or nothing (idempotent by betGUID)',
        tags,
        body: betsRef('bets/make-bet-multi-request'),
        response: { 200: betsRef('bets/make-bet-response'), ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request) => {
      const { bettor, rules } = await lookup.bettorOf(request);
      return answering(() => place(placement, bettor, rules, planMulti(request.body)));
    },
  );

  app.post<{ Body: MakeBetBidBody }>(
    '/service-api/LiveBet/Secure/MakeBetBidWeb',
    {
      schema: {
        summary: 'Ask for a VIP bet above the limit: held for the trading desk, debited only when approved',
        tags,
        body: betsRef('bets/make-bet-bid-request'),
        response: { 200: betsRef('bets/make-bet-response'), ...errors(400, 401, 403, 409, 422, 503) },
      },
    },
    async (request) => {
      const { bettor, rules } = await lookup.bettorOf(request);
      if (!vip) throw refusal('vip_desk_unavailable', 'VIP bets need a trading desk, and none is connected');
      return answering(() => place(placement, bettor, rules, planSingle(request.body, true)));
    },
  );

  app.post<{ Body: { betGUID: string } }>(
    '/service-api/LiveBet/Secure/GetBetStatus',
    {
      schema: {
        summary: 'Where a placement stands, by betGUID',
        tags,
        body: betsRef('bets/bet-status-request'),
        response: { 200: betsRef('bets/bet-status-response'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { bettor } = await lookup.bettorOf(request);
      const rows = (await findBetsByGuid(options.database, request.body.betGUID.toLowerCase())).filter(
        (r) => r.userId === bettor.userId && r.brandId === bettor.brandId,
      );
      const first = rows[0];
      if (!first) throw refusal('bet_not_found', 'no bet under this betGUID');
      if (first.status === 'waiting') return { status: 'waiting' as const, betId: first.id };
      if (first.status === 'rejected')
        return { status: 'rejected' as const, betId: first.id, reason: 'validation', message: heldBetRefusal(first) };
      return { status: 'accepted' as const, betId: first.id };
    },
  );

  app.post<{ Body: Record<string, never> }>(
    '/service-api/LiveBet/Open/GetAvance',
    {
      schema: {
        summary: 'How much the bettor may bet on advance now, secured by their open bets (ADR 0141)',
        tags,
        body: betsRef('bets/get-advance-request'),
        response: { 200: betsRef('bets/get-advance-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { bettor, rules } = await lookup.bettorOf(request);
      if (!rules.features.advanceBet)
        throw refusal('feature_disabled', 'advanceBet is switched off for this site and country');
      const standing = await advanceStanding(options.database, bettor, rules);
      return {
        advance: fromMinorUnits(standing.available),
        currency: bettor.currency,
        secured: fromMinorUnits(standing.secured),
        held: fromMinorUnits(standing.held),
        openBets: standing.securedBy.length,
        sharePercent: rules.advance.sharePercent,
        maxAmount: standing.cap === undefined ? null : fromMinorUnits(standing.cap),
      };
    },
  );

  app.post<{ Body: { Events?: WireEvent[]; CouponCode?: string } }>(
    '/service-api/LiveBet/Open/UpdateCoupon',
    {
      schema: {
        summary: 'The coupon as the line stands now: coefficients, suspended and finished selections',
        tags,
        body: betsRef('bets/coupon-events-request'),
        response: { 200: betsRef('bets/coupon-response'), ...errors(400) },
      },
    },
    async (request) => ({
      events: couponLines(feed, (await lookup.rulesOfRequest(request))?.offer, request.body.Events ?? []),
    }),
  );

  app.post<{ Body: { Events?: WireEvent[]; CouponCode?: string } }>(
    '/service-api/LiveBet/Open/GetCoupon',
    {
      schema: {
        summary: 'A saved coupon by code (or, without a code, the same as UpdateCoupon)',
        tags,
        body: betsRef('bets/coupon-events-request'),
        response: { 200: betsRef('bets/coupon-response'), ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      const code = request.body.CouponCode;
      const rules = await lookup.rulesOfRequest(request);
      if (!code) return { events: couponLines(feed, rules?.offer, request.body.Events ?? []) };
      if (!rules || request.brandSelection.kind !== 'found') throw refusal('coupon_not_found', 'no site');
      const brand = request.brandSelection.brand;
      if (!rules.features.saveLoad)
        throw refusal('feature_disabled', 'saveLoad is switched off for this site and country');
      const found = await options.database.query(
        `select payload from saved_coupons where code = $1 and brand_id = $2 and expires_at > $3`,
        [code, brand.id, clock()],
      );
      const payload = found.rows[0]?.['payload'] as
        { Events: WireEvent[]; vid: number; Summ?: number; expressNum?: number } | undefined;
      if (!payload) throw refusal('coupon_not_found', `no saved coupon ${code}`);
      return {
        CouponCode: code,
        vid: payload.vid,
        ...(payload.Summ !== undefined ? { Summ: payload.Summ } : {}),
        ...(payload.expressNum !== undefined ? { expressNum: payload.expressNum } : {}),
        events: couponLines(feed, rules.offer, payload.Events),
      };
    },
  );

  app.post<{ Body: { Events: WireEvent[]; vid: number; Summ?: number; expressNum?: number } }>(
    '/service-api/LiveBet/Open/SaveCoupon',
    // The body is stored as sent: validated strictly (no type coercion, no silently dropped properties).
    {
      validatorCompiler: strictValidatorCompiler(betsApiSchemas()),
      schema: {
        summary: 'Save a coupon and get its code (kept 7 days)',
        tags,
        body: betsRef('bets/save-coupon-request'),
        response: { 200: betsRef('bets/save-coupon-response'), ...errors(400, 403, 404) },
      },
    },
    async (request) => {
      const rules = await lookup.rulesOfRequest(request);
      if (!rules || request.brandSelection.kind !== 'found') throw refusal('coupon_not_found', 'no site');
      const brand = request.brandSelection.brand;
      if (!rules.features.saveLoad)
        throw refusal('feature_disabled', 'saveLoad is switched off for this site and country');
      // A saved coupon holds selections of the line this bettor sees: a game the line does not have or their brand and
      // country do not show is refused as closed (ADR 0190), an outcome the game does not have as unknown; neither is
      // kept for 7 days.
      for (const e of request.body.Events) {
        const entry = offeredGame(feed.model, rules.offer, e.gameId);
        if (!entry) throw refusal('game_closed', `game ${e.gameId} is finished or not offered`);
        if (!entry.outcomeById.has(e.outcomeId))
          throw refusal('outcome_unknown', `no outcome ${e.outcomeId} in game ${e.gameId}`);
      }
      const now = clock();
      for (;;) {
        const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
        const inserted = await options.database.query(
          `insert into saved_coupons (code, brand_id, payload, created_at, expires_at) values ($1, $2, $3, $4, $5) on conflict (code) do nothing returning code`,
          [code, brand.id, JSON.stringify(request.body), now, new Date(now.getTime() + COUPON_DAYS * 86_400_000)],
        );
        if (inserted.rows.length === 1) return { CouponCode: code };
      }
    },
  );

  app.post<{ Body: { statuses?: BetStatus[]; dateFrom?: string; dateTo?: string; page_number?: number } }>(
    '/officeapi/getbetshistory',
    {
      schema: {
        summary: 'Bets history: the last coupon.historyDays days by default, filtered by status',
        tags,
        body: betsRef('bets/bets-history-request'),
        response: { 200: betsRef('bets/bets-history-response'), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { bettor, rules } = await lookup.bettorOf(request);
      const now = clock();
      const to = request.body.dateTo ? new Date(request.body.dateTo) : now;
      const from = request.body.dateFrom
        ? new Date(request.body.dateFrom)
        : new Date(now.getTime() - rules.historyDays * 86_400_000);
      const page = request.body.page_number ?? 1;
      const statuses = request.body.statuses?.filter((s) => BET_STATUSES.includes(s));
      const { rows, total } = await listBets(options.database, {
        userId: bettor.userId,
        brandId: bettor.brandId,
        from,
        to,
        ...(statuses ? { statuses } : {}),
        limit: HISTORY_PAGE,
        offset: (page - 1) * HISTORY_PAGE,
      });
      const selections = await findSelections(
        options.database,
        rows.map((r) => r.id),
      );
      const byBet = new Map<string, SelectionRow[]>();
      for (const s of selections) byBet.set(s.betId, [...(byBet.get(s.betId) ?? []), s]);
      return {
        items: rows.map((bet) => {
          const own = byBet.get(bet.id) ?? [];
          return historyItem(bet, own, canSell(feed.model, rules, bet, own));
        }),
        pageNumber: page,
        pageSize: HISTORY_PAGE,
        total,
      };
    },
  );

  app.post<{ Body: { SaleBetId: string } }>(
    '/service-api/LiveBet/Secure/GetSaleInfo',
    {
      schema: {
        summary: 'What selling a bet pays now',
        tags,
        body: betsRef('bets/sale-info-request'),
        response: { 200: betsRef('bets/sale-info-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { bettor, rules } = await lookup.bettorOf(request);
      return answering(() => saleInfo(sale, bettor, rules, request.body.SaleBetId));
    },
  );

  app.post<{ Body: { SaleBetId: string; Summ?: number; saleSumm?: number } }>(
    '/service-api/LiveBet/Secure/SaleBet',
    {
      schema: {
        summary: 'Sell a bet, whole or a part of its stake (cash-out)',
        tags,
        body: betsRef('bets/sale-bet-request'),
        response: { 200: betsRef('bets/sale-bet-response'), ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { bettor, rules } = await lookup.bettorOf(request);
      return answering(() => sell(sale, bettor, rules, request.body));
    },
  );

  const control = options.feedControl;
  if (options.mode !== 'production' && control) {
    app.post<{ Body: FinishRequest }>(
      '/__dev/feed/finish',
      {
        schema: {
          summary: 'Development and test only: finish games now and settle their bets',
          tags: ['development'],
          body: betsRef('bets/dev-feed-finish-request'),
          response: { 200: betsRef('bets/dev-feed-finish-response') },
        },
      },
      async (request) => {
        const finished = control.finish(feed.model, request.body, clock().getTime());
        // The feed applied the injected results synchronously and queued their settlement: wait for it, and for the
        // advance bets the winnings may now cover.
        await settlement.idle();
        await advances.sweep();
        const settled = await options.database.query(
          `select count(distinct s.bet_id)::int as n from bet_selections s join bets b on b.id = s.bet_id where s.game_id = any($1::bigint[]) and b.settled_at is not null`,
          [finished],
        );
        const settledBets = Number(settled.rows[0]?.['n'] ?? 0);
        return { finished, settledBets };
      },
    );
  }

  return { settlement, vipDesk: vip !== undefined };
}
