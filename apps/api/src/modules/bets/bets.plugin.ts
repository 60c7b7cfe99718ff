import type { Database } from '@tessera/server/db';
import { createJobQueue, type JobQueue } from '@tessera/server/jobs';
import type { FastifyInstance } from 'fastify';
import { ref, strictValidatorCompiler } from '@tessera/server/http';
import type { BrandRegistry } from '../config/brand-registry.port';
import { COUNTRY_COOKIE } from '../config/site-context';
import type { FeedService } from '@tessera/server/feed';
import {
  createBettingService,
  createBettorLookup,
  vipDeskFor,
  type BetSettlement,
  type ControllableFeed,
  type StakeGate,
  type VipBetDesk,
} from '@tessera/server/bets';
import type {
  BetsHistoryRequest,
  BetsHistoryResponse,
  BetStatusRequest,
  BetStatusResponse,
  CouponEventsRequest,
  CouponResponse,
  DevFeedFinishRequest,
  DevFeedFinishResponse,
  GetAdvanceRequest,
  GetAdvanceResponse,
  MakeBetBidRequest,
  MakeBetMultiRequest,
  MakeBetRequest,
  MakeBetResponse,
  SaleBetRequest,
  SaleBetResponse,
  SaleInfoRequest,
  SaleInfoResponse,
  SaveCouponRequest,
  SaveCouponResponse,
} from '@tessera/shared/contract-api';
import { betsApiSchemas, betsRef } from './bets.schemas';

/** What {@link registerBets} needs. */
export interface BetsOptions {
  database: Database;
  /**
   * The server's job queue, which its owner starts and stops (app.ts): held bets' decisions wait in it. Without one the
   * bets open their own over `database`, started when the app is ready and stopped when it closes.
   */
  jobs?: JobQueue;
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
  /** Checks asked before a stake is written (player protection's limits and locks, `@tessera/server/responsible`). */
  stakeGates?: readonly StakeGate[];
}

const tags = ['bets'];

/** A job queue of the bets' own, for a caller that passes none (libs/server/jobs README). */
function ownJobQueue(app: FastifyInstance, options: BetsOptions): JobQueue {
  const jobs = createJobQueue({
    database: options.database,
    log: app.log,
    ...(options.mode === 'test' ? { pollIntervalMs: 1_000 } : {}),
  });
  // A child plugin registered after the feed's: its onReady runs once the line is loaded, its onClose before it stops.
  void app.register(async (scope) => {
    scope.addHook('onReady', () => jobs.start());
    scope.addHook('onClose', () => jobs.stop());
  });
  return jobs;
}
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));

/**
 * The bets routes: placement (MakeBetWeb, MakeBetWebMulti, MakeBetBidWeb, GetBetStatus, GetAvance), the open coupon
 * calls (UpdateCoupon, GetCoupon, SaveCoupon), bets history, sale of a bet, and in development and test the feed
 * control that finishes games. The rules are `@tessera/server/bets`'s. Contract: docs/contracts/bets-api.md.
 */
export function registerBets(
  app: FastifyInstance,
  options: BetsOptions,
): { settlement: BetSettlement; vipDesk: boolean } {
  const clock = options.clock ?? (() => new Date());
  const lookup = createBettorLookup({
    database: options.database,
    registry: options.registry,
    mode: options.mode,
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    clock,
    log: app.log,
    countryCookie: COUNTRY_COOKIE,
  });
  const betting = createBettingService({
    db: options.database,
    jobs: options.jobs ?? ownJobQueue(app, options),
    line: options.feed,
    clock,
    log: app.log,
    vipDesk: vipDeskFor(options.mode, options.vipDesk, Number(process.env['VIP_DESK_DECISION_MS'])),
    ...(options.stakeGates ? { stakeGates: options.stakeGates } : {}),
  });
  app.addHook('onReady', () => betting.start());
  app.addHook('onClose', () => betting.close());

  app.post<{ Body: MakeBetRequest; Reply: MakeBetResponse }>(
    '/service-api/LiveBet/Secure/MakeBetWeb',
    {
      schema: {
        summary: 'Place a single, express, system or anti-express bet (idempotent by betGUID)',
        tags,
        body: betsRef('bets/make-bet-request'),
        response: { 200: betsRef('bets/make-bet-response'), ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request) => betting.makeBet(await lookup.bettorOf(request), request.body),
  );

  app.post<{ Body: MakeBetMultiRequest; Reply: MakeBetResponse }>(
    '/service-api/LiveBet/Secure/MakeBetWebMulti',
    {
      schema: {
        summary: 'Place several coupons at once, all or nothing (idempotent by betGUID)',
        tags,
        body: betsRef('bets/make-bet-multi-request'),
        response: { 200: betsRef('bets/make-bet-response'), ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request) => betting.makeBetMulti(await lookup.bettorOf(request), request.body),
  );

  app.post<{ Body: MakeBetBidRequest; Reply: MakeBetResponse }>(
    '/service-api/LiveBet/Secure/MakeBetBidWeb',
    {
      schema: {
        summary: 'Ask for a VIP bet above the limit: held for the trading desk, debited only when approved',
        tags,
        body: betsRef('bets/make-bet-bid-request'),
        response: { 200: betsRef('bets/make-bet-response'), ...errors(400, 401, 403, 409, 422, 503) },
      },
    },
    async (request) => betting.makeBetBid(await lookup.bettorOf(request), request.body),
  );

  app.post<{ Body: BetStatusRequest; Reply: BetStatusResponse }>(
    '/service-api/LiveBet/Secure/GetBetStatus',
    {
      schema: {
        summary: 'Where a placement stands, by betGUID',
        tags,
        body: betsRef('bets/bet-status-request'),
        response: { 200: betsRef('bets/bet-status-response'), ...errors(400, 401, 404) },
      },
    },
    async (request) => betting.betStatus(await lookup.bettorOf(request), request.body),
  );

  app.post<{ Body: GetAdvanceRequest; Reply: GetAdvanceResponse }>(
    '/service-api/LiveBet/Open/GetAvance',
    {
      schema: {
        summary: 'How much the bettor may bet on advance now, secured by their open bets (README: advance bets)',
        tags,
        body: betsRef('bets/get-advance-request'),
        response: { 200: betsRef('bets/get-advance-response'), ...errors(400, 401, 403) },
      },
    },
    async (request) => betting.advance(await lookup.bettorOf(request)),
  );

  app.post<{ Body: CouponEventsRequest; Reply: CouponResponse }>(
    '/service-api/LiveBet/Open/UpdateCoupon',
    {
      schema: {
        summary: 'The coupon as the line stands now: coefficients, suspended and finished selections',
        tags,
        body: betsRef('bets/coupon-events-request'),
        response: { 200: betsRef('bets/coupon-response'), ...errors(400) },
      },
    },
    async (request) => betting.updateCoupon(await lookup.siteOfRequest(request), request.body),
  );

  app.post<{ Body: CouponEventsRequest; Reply: CouponResponse }>(
    '/service-api/LiveBet/Open/GetCoupon',
    {
      schema: {
        summary: 'A saved coupon by code (or, without a code, the same as UpdateCoupon)',
        tags,
        body: betsRef('bets/coupon-events-request'),
        response: { 200: betsRef('bets/coupon-response'), ...errors(400, 403, 404) },
      },
    },
    async (request) => betting.getCoupon(await lookup.siteOfRequest(request), request.body),
  );

  app.post<{ Body: SaveCouponRequest; Reply: SaveCouponResponse }>(
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
    async (request) => betting.saveCoupon(await lookup.siteOfRequest(request), request.body),
  );

  app.post<{ Body: BetsHistoryRequest; Reply: BetsHistoryResponse }>(
    '/officeapi/getbetshistory',
    {
      schema: {
        summary: 'Bets history: the last coupon.historyDays days by default, filtered by status',
        tags,
        body: betsRef('bets/bets-history-request'),
        response: { 200: betsRef('bets/bets-history-response'), ...errors(400, 401) },
      },
    },
    async (request) => betting.history(await lookup.bettorOf(request), request.body),
  );

  app.post<{ Body: SaleInfoRequest; Reply: SaleInfoResponse }>(
    '/service-api/LiveBet/Secure/GetSaleInfo',
    {
      schema: {
        summary: 'What selling a bet pays now',
        tags,
        body: betsRef('bets/sale-info-request'),
        response: { 200: betsRef('bets/sale-info-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => betting.saleInfo(await lookup.bettorOf(request), request.body),
  );

  app.post<{ Body: SaleBetRequest; Reply: SaleBetResponse }>(
    '/service-api/LiveBet/Secure/SaleBet',
    {
      schema: {
        summary: 'Sell a bet, whole or a part of its stake (cash-out)',
        tags,
        body: betsRef('bets/sale-bet-request'),
        response: { 200: betsRef('bets/sale-bet-response'), ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => betting.sell(await lookup.bettorOf(request), request.body),
  );

  const control = options.mode === 'production' ? undefined : options.feedControl;
  if (control) {
    app.post<{ Body: DevFeedFinishRequest; Reply: DevFeedFinishResponse }>(
      '/__dev/feed/finish',
      {
        schema: {
          summary: 'Development and test only: finish games now and settle their bets',
          tags: ['development'],
          body: betsRef('bets/dev-feed-finish-request'),
          response: { 200: betsRef('bets/dev-feed-finish-response') },
        },
      },
      async (request) => betting.finishGames(control, request.body),
    );
  }

  return { settlement: betting.settlement, vipDesk: betting.hasVipDesk };
}
