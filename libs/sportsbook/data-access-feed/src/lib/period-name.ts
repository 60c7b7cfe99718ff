import { useT } from '@tessera/shared/data-access-brand';
import { useCallback } from 'react';

/** What a sport's periods are called: halves in football, periods in hockey, quarters, sets, ends, maps. */
export type PeriodKind = 'half' | 'period' | 'quarter' | 'set' | 'end' | 'map';

// By the spec's sport ids (section 3): football 1 and FIFA 85 play halves, hockey 2 periods, basketball 3 quarters,
// tennis 4 sets, curling 46 ends, the shooters and Dota (86, 97, 4046) maps. Any other sport says "period".
const KIND_BY_SPORT: Readonly<Record<number, PeriodKind>> = {
  1: 'half',
  85: 'half',
  2: 'period',
  3: 'quarter',
  4: 'set',
  46: 'end',
  86: 'map',
  97: 'map',
  4046: 'map',
};

/** The kind of period a sport is played in. */
export function periodKind(sportId: number): PeriodKind {
  return KIND_BY_SPORT[sportId] ?? 'period';
}

/** The translation key of a sport's period name (`sportsbook:period.half` ...). */
export function periodKey(sportId: number): `sportsbook:period.${PeriodKind}` {
  return `sportsbook:period.${periodKind(sportId)}`;
}

/** Names a game's period in the page language and the sport's own word: "2-й тайм", "3. Drittel", "Set 2". */
export function usePeriodName(): (sportId: number, period: number) => string {
  const { t } = useT();
  return useCallback((sportId: number, period: number) => t(periodKey(sportId), { period }), [t]);
}
