// The line, rules and bets of the placement crash test (crash.test.ts and its child process, crash-child.ts): the
// shape of the bet placement benchmark's (tools/bench/src/bets/bet-placement.bench.ts), small enough for a test.
import type { BetRules } from '../bets.config';
import type { MakeBetBody } from '../bet-wire';
import type { LineModel } from '../line.port';
import { siteOfferFor } from '../site-offer';
import { footballLine } from './football-line';

/** Games on the crash test's line. */
export const CRASH_GAMES = 50;
/** Brand and currency of every bettor of the crash test. */
export const CRASH_BRAND = 'crash-brand';
export const CRASH_CURRENCY = 'EUR';

/** A line of football games, 1x2 at 2.00 / 3.40 / 3.80, all open. */
export function crashLine(): LineModel {
  return footballLine(CRASH_GAMES);
}

/** A brand with the usual coupon features, EUR minimum 0.50, no maximum stake. */
export function crashRules(): BetRules {
  const features = {
    oneClick: true,
    autoBet: true,
    vipBet: false,
    powerBet: false,
    expressBoost: false,
    sale: true,
    partSale: false,
    saveLoad: true,
    print: true,
    promoCode: true,
    lobby: false,
    insurance: false,
    delete: true,
    multiBet: true,
    system: true,
    advanceBet: false,
  };
  return {
    coupon: { minStake: { EUR: 0.5 } },
    features,
    maxBet: {},
    saleMarginPercent: 5,
    historyDays: 7,
    checkCf: 0,
    vipDecisionMinutes: 10,
    insuranceMarginPercent: 10,
    liveBetDelaySeconds: 0,
    advance: { sharePercent: 50, maxAmount: {} },
    offer: siteOfferFor({}),
  };
}

/** The bettor of placement number i among `users` funded users. */
export function crashBettor(i: number, users: number) {
  return { brandId: CRASH_BRAND, userId: `crash-user-${(i % users) + 1}`, currency: CRASH_CURRENCY };
}

/** Placement number i: three singles in four, an express of three in four; stakes 1.00 to 9.99 EUR. */
export function crashBetBody(i: number, guid: string): MakeBetBody {
  const game = (k: number) => ((i * 7 + k * 13) % CRASH_GAMES) + 1;
  const summ = (100 + (i % 900)) / 100;
  if (i % 4 === 3)
    return {
      betGUID: guid,
      vid: 1,
      Summ: summ,
      Events: [0, 1, 2].map((k) => ({ gameId: game(k), outcomeId: `${game(k)}:1x2:home`, coef: 2 })),
    };
  return {
    betGUID: guid,
    vid: 0,
    Summ: summ,
    Events: [{ gameId: game(0), outcomeId: `${game(0)}:1x2:draw`, coef: 3.4 }],
  };
}
