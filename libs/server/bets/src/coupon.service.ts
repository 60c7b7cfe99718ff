import { randomInt } from 'node:crypto';
import type { Queryable } from '@tessera/server/db';
import type {
  CouponEvent,
  CouponEventsRequest,
  CouponResponse,
  SaveCouponRequest,
  SaveCouponResponse,
} from '@tessera/shared/contract-api';
import type { BetRules } from './bets.config';
import { offeredGame, type LineModel } from './line.port';
import { refusal } from './refusals';
import type { SiteOffer } from './site-offer';

/** How long a saved coupon is kept. */
export const COUPON_DAYS = 7;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The coupon's selections as the line stands now for this bettor: a game their brand and country do not show (or no
 * brand at all) reads exactly as a game the line does not have (ADR 0190).
 */
export function couponLines(
  model: LineModel,
  offer: SiteOffer | undefined,
  events: readonly CouponEvent[],
): CouponResponse['events'] {
  return events.map((e, index) => {
    const entry = offer ? offeredGame(model, offer, e.gameId) : undefined;
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

/** What saving and loading coupons read and write. */
export interface CouponContext {
  db: Queryable;
  model: () => LineModel;
  clock: () => Date;
}

/** The site a coupon call is for: its brand, and the rules of the bettor's (or visitor's) country; absent: no site. */
export interface CouponSite {
  brandId: string;
  rules: BetRules;
}

function requireSaveLoad(site: CouponSite | undefined): CouponSite {
  if (!site) throw refusal('coupon_not_found', 'no site');
  if (!site.rules.features.saveLoad)
    throw refusal('feature_disabled', 'saveLoad is switched off for this site and country');
  return site;
}

/**
 * UpdateCoupon, and GetCoupon: without a code the coupon sent as the line stands now; with one, the saved coupon of
 * this brand (feature saveLoad) that has not expired.
 */
export async function loadCoupon(
  ctx: CouponContext,
  site: CouponSite | undefined,
  body: CouponEventsRequest,
): Promise<CouponResponse> {
  const code = body.CouponCode;
  if (!code) return { events: couponLines(ctx.model(), site?.rules.offer, body.Events ?? []) };
  const { brandId, rules: siteRules } = requireSaveLoad(site);
  const found = await ctx.db.query(
    `select payload from saved_coupons where code = $1 and brand_id = $2 and expires_at > $3`,
    [code, brandId, ctx.clock()],
  );
  const payload = found.rows[0]?.['payload'] as SaveCouponRequest | undefined;
  if (!payload) throw refusal('coupon_not_found', `no saved coupon ${code}`);
  return {
    CouponCode: code,
    vid: payload.vid,
    ...(payload.Summ !== undefined ? { Summ: payload.Summ } : {}),
    ...(payload.expressNum !== undefined ? { expressNum: payload.expressNum } : {}),
    events: couponLines(ctx.model(), siteRules.offer, payload.Events),
  };
}

/**
 * SaveCoupon: keeps the coupon as sent for {@link COUPON_DAYS} days under a new 8-character code. It holds selections
 * of the line this bettor sees: a game the line does not have or their brand and country do not show is refused as
 * closed (ADR 0190), an outcome the game does not have as unknown.
 */
export async function saveCoupon(
  ctx: CouponContext,
  site: CouponSite | undefined,
  body: SaveCouponRequest,
): Promise<SaveCouponResponse> {
  const { brandId, rules } = requireSaveLoad(site);
  const model = ctx.model();
  for (const e of body.Events) {
    const entry = offeredGame(model, rules.offer, e.gameId);
    if (!entry) throw refusal('game_closed', `game ${e.gameId} is finished or not offered`);
    if (!entry.outcomeById.has(e.outcomeId))
      throw refusal('outcome_unknown', `no outcome ${e.outcomeId} in game ${e.gameId}`);
  }
  const now = ctx.clock();
  for (;;) {
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const inserted = await ctx.db.query(
      `insert into saved_coupons (code, brand_id, payload, created_at, expires_at) values ($1, $2, $3, $4, $5) on conflict (code) do nothing returning code`,
      [code, brandId, JSON.stringify(body), now, new Date(now.getTime() + COUPON_DAYS * 86_400_000)],
    );
    if (inserted.rows.length === 1) return { CouponCode: code };
  }
}
