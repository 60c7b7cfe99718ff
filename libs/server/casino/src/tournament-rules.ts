import { toMinorUnits } from '@tessera/shared/util-format';
import type { CasinoTournamentSummary } from '@tessera/shared/contract-api';
import type { CasinoModule, CasinoTournament } from '@tessera/shared/util-config';
import { catalogueFor } from './catalogue';
import type { ExternalProviderConfig } from './external-provider';

/** Where a tournament's window stands at an instant. */
export type TournamentStatus = CasinoTournamentSummary['status'];

/** Upcoming before its start, active inside its window, finished from its end on. */
export function tournamentStatus(tournament: CasinoTournament, now: Date): TournamentStatus {
  if (now.getTime() < Date.parse(tournament.startsAt)) return 'upcoming';
  if (now.getTime() < Date.parse(tournament.endsAt)) return 'active';
  return 'finished';
}

/** The name in a language: that language's, else English, else the first listed. */
export function tournamentName(tournament: CasinoTournament, language: string): string {
  const names = tournament.names;
  return names[language] ?? names['en'] ?? Object.values(names)[0] ?? '';
}

/**
 * The catalogue ids of the games that score: the lobby's games (in-house and external) whose id, any category or
 * provider the tournament lists; with all three lists empty, every game of the lobby.
 */
export function qualifyingGameIds(
  tournament: CasinoTournament,
  settings: CasinoModule,
  providers: readonly ExternalProviderConfig[],
): string[] {
  const { gameIds, categories, providers: providerIds } = tournament.games;
  const all = gameIds.length === 0 && categories.length === 0 && providerIds.length === 0;
  return catalogueFor(settings, providers)
    .games.filter(
      (g) =>
        all ||
        gameIds.includes(g.id) ||
        g.categories.some((c) => categories.includes(c)) ||
        providerIds.includes(g.provider),
    )
    .map((g) => g.id);
}

/** The prize of each rank in minor units, first place first. */
export function prizeTable(tournament: CasinoTournament): number[] {
  return tournament.prizes.map((p) => toMinorUnits(p));
}

/**
 * A player as the leaderboard shows them: the account id with all but its first and last two characters hidden
 * (a short id keeps its first character only), never a name or contact.
 */
export function maskPlayer(userId: string): string {
  if (userId.length <= 4) return `${userId.slice(0, 1)}***`;
  return `${userId.slice(0, 2)}${'*'.repeat(Math.min(userId.length - 4, 6))}${userId.slice(-2)}`;
}

/** The tournament as the list and the page show it (`casino/tournament-summary`). */
export function tournamentSummary(
  id: string,
  tournament: CasinoTournament,
  context: { now: Date; language: string; gameIds: string[]; paid: boolean },
): CasinoTournamentSummary {
  return {
    id,
    name: tournamentName(tournament, context.language),
    status: tournamentStatus(tournament, context.now),
    startsAt: new Date(tournament.startsAt).toISOString(),
    endsAt: new Date(tournament.endsAt).toISOString(),
    currency: tournament.currency,
    minStake: toMinorUnits(tournament.minStake),
    points: { ...tournament.points },
    prizes: prizeTable(tournament).map((amount, i) => ({ rank: i + 1, amount })),
    gameIds: context.gameIds,
    paid: context.paid,
  };
}

const ORDER: Record<TournamentStatus, number> = { active: 0, upcoming: 1, finished: 2 };

/** Active first (ending soonest first), then upcoming (starting soonest first), then finished (latest first). */
export function compareSummaries(a: CasinoTournamentSummary, b: CasinoTournamentSummary): number {
  if (a.status !== b.status) return ORDER[a.status] - ORDER[b.status];
  if (a.status === 'active') return a.endsAt.localeCompare(b.endsAt) || a.id.localeCompare(b.id);
  if (a.status === 'upcoming') return a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id);
  return b.endsAt.localeCompare(a.endsAt) || a.id.localeCompare(b.id);
}
