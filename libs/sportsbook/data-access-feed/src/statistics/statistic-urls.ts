/** An id as it comes from the feed: number or text. */
export type StatisticId = number | string;

/** Thrown when a statistic link cannot be built (missing main id or language, cyber with another sport). */
export class StatisticUrlError extends Error {
  override readonly name = 'StatisticUrlError';
}

/** Sport ids that have cyber statistics (spec section 2). */
export const CYBER_STATISTIC_SPORT_IDS: readonly number[] = [85, 89, 144];

/** Stage view query values: 1 shows the net (bracket), 2 the table. */
export const STAGE_VIEW = { net: 1, table: 2 } as const;

/** A stage view value, 1 (net) or 2 (table). */
export type StageView = (typeof STAGE_VIEW)[keyof typeof STAGE_VIEW];

type Segment = StatisticId | null | undefined;

/** Zero, '0', empty text, null and undefined say "no value": such segments are dropped (spec section 2). */
function isEmptySegment(value: Segment): value is null | undefined | 0 | '' {
  if (value === null || value === undefined) return true;
  const text = String(value).trim();
  return text === '' || text === '0';
}

function requireValue(kind: string, name: string, value: Segment): StatisticId {
  if (isEmptySegment(value)) throw new StatisticUrlError(`Statistic ${kind} link needs a non-empty ${name}`);
  return value;
}

function build(lng: string, kind: string, segments: readonly Segment[], query?: string): string {
  if (lng.trim() === '') throw new StatisticUrlError(`Statistic ${kind} link needs a language`);
  const parts = [
    lng,
    'statisticpopup',
    kind,
    ...segments.filter((s) => !isEmptySegment(s)).map((s) => String(s).trim()),
  ];
  return `/${parts.map(encodeURIComponent).join('/')}${query ?? ''}`;
}

/** Parameters of a match statistic link. */
export interface StatisticGameParams {
  lng: string;
  sportId?: StatisticId;
  gameId: StatisticId;
  /** Tab to open; default `main`. */
  tabName?: string;
}

/** `/{lng}/statisticpopup/game/{sportId}/{gameId}/{tabName}`, tabName defaulting to `main`. */
export function statisticGameUrl({ lng, sportId, gameId, tabName = 'main' }: StatisticGameParams): string {
  const id = requireValue('game', 'gameId', gameId);
  return build(lng, 'game', [sportId, id, tabName === '' ? 'main' : tabName]);
}

/** Parameters of a team statistic link. */
export interface StatisticTeamParams {
  lng: string;
  sportId?: StatisticId;
  teamId: StatisticId;
}

/** `/{lng}/statisticpopup/team/{sportId}/{teamId}`. */
export function statisticTeamUrl({ lng, sportId, teamId }: StatisticTeamParams): string {
  return build(lng, 'team', [sportId, requireValue('team', 'teamId', teamId)]);
}

/** Parameters of a player statistic link. */
export interface StatisticPlayerParams {
  lng: string;
  sportId?: StatisticId;
  playerId: StatisticId;
}

/** `/{lng}/statisticpopup/player/{sportId}/{playerId}`. */
export function statisticPlayerUrl({ lng, sportId, playerId }: StatisticPlayerParams): string {
  return build(lng, 'player', [sportId, requireValue('player', 'playerId', playerId)]);
}

/** Parameters of a stage (standings) statistic link. */
export interface StatisticStageParams {
  lng: string;
  sportId?: StatisticId;
  stageId: StatisticId;
  /** 1 net, 2 table; omitted lets the page choose. */
  tt?: StageView;
}

/** `/{lng}/statisticpopup/stage/{sportId}/{stageId}` with optional `?tt=1` (net) or `?tt=2` (table). */
export function statisticStageUrl({ lng, sportId, stageId, tt }: StatisticStageParams): string {
  const id = requireValue('stage', 'stageId', stageId);
  return build(lng, 'stage', [sportId, id], tt === STAGE_VIEW.net || tt === STAGE_VIEW.table ? `?tt=${tt}` : undefined);
}

/** Parameters of a tournament statistic link. */
export interface StatisticTournamentParams {
  lng: string;
  sportId?: StatisticId;
  tournamentId: StatisticId;
  seasonId?: StatisticId;
}

/** `/{lng}/statisticpopup/tournament/{sportId}/{tournamentId}/{seasonId}`. */
export function statisticTournamentUrl({ lng, sportId, tournamentId, seasonId }: StatisticTournamentParams): string {
  return build(lng, 'tournament', [sportId, requireValue('tournament', 'tournamentId', tournamentId), seasonId]);
}

/** Parameters of a rating statistic link. */
export interface StatisticRatingParams {
  lng: string;
  sportId?: StatisticId;
  ratingId: StatisticId;
}

/** `/{lng}/statisticpopup/rating/{sportId}/{ratingId}`. */
export function statisticRatingUrl({ lng, sportId, ratingId }: StatisticRatingParams): string {
  return build(lng, 'rating', [sportId, requireValue('rating', 'ratingId', ratingId)]);
}

/** Parameters of a horse statistic link. */
export interface StatisticHorseParams {
  lng: string;
  horseId: StatisticId;
}

/** `/{lng}/statisticpopup/horse/{horseId}`. */
export function statisticHorseUrl({ lng, horseId }: StatisticHorseParams): string {
  return build(lng, 'horse', [requireValue('horse', 'horseId', horseId)]);
}

/** Parameters of an odds graph link. */
export interface StatisticGraphParams {
  lng: string;
  gameId: StatisticId;
  /** Coefficient view (odds format); 0 is the default and is dropped. */
  coefficientView?: StatisticId;
}

/** `/{lng}/statisticpopup/graph/{gameId}/{coefficientView}`, the view being optional. */
export function statisticGraphUrl({ lng, gameId, coefficientView }: StatisticGraphParams): string {
  return build(lng, 'graph', [requireValue('graph', 'gameId', gameId), coefficientView]);
}

/** Parameters of a cyber tournament statistic link. */
export interface StatisticCyberParams {
  lng: string;
  /** Must be 85, 89 or 144. */
  sportId: StatisticId;
  tournId: StatisticId;
  seasonId?: StatisticId;
}

/** True when the sport has cyber statistics (85, 89, 144), so the UI can hide the link otherwise. */
export function hasCyberStatistics(sportId: StatisticId | null | undefined): boolean {
  return sportId !== null && sportId !== undefined && CYBER_STATISTIC_SPORT_IDS.includes(Number(sportId));
}

/** `/{lng}/statisticpopup/cyber/{sportId}/{tournId}/{seasonId}`, valid only for sport ids 85, 89, 144. */
export function statisticCyberUrl({ lng, sportId, tournId, seasonId }: StatisticCyberParams): string {
  if (!hasCyberStatistics(sportId)) {
    throw new StatisticUrlError(
      `Statistic cyber link needs sport id ${CYBER_STATISTIC_SPORT_IDS.join(', ')}; got ${String(sportId)}`,
    );
  }
  return build(lng, 'cyber', [sportId, requireValue('cyber', 'tournId', tournId), seasonId]);
}

/** Any statistic link, tagged by its kind, for components that receive "what to show" as data. */
export type StatisticLink =
  | ({ kind: 'game' } & StatisticGameParams)
  | ({ kind: 'team' } & StatisticTeamParams)
  | ({ kind: 'player' } & StatisticPlayerParams)
  | ({ kind: 'stage' } & StatisticStageParams)
  | ({ kind: 'tournament' } & StatisticTournamentParams)
  | ({ kind: 'rating' } & StatisticRatingParams)
  | ({ kind: 'horse' } & StatisticHorseParams)
  | ({ kind: 'graph' } & StatisticGraphParams)
  | ({ kind: 'cyber' } & StatisticCyberParams);

/** Builds the path of any statistic link. */
export function statisticUrl(link: StatisticLink): string {
  switch (link.kind) {
    case 'game':
      return statisticGameUrl(link);
    case 'team':
      return statisticTeamUrl(link);
    case 'player':
      return statisticPlayerUrl(link);
    case 'stage':
      return statisticStageUrl(link);
    case 'tournament':
      return statisticTournamentUrl(link);
    case 'rating':
      return statisticRatingUrl(link);
    case 'horse':
      return statisticHorseUrl(link);
    case 'graph':
      return statisticGraphUrl(link);
    case 'cyber':
      return statisticCyberUrl(link);
  }
}
