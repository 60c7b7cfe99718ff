import type { FastifyInstance } from 'fastify';
import { apiRoutes, strictValidatorCompiler } from '@tessera/server/http';
import {
  createBetsModule,
  type BetSettlement,
  type BettingService,
  type BetsModuleOptions,
  type ControllableFeed,
} from '@tessera/server/bets';
import { apiSchemas } from '@tessera/shared/contract-api';
import { COUNTRY_COOKIE } from '../config/site-context';

/** What {@link registerBets} needs: the bets' settings (libs/server/bets) but the request side, and the feed control. */
export interface BetsOptions extends Omit<BetsModuleOptions, 'log' | 'countryCookie'> {
  /** Outside production: the feed that can finish games on demand (`POST /__dev/feed/finish`). */
  feedControl?: ControllableFeed;
}

/**
 * The bets routes: placement (MakeBetWeb, MakeBetWebMulti, MakeBetBidWeb, GetBetStatus, GetAvance), the open coupon
 * calls (UpdateCoupon, GetCoupon, SaveCoupon), bets history, sale of a bet, and in development and test the feed
 * control that finishes games. The rules are `@tessera/server/bets`'s. Contract: docs/contracts/bets-api.md.
 */
export function registerBets(
  app: FastifyInstance,
  options: BetsOptions,
): { settlement: BetSettlement; vipDesk: boolean; decideVipBet: BettingService['decideVipBet'] } {
  const { betting, lookup } = createBetsModule({ ...options, log: app.log, countryCookie: COUNTRY_COOKIE });
  app.addHook('onReady', () => betting.start());
  app.addHook('onClose', () => betting.close());
  const routes = apiRoutes(app, { tags: ['bets'] });
  const { bettorOf, siteOfRequest } = lookup;

  routes.post('/service-api/LiveBet/Secure/MakeBetWeb', {
    summary: 'Place a single, express, system or anti-express bet (idempotent by betGUID)',
    body: 'bets/make-bet-request',
    reply: 'bets/make-bet-response',
    errors: [400, 401, 403, 409, 422],
    handler: async (request) => betting.makeBet(await bettorOf(request), request.body),
  });
  routes.post('/service-api/LiveBet/Secure/MakeBetWebMulti', {
    summary: 'Place several coupons at once, all or nothing (idempotent by betGUID)',
    body: 'bets/make-bet-multi-request',
    reply: 'bets/make-bet-response',
    errors: [400, 401, 403, 409, 422],
    handler: async (request) => betting.makeBetMulti(await bettorOf(request), request.body),
  });
  routes.post('/service-api/LiveBet/Secure/MakeBetBidWeb', {
    summary: 'Ask for a VIP bet above the limit: held for the trading desk, debited only when approved',
    body: 'bets/make-bet-bid-request',
    reply: 'bets/make-bet-response',
    errors: [400, 401, 403, 409, 422, 503],
    handler: async (request) => betting.makeBetBid(await bettorOf(request), request.body),
  });
  routes.post('/service-api/LiveBet/Secure/GetBetStatus', {
    summary: 'Where a placement stands, by betGUID',
    body: 'bets/bet-status-request',
    reply: 'bets/bet-status-response',
    errors: [400, 401, 404],
    handler: async (request) => betting.betStatus(await bettorOf(request), request.body),
  });
  routes.post('/service-api/LiveBet/Open/GetAvance', {
    summary: 'How much the bettor may bet on advance now, secured by their open bets (README: advance bets)',
    body: 'bets/get-advance-request',
    reply: 'bets/get-advance-response',
    errors: [400, 401, 403],
    handler: async (request) => betting.advance(await bettorOf(request)),
  });
  routes.post('/service-api/LiveBet/Open/UpdateCoupon', {
    summary: 'The coupon as the line stands now: coefficients, suspended and finished selections',
    body: 'bets/coupon-events-request',
    reply: 'bets/coupon-response',
    errors: [400],
    handler: async (request) => betting.updateCoupon(await siteOfRequest(request), request.body),
  });
  routes.post('/service-api/LiveBet/Open/GetCoupon', {
    summary: 'A saved coupon by code (or, without a code, the same as UpdateCoupon)',
    body: 'bets/coupon-events-request',
    reply: 'bets/coupon-response',
    errors: [400, 403, 404],
    handler: async (request) => betting.getCoupon(await siteOfRequest(request), request.body),
  });
  routes.post('/service-api/LiveBet/Open/SaveCoupon', {
    summary: 'Save a coupon and get its code (kept 7 days)',
    // The body is stored as sent: validated strictly (no type coercion, no silently dropped properties).
    validatorCompiler: strictValidatorCompiler([...apiSchemas('bets/'), ...apiSchemas('wallet/')]),
    body: 'bets/save-coupon-request',
    reply: 'bets/save-coupon-response',
    errors: [400, 403, 404],
    handler: async (request) => betting.saveCoupon(await siteOfRequest(request), request.body),
  });
  routes.post('/officeapi/getbetshistory', {
    summary: 'Bets history: the last coupon.historyDays days by default, filtered by status',
    body: 'bets/bets-history-request',
    reply: 'bets/bets-history-response',
    errors: [400, 401],
    handler: async (request) => betting.history(await bettorOf(request), request.body),
  });
  routes.post('/service-api/LiveBet/Secure/GetSaleInfo', {
    summary: 'What selling a bet pays now',
    body: 'bets/sale-info-request',
    reply: 'bets/sale-info-response',
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => betting.saleInfo(await bettorOf(request), request.body),
  });
  routes.post('/service-api/LiveBet/Secure/SaleBet', {
    summary: 'Sell a bet, whole or a part of its stake (cash-out)',
    body: 'bets/sale-bet-request',
    reply: 'bets/sale-bet-response',
    errors: [400, 401, 403, 404, 409, 422],
    handler: async (request) => betting.sell(await bettorOf(request), request.body),
  });

  const control = options.mode === 'production' ? undefined : options.feedControl;
  if (control) {
    routes.post('/__dev/feed/finish', {
      summary: 'Development and test only: finish games now and settle their bets',
      tags: ['development'],
      body: 'bets/dev-feed-finish-request',
      reply: 'bets/dev-feed-finish-response',
      handler: (request) => betting.finishGames(control, request.body),
    });
  }

  return { settlement: betting.settlement, vipDesk: betting.hasVipDesk, decideVipBet: betting.decideVipBet };
}
