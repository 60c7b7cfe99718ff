/**
 * Invented team and player names: plausible on a sportsbook page, but not real clubs (no trademarks, no real
 * people in made-up results).
 */
import { CHAMPIONSHIPS } from './lookups';
import type { Team } from './model';
import { Prng, deriveSeed } from './prng';
import { SPORT_RULES, type SportRules } from './sport-rules';

const CITIES = [
  'Northport',
  'Eastwick',
  'Riverton',
  'Lakeside',
  'Stonebridge',
  'Ashford',
  'Kingsbury',
  'Westmoor',
  'Redcliff',
  'Bramhall',
  'Harbor City',
  'Millbrook',
  'Fairhaven',
  'Oakridge',
  'Silverton',
  'Greenfield',
  'Highgate',
  'Blackwater',
  'Marlow',
  'Thornbury',
  'Port Alder',
  'Castlemont',
  'Windham',
  'Eldermoor',
  'Crestwood',
  'Dunmore',
  'Falkirk Vale',
  'Granton',
  'Hollowell',
  'Ironbridge',
];
const CLUB_SUFFIXES = [
  'United',
  'City',
  'Athletic',
  'Rovers',
  'FC',
  'Wanderers',
  'Albion',
  'Sporting',
  'Dynamo',
  'Olympic',
];
const NICKNAMES = [
  'Wolves',
  'Bears',
  'Falcons',
  'Kings',
  'Sharks',
  'Titans',
  'Comets',
  'Rangers',
  'Storm',
  'Lynx',
  'Hawks',
  'Knights',
];
const INITIALS = 'ABCDEFGHIJKLMNOPRSTVWZ';
const SURNAMES = [
  'Novak',
  'Kowalski',
  'Marin',
  'Laurent',
  'Berger',
  'Rossi',
  'Silva',
  'Petrov',
  'Lindqvist',
  'Okafor',
  'Tanaka',
  'Moreno',
  'Fischer',
  'Dubois',
  'Horvat',
  'Jansen',
  'Costa',
  'Nielsen',
  'Ivanova',
  'Kaur',
  'Walsh',
  'Romero',
  'Schmidt',
  'Popescu',
  'Varga',
  'Lopez',
  'Andersen',
  'Kim',
  'Duarte',
  'Sato',
  'Meyer',
  'Bianchi',
  'Nowak',
  'Koval',
  'Brennan',
  'Aydin',
];
const ESPORT_ADJECTIVES = [
  'Iron',
  'Neon',
  'Crimson',
  'Silent',
  'Arctic',
  'Quantum',
  'Shadow',
  'Rapid',
  'Golden',
  'Void',
  'Nova',
  'Cyber',
];
const ESPORT_NOUNS = [
  'Wolves',
  'Vipers',
  'Phoenix',
  'Syndicate',
  'Legion',
  'Raptors',
  'Owls',
  'Dragons',
  'Pulse',
  'Squad',
  'Ronin',
  'Esports',
];

/** `count` distinct names for the teams (or players) of one championship of a sport. */
export function teamNames(prng: Prng, sportId: number, rules: SportRules, count: number): string[] {
  const names = new Set<string>();
  const individual = sportId === 4;
  const cyber = rules.scoring === 'sets' && !individual;
  let guard = 0;
  while (names.size < count && guard++ < count * 50) {
    if (individual) names.add(`${prng.pick([...INITIALS])}. ${prng.pick(SURNAMES)}`);
    else if (cyber) names.add(`${prng.pick(ESPORT_ADJECTIVES)} ${prng.pick(ESPORT_NOUNS)}`);
    else if (rules.scoring === 'points' || sportId === 2) names.add(`${prng.pick(CITIES)} ${prng.pick(NICKNAMES)}`);
    else if (sportId === 46) names.add(`Team ${prng.pick(SURNAMES)}`);
    else names.add(`${prng.pick(CITIES)} ${prng.pick(CLUB_SUFFIXES)}`);
  }
  // The lists are large enough for every championship; numbering keeps names unique if one is not.
  let n = 2;
  while (names.size < count) names.add(`${prng.pick(CITIES)} ${n++}`);
  return [...names];
}

/** The teams (players) of every championship of the given simulated sports, the same for the same seed. */
export function generateTeams(seed: number, sportIds: readonly number[]): Map<number, Team[]> {
  const teams = new Map<number, Team[]>();
  for (const champ of CHAMPIONSHIPS) {
    const rules = SPORT_RULES[champ.sportId];
    if (!rules || !sportIds.includes(champ.sportId)) continue;
    const prng = new Prng(deriveSeed(seed, `champ:${champ.id}`));
    const count = champ.sportId === 4 ? 32 : 16;
    // Top leagues have a wider spread of strength than second tiers.
    const spread = champ.tier === 1 ? 0.45 : 0.35;
    const names = teamNames(prng, champ.sportId, rules, count);
    teams.set(
      champ.id,
      names.map((name, i) => ({
        id: champ.id * 1000 + i + 1,
        sportId: champ.sportId,
        champId: champ.id,
        name,
        rating: Math.round(prng.normal(0, spread) * 1000) / 1000,
      })),
    );
  }
  return teams;
}
