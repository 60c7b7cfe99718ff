import type { FastifyInstance } from 'fastify';
import { apiRoutes, type PathParam } from '@tessera/server/http';
import { createCasinoModule, type CasinoModule, type CasinoModuleOptions } from '@tessera/server/casino';
import { COUNTRY_COOKIE } from '../config/site-context';

/** What {@link registerCasino} needs: the casino's settings (libs/server/casino) but the request-side ones. */
export type CasinoOptions = Omit<CasinoModuleOptions, 'log' | 'countryCookie'>;

const gameId: PathParam = { type: 'string', pattern: '^[a-z0-9-]{1,64}$', description: 'The game id.' };
const tournamentId: PathParam = {
  type: 'string',
  pattern: '^[a-z0-9-]{1,40}$',
  description: 'The tournament id.',
};
const roundId: PathParam = { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'The round id.' };

/**
 * The casino's routes (`/web-api/casino/...`): the lobby, launch, rounds and blackjack decisions, the open rounds a
 * reloaded page resumes, the provably fair seeds and verification, the casino history, favourites and demo play.
 * The rules are `@tessera/server/casino`'s (README); its errors are the casino refusals (error_code 1801-1809).
 */
export function registerCasino(app: FastifyInstance, options: CasinoOptions): CasinoModule {
  const casino = createCasinoModule({ ...options, log: app.log, countryCookie: COUNTRY_COOKIE });
  const routes = apiRoutes(app, { tags: ['casino'] });

  routes.get('/web-api/casino/catalogue', {
    summary: "The lobby of the visitor's brand and country: games, categories, providers, tags",
    reply: 'casino/catalogue-response',
    errors: [404],
    handler: (request) => casino.catalogue(request),
  });
  routes.post('/web-api/casino/games/:gameId/launch', {
    summary: 'Open a game for real money (signed in) or play money: its tables, the seed pair, the round to resume',
    params: { gameId },
    body: 'casino/launch-request',
    reply: 'casino/launch-response',
    errors: [400, 401, 403, 404],
    handler: (request) => casino.launch(request, request.params.gameId, request.body),
  });
  routes.post('/web-api/casino/rounds', {
    summary: 'Play a round (a blackjack hand is dealt); a retry with the same round id answers the stored round',
    body: 'casino/play-request',
    reply: 'casino/round',
    errors: [400, 401, 403, 404, 409, 422],
    handler: (request) => casino.play(request, request.body),
  });
  routes.get('/web-api/casino/rounds/open', {
    summary: "The player's unfinished rounds, oldest first (a reloaded game page resumes them)",
    reply: 'casino/rounds-response',
    errors: [401],
    handler: (request) => casino.openRounds(request),
  });
  routes.get('/web-api/casino/rounds/:roundId', {
    summary: 'A round of the player as it stands',
    params: { roundId },
    reply: 'casino/round',
    errors: [400, 401, 404],
    handler: (request) => casino.round(request, request.params.roundId),
  });
  routes.post('/web-api/casino/rounds/:roundId/actions', {
    summary: 'One blackjack decision at a step (a retried step answers the round as it stands)',
    params: { roundId },
    body: 'casino/act-request',
    reply: 'casino/round',
    errors: [400, 401, 403, 404, 409, 422],
    handler: (request) => casino.act(request, request.params.roundId, request.body),
  });
  routes.get('/web-api/casino/rounds/:roundId/verify', {
    summary: 'Recompute a round of the player from its revealed server seed and compare it with what was paid',
    params: { roundId },
    reply: 'casino/verify-response',
    errors: [400, 401, 404, 409],
    handler: (request) => casino.verify(request, request.params.roundId),
  });
  routes.get('/web-api/casino/history', {
    summary:
      "The casino bets history, in-house and external providers' rounds together, newest first, a page at a time",
    querystring: 'casino/history-request',
    reply: 'casino/history-response',
    errors: [400, 401],
    handler: (request) => casino.history(request, request.query),
  });
  routes.get('/web-api/casino/seeds', {
    summary: 'The active provably fair seed pair: the server seed hash, the client seed, the next nonce',
    reply: 'casino/seed-response',
    errors: [401],
    handler: (request) => casino.seed(request),
  });
  routes.post('/web-api/casino/seeds/rotate', {
    summary: 'Reveal the server seed and start a new pair with the client seed given (or a random one)',
    body: 'casino/rotate-seed-request',
    reply: 'casino/rotate-seed-response',
    errors: [400, 401, 409],
    handler: (request) => casino.rotateSeed(request, request.body),
  });
  routes.post('/web-api/casino/verify', {
    summary: 'Recompute any round from its seeds, nonce and bet (no sign-in: the evidence is all it needs)',
    body: 'casino/recompute-request',
    reply: 'casino/recompute-response',
    errors: [400, 404],
    handler: (request) => casino.recompute(request.body),
  });
  routes.get('/web-api/casino/favourites', {
    summary: "The player's favourite games shown here, most recent first",
    reply: 'casino/favourites-response',
    errors: [401],
    handler: (request) => casino.favourites(request),
  });
  routes.put('/web-api/casino/favourites/:gameId', {
    summary: 'Mark or unmark a game as a favourite',
    params: { gameId },
    body: 'casino/favourite-request',
    reply: 'casino/favourites-response',
    errors: [400, 401, 404],
    handler: (request) => casino.setFavourite(request, request.params.gameId, request.body.favourite),
  });
  routes.post('/web-api/casino/demo/rounds', {
    summary: 'Play a round for play money (no ledger, nothing stored), where demo play is offered',
    body: 'casino/demo-play-request',
    reply: 'casino/demo-round',
    errors: [400, 403, 404, 422],
    handler: (request) => casino.demoPlay(request, request.body),
  });
  routes.post('/web-api/casino/demo/actions', {
    summary: 'One decision in a demo blackjack hand',
    body: 'casino/demo-act-request',
    reply: 'casino/demo-round',
    errors: [400, 403, 422],
    handler: (request) => casino.demoAct(request, request.body),
  });
  routes.get('/web-api/casino/tournaments', {
    summary: "The tournaments of the visitor's brand: active, upcoming, then finished",
    reply: 'casino/tournaments-response',
    errors: [404],
    handler: (request) => casino.tournaments(request),
  });
  routes.get('/web-api/casino/tournaments/:tournamentId', {
    summary: "A tournament with the top of its leaderboard and the signed-in player's own row",
    params: { tournamentId },
    reply: 'casino/tournament-response',
    errors: [400, 404],
    handler: (request) => casino.tournament(request, request.params.tournamentId, {}),
  });
  return casino;
}
