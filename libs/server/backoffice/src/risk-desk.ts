import type { Queryable } from '@tessera/server/db';
import type {
  BackofficeBet,
  BackofficeBetsQuery,
  BackofficeBetsResponse,
  BackofficeLiabilityResponse,
} from '@tessera/shared/contract-api';
import { fromMinorUnits } from '@tessera/shared/util-format';
import { type Actor, type BackofficeContext, notFound, scopeParam } from './context';

/** A bet row as the risk desk reads it. */
export interface RiskBetRow {
  id: string;
  brand_id: string;
  user_id: string;
  kind: BackofficeBet['kind'];
  status: BackofficeBet['status'];
  hold_reason: BackofficeBet['holdReason'];
  stake: string;
  currency: string;
  coef: string;
  potential_win: string;
  payout: string | null;
  created_at: Date;
  settled_at: Date | null;
  details: Record<string, unknown>;
}

/** The columns of {@link RiskBetRow}, from `bets b`. */
export const riskBetColumns = `b.id, b.brand_id, b.user_id, b.kind, b.status, b.hold_reason, b.stake::text as stake,
  b.currency, b.coef::text as coef, b.potential_win::text as potential_win, b.payout::text as payout, b.created_at,
  b.settled_at, b.details`;

const iso = (d: Date | string) => new Date(d).toISOString();
const money = (minor: string | number) => fromMinorUnits(Number(minor));

/** Bets with their selections, in the rows' order. */
export async function withSelections(q: Queryable, rows: readonly RiskBetRow[]): Promise<BackofficeBet[]> {
  if (rows.length === 0) return [];
  const { rows: selections } = await q.query<{
    bet_id: string;
    game_id: string;
    home: string;
    away: string;
    market_id: string;
    market_type: string | null;
    outcome_id: string;
    outcome_code: string | null;
    coef: string;
    result: BackofficeBet['selections'][number]['result'];
  }>(
    `select bet_id, game_id::text as game_id, home, away, market_id, market_type, outcome_id, outcome_code,
            coef::text as coef, result
       from bet_selections where bet_id = any($1::text[]) order by bet_id, ord`,
    [rows.map((r) => r.id)],
  );
  const byBet = new Map<string, BackofficeBet['selections']>();
  for (const s of selections) {
    const list = byBet.get(s.bet_id) ?? [];
    list.push({
      gameId: Number(s.game_id),
      home: s.home,
      away: s.away,
      marketId: s.market_id,
      market: s.market_type,
      outcomeId: s.outcome_id,
      outcome: s.outcome_code,
      odds: Number(s.coef),
      result: s.result,
    });
    byBet.set(s.bet_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    brandId: r.brand_id,
    playerId: r.user_id,
    kind: r.kind,
    status: r.status,
    holdReason: r.hold_reason,
    stake: money(r.stake),
    currency: r.currency,
    odds: Number(r.coef),
    potentialWin: money(r.potential_win),
    payout: r.payout === null ? null : money(r.payout),
    placedAt: iso(r.created_at),
    settledAt: r.settled_at === null ? null : iso(r.settled_at),
    selections: byBet.get(r.id) ?? [],
  }));
}

/** One bet of the operator's brands with its selections, or 404. */
export async function betIn(q: Queryable, actor: Actor, betId: string): Promise<BackofficeBet> {
  const { rows } = await q.query<RiskBetRow>(
    `select ${riskBetColumns} from bets b where b.id = $1 and ($2::text[] is null or b.brand_id = any($2::text[]))`,
    [betId, scopeParam(actor.operator)],
  );
  const [bet] = await withSelections(q, rows);
  if (!bet) throw notFound('bet');
  return bet;
}

/**
 * The risk desk's bet search: by bet id or player account id (`q`), by game, by status; every filter given must hold;
 * 50 bets of the operator's brands, newest first. Bets carry no personal data beyond the account id: not audited.
 */
export async function searchBets(
  ctx: Pick<BackofficeContext, 'db'>,
  actor: Actor,
  query: BackofficeBetsQuery,
): Promise<BackofficeBetsResponse> {
  const q = query.q?.trim() ?? '';
  const { rows } = await ctx.db.query<RiskBetRow>(
    `select ${riskBetColumns} from bets b
      where ($1::text[] is null or b.brand_id = any($1::text[]))
        and ($2::text = '' or b.id = $2 or b.user_id = $2)
        and ($3::bigint is null or exists (select 1 from bet_selections s where s.bet_id = b.id and s.game_id = $3))
        and ($4::text is null or b.status = $4)
      order by b.created_at desc, b.id desc limit 50`,
    [scopeParam(actor.operator), q, query.game ?? null, query.status ?? null],
  );
  return { bets: await withSelections(ctx.db, rows) };
}

/**
 * Liability per event and market: every open (accepted, unsettled) bet of the operator's brands, per game, market
 * and currency; per outcome the bets, their stakes and what they return if it wins. The market's liability is its
 * worst outcome for the house: that outcome's returns less every stake on the market. An express counts its whole
 * return on each of its open selections (the house's worst case). The 100 largest, largest first.
 */
export async function liability(
  ctx: Pick<BackofficeContext, 'db'>,
  actor: Actor,
): Promise<BackofficeLiabilityResponse> {
  const { rows } = await ctx.db.query<{
    game_id: string;
    home: string;
    away: string;
    market_id: string;
    market_type: string | null;
    outcome_id: string;
    outcome_code: string | null;
    currency: string;
    bets: string;
    stakes: string;
    payout: string;
  }>(
    `select s.game_id::text as game_id, min(s.home) as home, min(s.away) as away, s.market_id,
            min(s.market_type) as market_type, s.outcome_id, min(s.outcome_code) as outcome_code, b.currency,
            count(distinct b.id)::text as bets, sum(b.stake)::text as stakes, sum(b.potential_win)::text as payout
       from bets b join bet_selections s on s.bet_id = b.id
      where b.status = 'accepted' and s.result is null
        and ($1::text[] is null or b.brand_id = any($1::text[]))
      group by s.game_id, s.market_id, s.outcome_id, b.currency`,
    [scopeParam(actor.operator)],
  );
  const markets = new Map<string, BackofficeLiabilityResponse['markets'][number]>();
  for (const r of rows) {
    const key = `${r.game_id}\u0000${r.market_id}\u0000${r.currency}`;
    const market = markets.get(key) ?? {
      gameId: Number(r.game_id),
      home: r.home,
      away: r.away,
      marketId: r.market_id,
      market: r.market_type,
      currency: r.currency,
      bets: 0,
      stakes: 0,
      liability: 0,
      outcomes: [],
    };
    market.outcomes.push({
      outcomeId: r.outcome_id,
      outcome: r.outcome_code,
      bets: Number(r.bets),
      stakes: money(r.stakes),
      payout: money(r.payout),
    });
    market.bets += Number(r.bets);
    market.stakes = fromMinorUnits(Math.round(market.stakes * 100) + Number(r.stakes));
    markets.set(key, market);
  }
  const list = [...markets.values()].map((m) => {
    const worst = Math.max(...m.outcomes.map((o) => Math.round(o.payout * 100)));
    m.outcomes.sort((a, b) => b.payout - a.payout || a.outcomeId.localeCompare(b.outcomeId));
    return { ...m, liability: fromMinorUnits(worst - Math.round(m.stakes * 100)) };
  });
  list.sort((a, b) => b.liability - a.liability || a.gameId - b.gameId || a.marketId.localeCompare(b.marketId));
  return { markets: list.slice(0, 100) };
}
