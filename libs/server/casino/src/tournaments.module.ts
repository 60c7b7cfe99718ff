import { ApiError } from '@tessera/server/api-errors';
import type { Database } from '@tessera/server/db';
import type {
  CasinoTournamentEntry,
  CasinoTournamentResponse,
  CasinoTournamentsResponse,
} from '@tessera/shared/contract-api';
import type { CasinoModule as CasinoSettings, CasinoTournament } from '@tessera/shared/util-config';
import type { ExternalProviderConfig } from './external-provider';
import { compareSummaries, qualifyingGameIds, tournamentStatus, tournamentSummary } from './tournament-rules';
import { CasinoTournaments, type StandingRow, type TournamentRef } from './tournaments.service';

/** The recurring job that scores active tournaments and pays ended ones (ADR 0366: one server per interval). */
export const TOURNAMENTS_JOB = 'casino.tournaments';

/** Rows of the leaderboard answered when the request names none (at least the prize table). */
const DEFAULT_LEADERBOARD_ROWS = 20;

/** Tournament refusals in the spec's error shape (README, "Tournaments"); never renumber one. */
export const TOURNAMENT_REFUSALS = {
  tournament_not_found: { errorCode: 1860, status: 404, message: 'Tournament not found' },
} as const;

function tournamentNotFound(id: string): ApiError {
  const { errorCode, status, message } = TOURNAMENT_REFUSALS.tournament_not_found;
  return new ApiError(status, message, {
    detail: `tournament_not_found: there is no tournament ${id} here`,
    error_code: errorCode,
  });
}

/** What the tournaments need from the casino module. */
export interface TournamentsPartOptions {
  db: Database;
  clock: () => Date;
  providers: readonly ExternalProviderConfig[];
  /** Every brand with its brand-level casino settings (where tournaments are defined, and what the job pays). */
  brands: () => { id: string; casino: CasinoSettings }[];
}

/** What one run of the job did. */
export interface TournamentsRun {
  scored: number;
  paid: string[];
}

/** The tournaments of the casino module: list, page, and the job's run. */
export interface TournamentsPart {
  service: CasinoTournaments;
  list(brandId: string, settings: CasinoSettings, language: string): Promise<CasinoTournamentsResponse>;
  show(
    brandId: string,
    settings: CasinoSettings,
    language: string,
    id: string,
    options: { limit?: number; userId?: string },
  ): Promise<CasinoTournamentResponse>;
  /** Scores every started tournament of every brand and pays those that have ended and are not paid. */
  run(): Promise<TournamentsRun>;
}

const enabledTournaments = (settings: CasinoSettings): [string, CasinoTournament][] =>
  settings.enabled ? Object.entries(settings.tournaments).filter(([, t]) => t.enabled) : [];

function entryOf(row: StandingRow, userId: string | undefined): CasinoTournamentEntry {
  return {
    rank: row.rank,
    player: row.player,
    points: row.points,
    reachedAt: row.reachedAt.toISOString(),
    prize: row.prize,
    me: row.userId === userId,
  };
}

/** Builds the tournaments over the casino's database, clock and external providers. */
export function createTournamentsPart(options: TournamentsPartOptions): TournamentsPart {
  const service = new CasinoTournaments({ db: options.db, clock: options.clock });
  const refOf = (
    brandId: string,
    id: string,
    tournament: CasinoTournament,
    settings: CasinoSettings,
  ): TournamentRef => ({
    brandId,
    id,
    tournament,
    gameIds: qualifyingGameIds(tournament, settings, options.providers),
  });
  return {
    service,
    async list(brandId, settings, language) {
      const now = options.clock();
      const tournaments = await Promise.all(
        enabledTournaments(settings).map(async ([id, t]) =>
          tournamentSummary(id, t, {
            now,
            language,
            gameIds: qualifyingGameIds(t, settings, options.providers),
            paid: tournamentStatus(t, now) === 'finished' && (await service.isPaid(brandId, id)),
          }),
        ),
      );
      return { tournaments: tournaments.sort(compareSummaries) };
    },
    async show(brandId, settings, language, id, { limit, userId }) {
      const tournament = enabledTournaments(settings).find(([key]) => key === id)?.[1];
      if (!tournament) throw tournamentNotFound(id);
      const ref = refOf(brandId, id, tournament, settings);
      const rows = Math.max(limit ?? DEFAULT_LEADERBOARD_ROWS, tournament.prizes.length);
      const [leaderboard, mine, paid] = await Promise.all([
        service.standings(ref, { limit: rows }),
        userId ? service.position(ref, userId) : Promise.resolve(undefined),
        service.isPaid(brandId, id),
      ]);
      const now = options.clock();
      return {
        tournament: tournamentSummary(id, tournament, {
          now,
          language,
          gameIds: ref.gameIds as string[],
          paid: tournamentStatus(tournament, now) === 'finished' && paid,
        }),
        leaderboard: leaderboard.map((row) => entryOf(row, userId)),
        me: mine ? entryOf(mine, userId) : null,
      };
    },
    async run() {
      const result: TournamentsRun = { scored: 0, paid: [] };
      const now = options.clock();
      for (const brand of options.brands()) {
        for (const [id, tournament] of enabledTournaments(brand.casino)) {
          const status = tournamentStatus(tournament, now);
          if (status === 'upcoming') continue;
          const ref = refOf(brand.id, id, tournament, brand.casino);
          if (status === 'active') result.scored += await service.score(ref);
          else if (!(await service.isPaid(brand.id, id)) && (await service.pay(ref)).paid)
            result.paid.push(`${brand.id}/${id}`);
        }
      }
      return result;
    },
  };
}
