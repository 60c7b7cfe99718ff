/**
 * Lookup tables: sports (spec section 3 ids), countries and regions, championships per sport and country.
 * Only Russia 1 and Ukraine 2 are fixed by the spec; the other country ids are ours (feed-simulator README, "Lookup ids").
 */
import type { Championship, Country, Sport } from './model';

/** Sport ids named by the spec. */
export const SPORT_ID = {
  football: 1,
  hockey: 2,
  basketball: 3,
  tennis: 4,
  cybersport: 40,
  horseRacing: 44,
  curling: 46,
  fifa: 85,
  counterStrike: 86,
  dota: 97,
  cs2: 4046,
} as const;

/** All sports of the feed, in display order. */
export const SPORTS: readonly Sport[] = [
  {
    id: 1,
    nameKey: 'feed:sport.football',
    name: 'Football',
    kind: 'regular',
    mainMarketType: '1x2',
    scoring: 'goals',
    simulated: true,
  },
  {
    id: 2,
    nameKey: 'feed:sport.hockey',
    name: 'Ice Hockey',
    kind: 'regular',
    mainMarketType: '1x2',
    scoring: 'goals',
    simulated: true,
  },
  {
    id: 3,
    nameKey: 'feed:sport.basketball',
    name: 'Basketball',
    kind: 'regular',
    mainMarketType: 'winner',
    scoring: 'points',
    simulated: true,
  },
  {
    id: 4,
    nameKey: 'feed:sport.tennis',
    name: 'Tennis',
    kind: 'regular',
    mainMarketType: 'winner',
    scoring: 'sets',
    simulated: true,
  },
  {
    id: 44,
    nameKey: 'feed:sport.horseRacing',
    name: 'Horse Racing',
    kind: 'regular',
    mainMarketType: 'winner',
    scoring: 'race',
    simulated: false,
  },
  {
    id: 46,
    nameKey: 'feed:sport.curling',
    name: 'Curling',
    kind: 'regular',
    mainMarketType: 'winner',
    scoring: 'goals',
    simulated: true,
  },
  {
    id: 40,
    nameKey: 'feed:sport.cybersport',
    name: 'Cybersport',
    kind: 'cyber',
    mainMarketType: 'winner',
    scoring: 'sets',
    simulated: true,
  },
  {
    id: 85,
    nameKey: 'feed:sport.fifa',
    name: 'FIFA',
    kind: 'cyber',
    mainMarketType: '1x2',
    scoring: 'goals',
    simulated: true,
  },
  {
    id: 86,
    nameKey: 'feed:sport.counterStrike',
    name: 'Counter-Strike',
    kind: 'cyber',
    mainMarketType: 'winner',
    scoring: 'sets',
    simulated: true,
  },
  {
    id: 97,
    nameKey: 'feed:sport.dota',
    name: 'Dota 2',
    kind: 'cyber',
    mainMarketType: 'winner',
    scoring: 'sets',
    simulated: true,
  },
  {
    id: 4046,
    nameKey: 'feed:sport.cs2',
    name: 'CS2',
    kind: 'cyber',
    mainMarketType: 'winner',
    scoring: 'sets',
    simulated: true,
  },
];

/** Countries and regions. Id 100 is deliberately absent, as in the spec's table. */
export const COUNTRIES: readonly Country[] = [
  { id: 1, iso: 'RU', name: 'Russia', region: false },
  { id: 2, iso: 'UA', name: 'Ukraine', region: false },
  { id: 3, iso: 'BY', name: 'Belarus', region: false },
  { id: 4, iso: 'KZ', name: 'Kazakhstan', region: false },
  { id: 5, iso: 'GB', name: 'England', region: false },
  { id: 6, iso: 'ES', name: 'Spain', region: false },
  { id: 7, iso: 'DE', name: 'Germany', region: false },
  { id: 8, iso: 'IT', name: 'Italy', region: false },
  { id: 9, iso: 'FR', name: 'France', region: false },
  { id: 10, iso: 'PT', name: 'Portugal', region: false },
  { id: 11, iso: 'NL', name: 'Netherlands', region: false },
  { id: 12, iso: 'TR', name: 'Turkey', region: false },
  { id: 13, iso: 'BR', name: 'Brazil', region: false },
  { id: 14, iso: 'AR', name: 'Argentina', region: false },
  { id: 15, iso: 'US', name: 'USA', region: false },
  { id: 16, iso: 'CA', name: 'Canada', region: false },
  { id: 17, iso: 'SE', name: 'Sweden', region: false },
  { id: 18, iso: 'FI', name: 'Finland', region: false },
  { id: 19, iso: 'CZ', name: 'Czech Republic', region: false },
  { id: 20, iso: 'IN', name: 'India', region: false },
  { id: 21, iso: 'CN', name: 'China', region: false },
  { id: 22, iso: 'KR', name: 'South Korea', region: false },
  { id: 23, iso: 'AU', name: 'Australia', region: false },
  { id: 24, iso: 'CH', name: 'Switzerland', region: false },
  { id: 25, iso: 'SCT', name: 'Scotland', region: false },
  { id: 200, iso: null, name: 'Europe', region: true },
  { id: 201, iso: null, name: 'World', region: true },
  { id: 202, iso: null, name: 'Africa', region: true },
  { id: 203, iso: null, name: 'Asia', region: true },
];

/** Championship templates: [sportId, countryId, name, tier]. Ids are assigned in this order from 1. */
const CHAMPIONSHIP_ROWS: ReadonlyArray<readonly [number, number, string, 1 | 2]> = [
  [1, 5, 'Premier League', 1],
  [1, 6, 'LaLiga', 1],
  [1, 7, 'Bundesliga', 1],
  [1, 8, 'Serie A', 1],
  [1, 9, 'Ligue 1', 1],
  [1, 1, 'Premier League', 1],
  [1, 2, 'Premier League', 1],
  [1, 12, 'Super Lig', 2],
  [1, 13, 'Serie A', 2],
  [1, 200, 'UEFA Champions League', 1],
  [1, 5, 'Championship', 2],
  [2, 1, 'KHL', 1],
  [2, 15, 'NHL', 1],
  [2, 17, 'SHL', 2],
  [2, 18, 'Liiga', 2],
  [3, 15, 'NBA', 1],
  [3, 200, 'EuroLeague', 1],
  [3, 1, 'VTB United League', 2],
  [3, 6, 'ACB', 2],
  [4, 201, 'ATP Tour', 1],
  [4, 201, 'WTA Tour', 1],
  [4, 201, 'ITF Men', 2],
  [44, 5, 'Ascot', 1],
  [46, 201, 'World Curling Championship', 1],
  [40, 203, 'League of Legends. LCK', 1],
  [40, 201, 'Valorant Champions Tour', 1],
  [85, 201, 'FIFA. Esports Battle', 1],
  [85, 201, 'FIFA. Cyber Live Arena', 2],
  [86, 201, 'Counter-Strike. ESEA Open', 2],
  [97, 201, 'Dota 2. DreamLeague', 1],
  [97, 201, 'Dota 2. Elite League', 2],
  [4046, 201, 'CS2. ESL Pro League', 1],
  [4046, 200, 'CS2. CCT Europe', 2],
];

/** All championships, ids 1.. in table order. */
export const CHAMPIONSHIPS: readonly Championship[] = CHAMPIONSHIP_ROWS.map(([sportId, countryId, name, tier], i) => ({
  id: i + 1,
  sportId,
  countryId,
  name,
  tier,
}));

/** The sport with this id, or undefined. */
export function sportById(id: number): Sport | undefined {
  return SPORTS.find((s) => s.id === id);
}

/** The country or region with this id, or undefined. */
export function countryById(id: number): Country | undefined {
  return COUNTRIES.find((c) => c.id === id);
}

/** The championships of one sport. */
export function championshipsOfSport(sportId: number): Championship[] {
  return CHAMPIONSHIPS.filter((c) => c.sportId === sportId);
}
