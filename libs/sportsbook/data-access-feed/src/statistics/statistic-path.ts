/** What a statistic popup address asks for (the reverse of the statistic link builders). */
export type StatisticTarget =
  | { kind: 'game'; sportId: number | undefined; gameId: number; tabName: string }
  | { kind: 'team'; sportId: number | undefined; teamId: number }
  /** A kind the platform has no statistics for yet: the page says so. */
  | { kind: 'unavailable'; type: StatisticUnavailableKind };

/** Popup kinds of spec section 2 that have no statistics on this platform yet. */
export const STATISTIC_UNAVAILABLE_KINDS = [
  'player',
  'stage',
  'tournament',
  'rating',
  'horse',
  'graph',
  'cyber',
] as const;

/** One of {@link STATISTIC_UNAVAILABLE_KINDS}. */
export type StatisticUnavailableKind = (typeof STATISTIC_UNAVAILABLE_KINDS)[number];

const ID = /^[0-9]{1,15}$/;

function positiveId(segment: string | undefined): number | undefined {
  if (!segment || !ID.test(segment)) return undefined;
  const id = Number(segment);
  return id > 0 && Number.isSafeInteger(id) ? id : undefined;
}

/** `[sportId, id]` or `[id]`: both positive integers. */
function mainId(segments: readonly string[]): { sportId: number | undefined; id: number } | undefined {
  if (segments.length < 1 || segments.length > 2) return undefined;
  const id = positiveId(segments.at(-1));
  const sportId = segments.length === 2 ? positiveId(segments[0]) : undefined;
  if (id === undefined || (segments.length === 2 && sportId === undefined)) return undefined;
  return { sportId, id };
}

/**
 * Reads the part of a popup address after `/{lng}/statisticpopup/`. The builders drop a zero or empty sport id, so
 * `game/{gameId}/{tab}` and `team/{teamId}` are read too: with one id it is the main one. Anything else (an unknown
 * kind, a missing or malformed id, extra segments) is undefined, which the page answers as not found.
 */
export function parseStatisticPath(rest: string | undefined): StatisticTarget | undefined {
  const [kind, ...segments] = (rest ?? '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return '\u0000';
      }
    });
  if (kind === 'game') {
    // The ids, then the tab name (the builders always write one, `main` by default).
    const last = segments.at(-1);
    const tabName = last !== undefined && !ID.test(last) ? last : 'main';
    const ids = tabName === last ? segments.slice(0, -1) : segments;
    if (!/^[a-z0-9-]{1,32}$/i.test(tabName)) return undefined;
    const target = mainId(ids);
    return target ? { kind: 'game', sportId: target.sportId, gameId: target.id, tabName } : undefined;
  }
  if (kind === 'team') {
    const target = mainId(segments);
    return target ? { kind: 'team', sportId: target.sportId, teamId: target.id } : undefined;
  }
  if ((STATISTIC_UNAVAILABLE_KINDS as readonly string[]).includes(kind ?? '') && segments.length > 0) {
    return { kind: 'unavailable', type: kind as StatisticUnavailableKind };
  }
  return undefined;
}
