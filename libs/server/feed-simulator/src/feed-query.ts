/**
 * Selecting games from a snapshot with the filter names the platform's feed calls use on the wire
 * (spec section 7: sports, champs, games, count, tsFrom, tsTo; feed kind LIVE 1 / LINE 3 from section 3).
 */
import type { FeedGame } from '@tessera/shared/contract-api';
import { FEED_KIND, type FeedKind } from './model';

/** A filter over the games of a feed; every field is optional and fields combine with AND. */
export interface FeedQuery {
  /** LIVE (1): games in play; LINE (3): games not started yet. Absent: both. */
  kind?: FeedKind;
  sports?: readonly number[];
  champs?: readonly number[];
  games?: readonly number[];
  /** Earliest start, Unix seconds (inclusive). */
  tsFrom?: number;
  /** Latest start, Unix seconds (inclusive). */
  tsTo?: number;
  /** Maximum number of games returned. */
  count?: number;
}

/** The open games matching a query, soonest start first (then by id, so pages are stable). */
export function selectGames<G extends FeedGame>(snapshot: { games: readonly G[] }, query: FeedQuery = {}): G[] {
  const has = (list: readonly number[] | undefined, id: number): boolean =>
    list === undefined || list.length === 0 || list.includes(id);
  const selected = snapshot.games.filter((g) => {
    if (
      query.kind === FEED_KIND.LIVE
        ? g.status !== 'live'
        : query.kind === FEED_KIND.LINE
          ? g.status !== 'prematch'
          : g.status !== 'live' && g.status !== 'prematch'
    )
      return false;
    if (!has(query.sports, g.sportId) || !has(query.champs, g.champId) || !has(query.games, g.id)) return false;
    if (query.tsFrom !== undefined && g.startsAt < query.tsFrom * 1000) return false;
    if (query.tsTo !== undefined && g.startsAt > query.tsTo * 1000) return false;
    return true;
  });
  selected.sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  return query.count === undefined ? selected : selected.slice(0, Math.max(0, query.count));
}
