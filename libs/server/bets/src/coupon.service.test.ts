import { describe, expect, it } from 'vitest';
import type { BetRules } from './bets.config';
import { couponLines, saveCoupon, type CouponContext } from './coupon.service';
import type { LineGame, LineModel } from './line.port';
import { BetRefusal } from './refusals';
import { siteOfferFor } from './site-offer';

function game(status: LineGame['game']['status'], odds = 2.1, marketStatus: 'open' | 'suspended' = 'open'): LineGame {
  const outcome = { id: 'o1', odds, status: 'open' as const, code: 'home', nameKey: 'feed:outcome.home' };
  const market = { id: 'm1', status: marketStatus, type: '1x2', line: null, outcomes: [outcome] };
  return {
    game: { status, sportId: 1, home: { name: 'Home FC' }, away: { name: 'Away FC' } },
    markets: [market],
    outcomeById: new Map([['o1', { market, outcome }]]),
  };
}

function line(games: Record<number, LineGame>): LineModel {
  return {
    games: new Map(Object.entries(games).map(([id, g]) => [Number(id), g])),
    sports: new Map([[1, { id: 1, kind: 'regular' }]]),
  };
}

const everything = siteOfferFor({});
const noLive = siteOfferFor({ betting: { live: { enabled: false } } });

describe('couponLines', () => {
  it('prices each selection at the line now and names it', () => {
    const [sel] = couponLines(line({ 7: game('live') }), everything, [{ gameId: 7, outcomeId: 'o1', coef: 2 }]);
    expect(sel).toEqual({
      index: 0,
      gameId: 7,
      outcomeId: 'o1',
      marketId: 'm1',
      coef: 2.1,
      previousCoef: 2,
      changed: true,
      blocked: false,
      finished: false,
      live: true,
      home: 'Home FC',
      away: 'Away FC',
      marketType: '1x2',
      marketLine: null,
      outcomeCode: 'home',
      outcomeNameKey: 'feed:outcome.home',
    });
  });

  it('reads a game the line lacks, the offer hides or no site shows as finished, at the coefficient sent', () => {
    const model = line({ 7: game('live') });
    const sent = [{ gameId: 7, outcomeId: 'o1', coef: 2 }];
    const unknown = [{ gameId: 8, outcomeId: 'o1', coef: 2 }];
    const gone = { marketId: '', coef: 2, changed: false, blocked: true, finished: true, live: false };
    expect(couponLines(model, everything, unknown)[0]).toEqual({
      index: 0,
      gameId: 8,
      outcomeId: 'o1',
      previousCoef: 2,
      ...gone,
    });
    expect(couponLines(model, noLive, sent)[0]).toMatchObject(gone);
    expect(couponLines(model, undefined, sent)[0]).toMatchObject(gone);
  });

  it('blocks a suspended market and keeps the sent coefficient of a finished game', () => {
    const sent = [{ gameId: 7, outcomeId: 'o1', coef: 2 }];
    expect(couponLines(line({ 7: game('prematch', 2, 'suspended') }), everything, sent)[0]).toMatchObject({
      blocked: true,
      finished: false,
      changed: false,
    });
    expect(couponLines(line({ 7: game('finished', 3) }), everything, sent)[0]).toMatchObject({
      coef: 2,
      finished: true,
      changed: false,
    });
  });
});

describe('saveCoupon refusals (nothing is written)', () => {
  const ctx: CouponContext = {
    db: {
      query: () => {
        throw new Error('nothing may be written');
      },
    } as unknown as CouponContext['db'],
    model: () => line({ 7: game('live') }),
    clock: () => new Date('2026-01-01T00:00:00Z'),
  };
  const rules = (saveLoad: boolean, offer = everything) => ({ features: { saveLoad }, offer }) as unknown as BetRules;
  const body = (gameId: number, outcomeId = 'o1') => ({ vid: 0 as const, Events: [{ gameId, outcomeId, coef: 2 }] });

  async function codeOf(work: Promise<unknown>): Promise<string> {
    const error: unknown = await work.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BetRefusal);
    return (error as BetRefusal).code;
  }

  it('refuses without a site, with saveLoad off, a game not offered and an unknown outcome', async () => {
    expect(await codeOf(saveCoupon(ctx, undefined, body(7)))).toBe('coupon_not_found');
    expect(await codeOf(saveCoupon(ctx, { brandId: 'b', rules: rules(false) }, body(7)))).toBe('feature_disabled');
    expect(await codeOf(saveCoupon(ctx, { brandId: 'b', rules: rules(true) }, body(8)))).toBe('game_closed');
    expect(await codeOf(saveCoupon(ctx, { brandId: 'b', rules: rules(true, noLive) }, body(7)))).toBe('game_closed');
    expect(await codeOf(saveCoupon(ctx, { brandId: 'b', rules: rules(true) }, body(7, 'o2')))).toBe('outcome_unknown');
  });
});
