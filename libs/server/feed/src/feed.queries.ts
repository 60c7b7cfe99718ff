import type { FeedFilter } from './feed-filter';
import type {
  FeedChamp,
  FeedChampionship,
  FeedGameResponse,
  FeedGameRow,
  FeedMarket,
  FeedProviderMarket,
  FeedSport,
  FeedSportsResponse,
} from '@tessera/shared/contract-api';
import type { FeedReadModel, GameEntry } from './feed.read-model';

/** Line (pre-match, feed kind 3) or live (feed kind 1): which games a call lists. */
export type FeedKindName = 'line' | 'live';

/** Feed kind numbers of spec section 3. */
export const FEED_KIND_NUMBER: Record<FeedKindName, 1 | 3> = { live: 1, line: 3 };

/** What every query knows about the request: kind, the brand's filter, names in the request's language. */
export interface QueryContext {
  kind: FeedKindName;
  filter: FeedFilter;
  /** The request's `virtualSports` (default true): false hides virtual sports even where the brand shows them. */
  virtualSports: boolean;
  sportName(sport: FeedSport): string;
}

/** Filters shared by the list calls; absent means no restriction. */
export interface GameCriteria {
  sportIds?: readonly number[] | undefined;
  champIds?: readonly number[] | undefined;
  teamIds?: readonly number[] | undefined;
  gameIds?: readonly number[] | undefined;
  /** Unix seconds, inclusive. */
  tsFrom?: number | undefined;
  tsTo?: number | undefined;
}

/** Whether the brand may show this sport to this request. */
export function sportVisible(ctx: QueryContext, sport: FeedSport | undefined): sport is FeedSport {
  return ctx.filter.allows(sport) && (ctx.virtualSports || sport?.kind !== 'virtual');
}

/** Whether a game belongs to the call's kind and the brand may show it (the offer bet placement applies too, ADR 0190). */
export function gameVisible(model: FeedReadModel, ctx: QueryContext, entry: GameEntry): boolean {
  const status = entry.game.status;
  const inKind = ctx.kind === 'line' ? status === 'prematch' : status === 'live';
  const sport = model.sports.get(entry.game.sportId);
  return inKind && ctx.filter.offers(entry.game, sport) && sportVisible(ctx, sport);
}

function candidateIds(model: FeedReadModel, c: GameCriteria): Iterable<number> {
  // Start from the smallest index the criteria name, so a request never walks the whole feed needlessly.
  const union = (index: Map<number, Set<number>>, keys: readonly number[]): Set<number> => {
    const out = new Set<number>();
    for (const k of keys) for (const id of index.get(k) ?? []) out.add(id);
    return out;
  };
  if (c.gameIds) return c.gameIds;
  if (c.champIds) return union(model.byChamp, c.champIds);
  if (c.teamIds) return union(model.byTeam, c.teamIds);
  if (c.sportIds) return union(model.bySport, c.sportIds);
  return model.games.keys();
}

/** The visible games matching the criteria, sorted by start time then id (live: by sport order first). */
export function selectGames(model: FeedReadModel, ctx: QueryContext, c: GameCriteria): GameEntry[] {
  const out: GameEntry[] = [];
  const seen = new Set<number>();
  const sportSet = c.sportIds ? new Set(c.sportIds) : undefined;
  const champSet = c.champIds ? new Set(c.champIds) : undefined;
  const teamSet = c.teamIds ? new Set(c.teamIds) : undefined;
  const from = c.tsFrom !== undefined ? c.tsFrom * 1000 : -Infinity;
  const to = c.tsTo !== undefined ? c.tsTo * 1000 : Infinity;
  for (const id of candidateIds(model, c)) {
    if (seen.has(id)) continue;
    seen.add(id);
    const entry = model.games.get(id);
    if (!entry || !gameVisible(model, ctx, entry)) continue;
    const g = entry.game;
    if (sportSet && !sportSet.has(g.sportId)) continue;
    if (champSet && !champSet.has(g.champId)) continue;
    if (teamSet && !teamSet.has(g.home.id) && !teamSet.has(g.away.id)) continue;
    if (g.startsAt < from || g.startsAt > to) continue;
    out.push(entry);
  }
  if (c.gameIds) return out;
  const order = new Map(model.sportOrder.map((id, i) => [id, i]));
  return out.sort(
    (a, b) =>
      (ctx.kind === 'live' ? (order.get(a.game.sportId) ?? 0) - (order.get(b.game.sportId) ?? 0) : 0) ||
      a.game.startsAt - b.game.startsAt ||
      a.game.id - b.game.id,
  );
}

/** A market for the wire. */
export function marketView(m: FeedProviderMarket): FeedMarket {
  return {
    id: m.id,
    type: m.type,
    line: m.line ?? null,
    status: m.status,
    suspendReason: m.suspendReason ?? null,
    outcomes: m.outcomes.map((o) => ({ id: o.id, code: o.code, nameKey: o.nameKey, odds: o.odds, status: o.status })),
  };
}

/** Market types with a line that the Asian view lists per game. */
export type MainLineType = 'handicap' | 'total';

/**
 * The main line of a game's handicaps or totals: of the two-way markets of that type, an open one before a suspended
 * or settled one, then the one whose two prices are closest to even (the balanced line bookmakers lead with), then
 * the smaller line, so the pick is deterministic. Undefined when the game has no such market.
 */
export function mainLineMarket(
  markets: readonly FeedProviderMarket[],
  type: MainLineType,
): FeedProviderMarket | undefined {
  let best: FeedProviderMarket | undefined;
  let bestRank: [number, number, number, number] | undefined;
  for (const m of markets) {
    const [a, b] = m.outcomes;
    if (m.type !== type || m.line === undefined || m.outcomes.length !== 2 || !a || !b) continue;
    const rank: [number, number, number, number] = [
      m.status === 'open' ? 0 : 1,
      Math.abs(1 / a.odds - 1 / b.odds),
      Math.abs(m.line),
      m.line,
    ];
    if (!bestRank || isLess(rank, bestRank)) {
      best = m;
      bestRank = rank;
    }
  }
  return best;
}

function isLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

function nullableView(m: FeedProviderMarket | undefined): FeedMarket | null {
  return m ? marketView(m) : null;
}

/** A game row for the wire. */
export function gameRow(model: FeedReadModel, ctx: QueryContext, entry: GameEntry): FeedGameRow {
  const g = entry.game;
  // Markets a live game may not offer in the brand's country (live-markets.ts in bets, DEGGL-LIVE-1) are left out.
  const markets = ctx.filter.liveMarketsRestricted
    ? entry.markets.filter((m) => ctx.filter.offersMarket(g, m))
    : entry.markets;
  const main = entry.mainMarket && ctx.filter.offersMarket(g, entry.mainMarket) ? entry.mainMarket : undefined;
  const sport = model.sports.get(g.sportId);
  const champ = model.champs.get(g.champId);
  return {
    id: g.id,
    kind: g.status === 'live' ? 1 : 3,
    sportId: g.sportId,
    sportName: sport ? ctx.sportName(sport) : '',
    champId: g.champId,
    champName: champ?.name ?? '',
    countryId: champ?.countryId ?? 0,
    home: { id: g.home.id, name: g.home.name },
    away: { id: g.away.id, name: g.away.name },
    startsAt: Math.floor(g.startsAt / 1000),
    status: g.status,
    live: g.live
      ? {
          period: g.live.period,
          clockSeconds: g.live.clockSeconds,
          clockRunning: g.live.clockRunning,
          score: { home: g.live.score.home, away: g.live.score.away },
          periodScores: g.live.periodScores.map((s) => ({ home: s.home, away: s.away })),
        }
      : null,
    mainMarket: main ? marketView(main) : null,
    mainHandicap: nullableView(mainLineMarket(markets, 'handicap')),
    mainTotal: nullableView(mainLineMarket(markets, 'total')),
    marketsCount: markets.length,
  };
}

/** A championship row with its number of visible games. */
export function champView(
  model: FeedReadModel,
  ctx: QueryContext,
  champ: FeedChampionship,
  gamesCount: number,
): FeedChamp {
  const sport = model.sports.get(champ.sportId);
  const country = model.countries.get(champ.countryId);
  return {
    id: champ.id,
    name: champ.name,
    sportId: champ.sportId,
    sportName: sport ? ctx.sportName(sport) : '',
    countryId: champ.countryId,
    countryName: country?.name ?? '',
    countryIso: country?.iso ?? null,
    tier: champ.tier,
    gamesCount,
  };
}

/** Sports with visible games, with game and championship counts; the brand's top sports first. */
export function sportsShort(model: FeedReadModel, ctx: QueryContext, c: GameCriteria): FeedSportsResponse['sports'] {
  const counts = new Map<number, { games: number; champs: Set<number> }>();
  for (const entry of selectGames(model, ctx, c)) {
    let n = counts.get(entry.game.sportId);
    if (!n) counts.set(entry.game.sportId, (n = { games: 0, champs: new Set() }));
    n.games++;
    n.champs.add(entry.game.champId);
  }
  const top = new Map(ctx.filter.topSports.map((id, i) => [id, i]));
  const order = new Map(model.sportOrder.map((id, i) => [id, i]));
  return [...counts.entries()]
    .map(([id, n]) => ({ sport: model.sports.get(id), n }))
    .filter((x): x is { sport: FeedSport; n: { games: number; champs: Set<number> } } => x.sport !== undefined)
    .sort(
      (a, b) =>
        (top.get(a.sport.id) ?? Infinity) - (top.get(b.sport.id) ?? Infinity) ||
        (order.get(a.sport.id) ?? 0) - (order.get(b.sport.id) ?? 0),
    )
    .map(({ sport, n }) => ({
      id: sport.id,
      name: ctx.sportName(sport),
      kind: sport.kind,
      gamesCount: n.games,
      champsCount: n.champs.size,
    }));
}

/** Championships with visible games: tier first, then most games, then name. */
export function champsList(model: FeedReadModel, ctx: QueryContext, c: GameCriteria): FeedChamp[] {
  const counts = new Map<number, number>();
  for (const entry of selectGames(model, ctx, c))
    counts.set(entry.game.champId, (counts.get(entry.game.champId) ?? 0) + 1);
  const out: FeedChamp[] = [];
  for (const [id, n] of counts) {
    const champ = model.champs.get(id);
    if (champ) out.push(champView(model, ctx, champ, n));
  }
  return out.sort(
    (a, b) => a.tier - b.tier || b.gamesCount - a.gamesCount || a.name.localeCompare(b.name) || a.id - b.id,
  );
}

/**
 * The market groups of a game, in the feed's order, each with the markets the filter offers (a closed type of a live
 * game left out); empty groups left out.
 */
export function gameGroups(model: FeedReadModel, entry: GameEntry, filter?: FeedFilter): FeedGameResponse['groups'] {
  return model.marketGroups
    .map((group) => ({
      id: group.id,
      nameKey: group.nameKey,
      markets: entry.markets
        .filter((m) => m.groupId === group.id && (!filter || filter.offersMarket(entry.game, m)))
        .map(marketView),
    }))
    .filter((g) => g.markets.length > 0);
}

/** The longest search text used: longer texts are cut (spec section 5: search max 100). */
export const SEARCH_MAX = 100;

/** The search text cut to {@link SEARCH_MAX} characters counted as code points, so an emoji is never split in half. */
export function cutSearchText(text: string): string {
  let cut = '';
  let count = 0;
  for (const ch of text) {
    if (count === SEARCH_MAX) break;
    cut += ch;
    count += 1;
  }
  return cut;
}

/** Games whose teams match every word of the text (or the whole text with `strict`), and matching championships. */
export function search(model: FeedReadModel, ctx: QueryContext, text: string, strict: boolean, limit: number) {
  const needle = text.trim().toLowerCase();
  if (needle.length === 0) return { games: [] as GameEntry[], champs: [] as FeedChamp[] };
  const words = strict ? [needle] : needle.split(/\s+/);
  const games = selectGames(model, ctx, {})
    .filter((e) => words.every((w) => e.searchText.includes(w)))
    .slice(0, limit);
  const champs = champsList(model, ctx, {})
    .filter((c) => words.every((w) => c.name.toLowerCase().includes(w)))
    .slice(0, limit);
  return { games, champs };
}

/** Odds band of an express-of-the-day pick: a likely outcome that still pays something. */
const EXPRESS_ODDS = { min: 1.2, max: 2.2 } as const;

/** One pick of the express of the day. */
export interface ExpressPick {
  entry: GameEntry;
  marketId: string;
  outcomeId: string;
  code: string;
  odds: number;
}

/**
 * The express (accumulator) of the day: the favourite of the main market in up to `count` games from different
 * championships, top tiers and soonest starts first, each priced within a likely-but-paying band. Deterministic
 * for a given feed state, so every visitor of a brand sees the same express.
 */
export function expressOfTheDay(model: FeedReadModel, ctx: QueryContext, count: number): ExpressPick[] {
  const candidates = selectGames(model, ctx, {}).sort(
    (a, b) =>
      (model.champs.get(a.game.champId)?.tier ?? 9) - (model.champs.get(b.game.champId)?.tier ?? 9) ||
      a.game.startsAt - b.game.startsAt ||
      a.game.id - b.game.id,
  );
  const picks: ExpressPick[] = [];
  const usedChamps = new Set<number>();
  for (const entry of candidates) {
    if (picks.length >= count) break;
    const market = entry.mainMarket;
    if (!market || market.status !== 'open' || usedChamps.has(entry.game.champId)) continue;
    if (!ctx.filter.offersMarket(entry.game, market)) continue;
    const open = market.outcomes.filter((o) => o.status === 'open');
    const favourite = open.reduce<(typeof open)[number] | undefined>(
      (best, o) => (!best || o.odds < best.odds ? o : best),
      undefined,
    );
    if (!favourite || favourite.odds < EXPRESS_ODDS.min || favourite.odds > EXPRESS_ODDS.max) continue;
    usedChamps.add(entry.game.champId);
    picks.push({ entry, marketId: market.id, outcomeId: favourite.id, code: favourite.code, odds: favourite.odds });
  }
  return picks.length >= 2 ? picks : [];
}

/** Top championships: first tier, most visible games. */
export function topChamps(model: FeedReadModel, ctx: QueryContext, count: number): FeedChamp[] {
  return champsList(model, ctx, {}).slice(0, count);
}

/** Top games: first-tier championships, most markets, soonest start. */
export function topGames(model: FeedReadModel, ctx: QueryContext, count: number): GameEntry[] {
  return selectGames(model, ctx, {})
    .sort(
      (a, b) =>
        (model.champs.get(a.game.champId)?.tier ?? 9) - (model.champs.get(b.game.champId)?.tier ?? 9) ||
        b.markets.length - a.markets.length ||
        a.game.startsAt - b.game.startsAt ||
        a.game.id - b.game.id,
    )
    .slice(0, count);
}
