import type { Database } from '@tessera/server/db';
import { cashOutBet, getAccountBalance, stakeBet, userAccount } from '@tessera/server/ledger';
import type { SaleBetRequest, SaleBetResponse, SaleInfoResponse } from '@tessera/shared/contract-api';
import { fromMinorUnits, toMinorUnits } from '@tessera/shared/util-format';
import { offeredGame, type LineModel } from './line.port';
import type { SiteOffer } from './site-offer';
import { saleValue, type SaleSelection } from './bet-maths';
import type { BetRules } from './bets.config';
import { refusal } from './refusals';
import { findBet, findSelections, type BetRow, type SelectionRow } from './bets.repository';
import type { Bettor } from './bets.service';

/** What selling needs. */
export interface SaleContext {
  db: Database;
  model: () => LineModel;
  clock: () => Date;
}

/** GetSaleInfo's answer (the generated contract's). */
export type SaleInfo = SaleInfoResponse;

function currentCoef(model: LineModel, offer: SiteOffer, s: SelectionRow): number | undefined {
  // A game the bettor's brand and country do not show (a live game where live is off, ...) has no price to sell at.
  const found = offeredGame(model, offer, s.gameId)?.outcomeById.get(s.outcomeId);
  if (!found || found.market.status !== 'open' || found.outcome.status !== 'open') return undefined;
  return found.outcome.odds;
}

/**
 * The value of selling the whole bet now, in minor units, or undefined (README: sale of a bet): open selections are priced only
 * on games the bettor's offer shows (ADR 0190).
 */
export function valueNow(
  model: LineModel,
  rules: Pick<BetRules, 'offer' | 'saleMarginPercent'>,
  bet: BetRow,
  selections: readonly SelectionRow[],
): number | undefined {
  if (bet.status !== 'accepted') return undefined;
  const sale: SaleSelection[] = selections.map((s) => ({
    coef: s.coef,
    result: s.result,
    currentCoef: s.result === null ? currentCoef(model, rules.offer, s) : undefined,
  }));
  return saleValue(bet.kind, bet.stake - bet.stakeTax, sale, rules.saleMarginPercent);
}

async function ownBet(
  db: Database,
  bettor: Bettor,
  betId: string,
): Promise<{ bet: BetRow; selections: SelectionRow[] }> {
  const bet = await findBet(db, betId);
  if (!bet || bet.userId !== bettor.userId || bet.brandId !== bettor.brandId)
    throw refusal('bet_not_found', `no bet ${betId}`);
  return { bet, selections: await findSelections(db, [bet.id]) };
}

/** True when a bet shows a sale button: the feature is on and a value is available now. */
export function canSell(model: LineModel, rules: BetRules, bet: BetRow, selections: readonly SelectionRow[]): boolean {
  return rules.features.sale && valueNow(model, rules, bet, selections) !== undefined;
}

/** GetSaleInfo: what the bet sells for now. */
export async function saleInfo(ctx: SaleContext, bettor: Bettor, rules: BetRules, betId: string): Promise<SaleInfo> {
  if (!rules.features.sale) throw refusal('feature_disabled', 'sale is switched off for this site and country');
  const { bet, selections } = await ownBet(ctx.db, bettor, betId);
  const value = valueNow(ctx.model(), rules, bet, selections);
  if (value === undefined) throw refusal('sale_unavailable', 'this bet cannot be sold now');
  const minimum = rules.coupon.minStake[bet.currency] ?? 0;
  return {
    betId: bet.id,
    saleSumm: fromMinorUnits(value),
    partSale: rules.features.partSale,
    minPartSumm: minimum,
    summ: fromMinorUnits(bet.stake - bet.stakeTax),
  };
}

/** SaleBet's answer (the generated contract's). */
export type SaleResult = SaleBetResponse;

/**
 * SaleBet: sells the whole bet (ledger cashOutBet) or a part of its stake (cash out, then re-stake the rest under a
 * new ledger key in the same transaction), at the value now; never below the value the bettor saw.
 */
export async function sell(
  ctx: SaleContext,
  bettor: Bettor,
  rules: BetRules,
  request: SaleBetRequest,
): Promise<SaleResult> {
  if (!rules.features.sale) throw refusal('feature_disabled', 'sale is switched off for this site and country');
  const partial = request.Summ !== undefined;
  if (partial && !rules.features.partSale)
    throw refusal('feature_disabled', 'partSale is switched off for this site and country');
  const at = ctx.clock();
  let paid = 0;
  let remaining = 0;
  const betId = await ctx.db.transaction(async (tx) => {
    const bet = await findBet(tx, request.SaleBetId, true);
    if (!bet || bet.userId !== bettor.userId || bet.brandId !== bettor.brandId)
      throw refusal('bet_not_found', `no bet ${request.SaleBetId}`);
    const selections = await findSelections(tx, [bet.id]);
    const value = valueNow(ctx.model(), rules, bet, selections);
    if (value === undefined) throw refusal('sale_unavailable', 'this bet cannot be sold now');
    const net = bet.stake - bet.stakeTax;
    let part = net;
    if (partial) {
      part = toMinorUnits(request.Summ ?? 0);
      const minimum = toMinorUnits(rules.coupon.minStake[bet.currency] ?? 0);
      if (part <= 0 || part >= net || part < minimum || net - part < minimum) {
        throw refusal(
          'sale_amount_invalid',
          `a part sale sells from ${fromMinorUnits(minimum).toFixed(2)} up to the stake less ${fromMinorUnits(minimum).toFixed(2)}`,
        );
      }
    }
    paid = part === net ? value : Math.floor((value * part) / net);
    if (request.saleSumm !== undefined && paid < toMinorUnits(request.saleSumm)) {
      throw refusal('sale_unavailable', `the value is now ${fromMinorUnits(paid).toFixed(2)}`);
    }
    if (paid <= 0) throw refusal('sale_unavailable', 'this bet cannot be sold now');
    remaining = net - part;
    // The bet row first, the ledger after: a bet's change moves the bettor's stake usage (migration 0620), whose row is
    // always locked before the balance rows (ADR 0295), or a sale and a placement of one bettor could deadlock.
    if (remaining === 0) {
      await tx.query(
        `update bets set status = 'sold', sold_amount = sold_amount + $2, payout = sold_amount + $2, payout_tax = 0, settled_at = $3 where id = $1`,
        [bet.id, paid, at],
      );
      await cashOutBet(tx, { betGuid: bet.ledgerGuid, amount: paid, at });
    } else {
      // The sold part is paid and the rest is held again under a fresh key: one bet closes, one opens, both balanced.
      const sales = Number(bet.details['partSales'] ?? 0) + 1;
      const ledgerGuid = `${bet.betGuid}:${bet.lineNo}:p${sales}`;
      await tx.query(
        `update bets set ledger_guid = $2, stake = $3, stake_tax = 0, sold_amount = sold_amount + $4,
           potential_win = $5, details = details || $6::jsonb where id = $1`,
        [
          bet.id,
          ledgerGuid,
          remaining,
          paid,
          Math.round((bet.potentialWin * remaining) / net),
          JSON.stringify({ partSales: sales }),
        ],
      );
      await cashOutBet(tx, { betGuid: bet.ledgerGuid, amount: paid + remaining, at });
      await stakeBet(tx, {
        brandId: bet.brandId,
        userId: bet.userId,
        currency: bet.currency,
        betGuid: ledgerGuid,
        stake: remaining,
        at,
      });
    }
    return bet.id;
  });
  const balance = await getAccountBalance(ctx.db, userAccount(bettor.userId, bettor.currency));
  return {
    status: 'sold',
    betId,
    saleSumm: fromMinorUnits(paid),
    remainingSumm: fromMinorUnits(remaining),
    balance: fromMinorUnits(balance),
    currency: bettor.currency,
  };
}
