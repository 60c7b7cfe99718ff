import type { FeedSport } from './feed.port';

/** The part of a brand's resolved configuration the feed obeys (schemas/_betting.schema.json). */
export interface FeedBettingConfig {
  line?: { enabled?: boolean };
  live?: { enabled?: boolean };
  cyber?: { enabled?: boolean };
  virtualSports?: { enabled?: boolean };
  disallowedSports?: number[];
  topSports?: number[];
  expressOfTheDay?: boolean;
}

/** What one brand in one country may show of the feed, decided once per resolved configuration. */
export interface FeedFilter {
  /** Identifies the rule set, for response caches shared by brands with the same rules. */
  readonly key: string;
  readonly lineOn: boolean;
  readonly liveOn: boolean;
  readonly expressOfTheDay: boolean;
  /** Sports pinned first in the sports list, in order. */
  readonly topSports: readonly number[];
  /** Whether a sport may be shown (not disallowed; cyber and virtual only when switched on). */
  allows(sport: FeedSport | undefined): boolean;
}

const cache = new WeakMap<object, FeedFilter>();

/** The feed filter of a resolved configuration; cached per configuration object (the registry caches those). */
export function feedFilterFor(config: { betting?: FeedBettingConfig }): FeedFilter {
  const cached = cache.get(config);
  if (cached) return cached;
  const betting = config.betting ?? {};
  const cyberOn = betting.cyber?.enabled !== false;
  const virtualOn = betting.virtualSports?.enabled !== false;
  const disallowed = new Set(betting.disallowedSports ?? []);
  const filter: FeedFilter = {
    key: [
      cyberOn,
      virtualOn,
      betting.line?.enabled,
      betting.live?.enabled,
      betting.expressOfTheDay,
      [...disallowed].sort((a, b) => a - b),
      betting.topSports,
    ]
      .map(String)
      .join('|'),
    lineOn: betting.line?.enabled !== false,
    liveOn: betting.live?.enabled !== false,
    expressOfTheDay: betting.expressOfTheDay !== false,
    topSports: betting.topSports ?? [],
    allows: (sport) =>
      sport !== undefined &&
      !disallowed.has(sport.id) &&
      (sport.kind !== 'cyber' || cyberOn) &&
      (sport.kind !== 'virtual' || virtualOn),
  };
  cache.set(config, filter);
  return filter;
}
