import type { SiteConfig } from '@tessera/shared/util-config';
import { ApiError, invalidField } from '@tessera/server/api-errors';
import {
  readSession,
  requireSession,
  sessionReader,
  type AccountsLogger,
  type AccountsRequest,
} from '@tessera/server/accounts';
import type { BrandRegistry, ResolvedBrand } from '@tessera/server/brand-registry';
import { casinoGame, type CasinoGame } from '@tessera/server/casino-games';
import type { Database } from '@tessera/server/db';
import type { JobQueue } from '@tessera/server/jobs';
import { DEVELOPMENT_SECRET_KEY } from '@tessera/server/secrets';
import { selectCountry } from '@tessera/server/site-config';
import type {
  CasinoActRequest,
  CasinoCatalogueResponse,
  CasinoDemoActRequest,
  CasinoDemoPlayRequest,
  CasinoDemoRound,
  CasinoExternalLaunchResponse,
  CasinoFavouritesResponse,
  CasinoHistoryRequest,
  CasinoHistoryResponse,
  CasinoLaunchRequest,
  CasinoLaunchResponse,
  CasinoPlayRequest,
  CasinoRecomputeRequest,
  CasinoRecomputeResponse,
  CasinoRotateSeedRequest,
  CasinoRotateSeedResponse,
  CasinoRound,
  CasinoRoundsResponse,
  CasinoSeedResponse,
  CasinoTournamentResponse,
  CasinoTournamentsResponse,
  CasinoVerifyResponse,
} from '@tessera/shared/contract-api';
import { CasinoRounds, type CasinoStakeGate, type RoundView } from './casino-rounds.service';
import { casinoRefusal } from './casino-refusals';
import { casinoHistoryPage, encodeHistoryCursor } from './casino-history';
import { findActiveSeed } from './casino.repository';
import { catalogueFor, gameRules } from './catalogue';
import { DemoPlay } from './demo-play';
import { createExternalCasino, type ExternalCasino, type ExternalCasinoSettings } from './external-casino';
import { listFavourites, removeFavourite, addFavourite } from './favourites.repository';
import { slotRulesOf } from './jurisdiction-rules';
import { recomputeRound } from './recompute-round';
import type { CasinoPlayer } from './round-ledger';
import { createTournamentsPart, TOURNAMENTS_JOB, type TournamentsPart } from './tournaments.module';

/** What {@link createCasinoModule} needs: the server's parts and the gates stakes go through. */
export interface CasinoModuleOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  /** The server key sessions are read with (ACCOUNT_SECRET_KEY); demo hands are sealed with a key derived from it. */
  secretKey?: string;
  clock?: () => Date;
  log: AccountsLogger;
  /** The cookie that remembers the country a visitor chose (apps/api's site context). */
  countryCookie: string;
  /** Asked before every stake (player protection, identity verification): the bets' stake gates. */
  stakeGates?: readonly CasinoStakeGate[];
  /** External game providers on the seamless wallet (ADR 0345); none: the lobby has the in-house games only. */
  external?: ExternalCasinoSettings;
  /**
   * The server's job queue: tournaments are scored and paid by the recurring job `casino.tournaments` on one server
   * per interval (ADR 0366); without one, only reads score and nothing pays.
   */
  jobs?: JobQueue;
  /** How often the tournaments job runs, ms (default 30 s). */
  tournamentsIntervalMs?: number;
}

/** The casino of a server: what its routes call, each answering its `schemas/api/casino` payload or an ApiError. */
export interface CasinoModule {
  rounds: CasinoRounds;
  /** The external providers' launch and wallet, when any is connected. */
  external: ExternalCasino | undefined;
  /** An external game's launch URL for the signed-in player (`casino/external-launch-response`). */
  externalLaunch(request: AccountsRequest, gameId: string): Promise<CasinoExternalLaunchResponse>;
  catalogue(request: AccountsRequest): Promise<CasinoCatalogueResponse>;
  launch(request: AccountsRequest, gameId: string, body: CasinoLaunchRequest): Promise<CasinoLaunchResponse>;
  play(request: AccountsRequest, body: CasinoPlayRequest): Promise<CasinoRound>;
  act(request: AccountsRequest, roundId: string, body: CasinoActRequest): Promise<CasinoRound>;
  round(request: AccountsRequest, roundId: string): Promise<CasinoRound>;
  openRounds(request: AccountsRequest): Promise<CasinoRoundsResponse>;
  /** In-house and external providers' rounds together, newest first (casino-history.ts). */
  history(request: AccountsRequest, query: CasinoHistoryRequest): Promise<CasinoHistoryResponse>;
  seed(request: AccountsRequest): Promise<CasinoSeedResponse>;
  rotateSeed(request: AccountsRequest, body: CasinoRotateSeedRequest): Promise<CasinoRotateSeedResponse>;
  verify(request: AccountsRequest, roundId: string): Promise<CasinoVerifyResponse>;
  recompute(body: CasinoRecomputeRequest): CasinoRecomputeResponse;
  favourites(request: AccountsRequest): Promise<CasinoFavouritesResponse>;
  setFavourite(request: AccountsRequest, gameId: string, on: boolean): Promise<CasinoFavouritesResponse>;
  demoPlay(request: AccountsRequest, body: CasinoDemoPlayRequest): Promise<CasinoDemoRound>;
  demoAct(request: AccountsRequest, body: CasinoDemoActRequest): Promise<CasinoDemoRound>;
  /** The tournaments of the visitor's brand: active, upcoming, finished (README, "Tournaments"). */
  tournaments(request: AccountsRequest): Promise<CasinoTournamentsResponse>;
  /** A tournament with the top of its leaderboard and the signed-in player's row. */
  tournament(request: AccountsRequest, id: string, query: { limit?: number }): Promise<CasinoTournamentResponse>;
  /** Scoring, leaderboards and payouts of every brand's tournaments (what the job runs). */
  tournamentsPart: TournamentsPart;
}

/** The round as the wire carries it (`schemas/api/casino/round`). */
function wireRound(view: RoundView): CasinoRound {
  return { ...view, outcome: outcomeOf(view.outcome) };
}

/** A game's outcome as the wire carries it: an object, or null before the round has one. */
function outcomeOf(outcome: unknown): Record<string, unknown> | null {
  return typeof outcome === 'object' && outcome !== null ? (outcome as Record<string, unknown>) : null;
}

/**
 * Builds the casino from the server's parts (ADR 0320): the rounds on the ledger with the stake gates, the lobby per
 * brand and country from `modules.casino`, favourites, demo play where the settings allow it. Every call reads the
 * player's session itself (401 without one) and refuses a game the player's site does not show, as an unknown one.
 */
export function createCasinoModule(options: CasinoModuleOptions): CasinoModule {
  const clock = options.clock ?? (() => new Date());
  const db = options.database;
  const rounds = new CasinoRounds({
    db,
    clock,
    stakeGates: options.stakeGates,
    // The slot rules of the player's brand and registration country (jurisdiction-rules.ts: UKGC-SLOT-1, DEGGL-SLOT-1/2).
    slotRules: (player) => slotRulesOf(configFor(player.brandId, player.country)),
  });
  const demo = new DemoPlay(options.secretKey || DEVELOPMENT_SECRET_KEY);
  const sessions = sessionReader({ ...options, clock });
  const external = options.external
    ? createExternalCasino({
        database: db,
        settings: options.external,
        secretKey: options.secretKey || DEVELOPMENT_SECRET_KEY,
        clock,
        stakeGates: options.stakeGates,
        slotRules: (player) => slotRulesOf(configFor(player.brandId, player.country)),
        settingsOf: (brandId, country) => settingsOf(configFor(brandId, country)),
        onError: (error) => options.log.error({ err: error }, 'casino external wallet failed'),
      })
    : undefined;
  const providers = external?.providers ?? [];
  const configFor = (brandId: string, country?: string): ResolvedBrand['config'] => {
    const brand = options.registry.get(brandId);
    if (!brand) throw new Error(`unknown brand ${brandId}`);
    const served =
      country && brand.countries.includes(country.toLowerCase()) ? country.toLowerCase() : brand.defaultCountry;
    return options.registry.resolve(brand.id, served, brand.defaultLanguage).config;
  };
  const settingsOf = (config: ResolvedBrand['config']): SiteConfig['modules']['casino'] => config.modules.casino;
  /** A game's tables, and for a slot the brand's and jurisdiction's slot rules (`modules.casino.slots`) when set. */
  const rulesOf = (game: CasinoGame, settings: SiteConfig['modules']['casino']): Record<string, unknown> => {
    const play = settings.slots;
    return { ...gameRules(game), ...(game.info.kind === 'slot' && play ? { play } : {}) };
  };

  /** The signed-in player and the casino settings of their brand and registration country. */
  const signedIn = async (request: AccountsRequest) => {
    const { user } = await requireSession(sessions, request);
    const player: CasinoPlayer = {
      brandId: user.brand_id,
      userId: user.id,
      currency: user.currency,
      country: user.country,
    };
    return { player, settings: settingsOf(configFor(user.brand_id, user.country)) };
  };
  /** The settings of whoever asks: the player's country, else the country the visitor chose, else the default. */
  const visitorSettings = async (
    request: AccountsRequest,
  ): Promise<{ settings: SiteConfig['modules']['casino']; userId?: string; brandId: string }> => {
    const auth = await readSession(sessions, request);
    if (auth)
      return {
        settings: settingsOf(configFor(auth.user.brand_id, auth.user.country)),
        userId: auth.user.id,
        brandId: auth.user.brand_id,
      };
    if (request.brandSelection.kind !== 'found') throw new ApiError(404, 'Not found', { detail: 'No brand here' });
    const brand = request.brandSelection.brand;
    const chosen = selectCountry(brand, undefined, request.cookies[options.countryCookie]);
    return {
      settings: settingsOf(configFor(brand.id, chosen.kind === 'ok' ? chosen.country : brand.defaultCountry)),
      brandId: brand.id,
    };
  };
  /** A game the settings show, else game_not_found (a hidden game is refused as an unknown one). */
  const shownGame = (settings: SiteConfig['modules']['casino'], gameId: string): CasinoGame => {
    const game = casinoGame(gameId);
    if (!game || !catalogueFor(settings).games.some((g) => g.id === gameId))
      throw casinoRefusal('game_not_found', `there is no game ${gameId} here`);
    return game;
  };
  const requireDemo = (settings: SiteConfig['modules']['casino']) => {
    if (!settings.enabled || !settings.demoMode)
      throw new ApiError(403, 'Demo play is not offered here', {
        detail: 'demo_not_offered: play for fun is switched off for this site and country (modules.casino.demoMode)',
      });
  };
  const favouritesOf = async (
    userId: string,
    settings: SiteConfig['modules']['casino'],
  ): Promise<CasinoFavouritesResponse> => {
    const shown = new Set(catalogueFor(settings, providers).games.map((g) => g.id));
    return { gameIds: (await listFavourites(db, userId)).filter((id) => shown.has(id)) };
  };

  const tournamentsPart = createTournamentsPart({
    db,
    clock,
    providers,
    brands: () => options.registry.brands().map((b) => ({ id: b.id, casino: settingsOf(configFor(b.id)) })),
  });
  options.jobs?.every(TOURNAMENTS_JOB, options.tournamentsIntervalMs ?? 30_000, () => tournamentsPart.run(), {
    expireInSeconds: 120,
  });
  const languageOf = (request: AccountsRequest): string =>
    request.resolvedBrand?.language ??
    (request.brandSelection.kind === 'found' ? request.brandSelection.brand.defaultLanguage : 'en');

  return {
    rounds,
    external,
    tournamentsPart,
    async tournaments(request) {
      const visitor = await visitorSettings(request);
      return tournamentsPart.list(visitor.brandId, visitor.settings, languageOf(request));
    },
    async tournament(request, id, query) {
      const visitor = await visitorSettings(request);
      return tournamentsPart.show(visitor.brandId, visitor.settings, languageOf(request), id, {
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
        ...(visitor.userId ? { userId: visitor.userId } : {}),
      });
    },
    async catalogue(request) {
      return catalogueFor((await visitorSettings(request)).settings, providers);
    },
    async externalLaunch(request, gameId) {
      const { player, settings } = await signedIn(request);
      if (!external) throw casinoRefusal('game_not_found', `there is no game ${gameId} here`);
      const language =
        request.resolvedBrand?.language ??
        (request.brandSelection.kind === 'found' ? request.brandSelection.brand.defaultLanguage : 'en');
      return external.launch(player, settings, gameId, `${request.protocol}://${request.host}`, language);
    },
    async launch(request, gameId, body) {
      if (body.mode === 'demo') {
        const { settings } = await visitorSettings(request);
        requireDemo(settings);
        const game = shownGame(settings, gameId);
        const entry = catalogueFor(settings).games.find((g) => g.id === gameId);
        if (!entry) throw casinoRefusal('game_not_found', `there is no game ${gameId} here`);
        return {
          mode: 'demo',
          game: entry,
          rules: rulesOf(game, settings),
          seed: null,
          openRound: null,
          currency: null,
        };
      }
      const { player, settings } = await signedIn(request);
      const game = shownGame(settings, gameId);
      const entry = catalogueFor(settings).games.find((g) => g.id === gameId);
      if (!entry) throw casinoRefusal('game_not_found', `there is no game ${gameId} here`);
      const [seed, open] = await Promise.all([rounds.seed(player.userId), rounds.openRounds(player.userId)]);
      const openRound = open.find((r) => r.gameId === gameId);
      return {
        mode: 'real',
        game: entry,
        rules: rulesOf(game, settings),
        seed,
        openRound: openRound ? wireRound(openRound) : null,
        currency: player.currency,
      };
    },
    async play(request, body) {
      const { player, settings } = await signedIn(request);
      shownGame(settings, body.gameId);
      return wireRound(await rounds.play(player, body));
    },
    async act(request, roundId, body) {
      const { player } = await signedIn(request);
      return wireRound(await rounds.act(player, { roundId, step: body.step, action: body.action }));
    },
    async round(request, roundId) {
      const { player } = await signedIn(request);
      return wireRound(await rounds.round(player.userId, roundId));
    },
    async openRounds(request) {
      const { player } = await signedIn(request);
      return { rounds: (await rounds.openRounds(player.userId)).map(wireRound) };
    },
    async history(request, query) {
      const { player } = await signedIn(request);
      let cursor = query.cursor;
      // The earlier paging named the last in-house round: it starts the page after that round.
      if (!cursor && query.before) {
        const anchor = await rounds.round(player.userId, query.before).catch(() => undefined);
        if (anchor) cursor = encodeHistoryCursor({ t: anchor.createdAt, s: 'i', id: anchor.roundId });
      }
      return casinoHistoryPage(db, player.userId, providers, { limit: query.limit, ...(cursor ? { cursor } : {}) });
    },
    async seed(request) {
      const { player } = await signedIn(request);
      // A GET changes nothing (ADR 0205): the pair is opened by a launch, a rotation or the first round.
      const active = await findActiveSeed(db, player.userId);
      return active
        ? { serverSeedHash: active.serverSeedHash, clientSeed: active.clientSeed, nextNonce: active.nextNonce }
        : { serverSeedHash: null, clientSeed: null, nextNonce: 0 };
    },
    async rotateSeed(request, body) {
      const { player } = await signedIn(request);
      return rounds.rotateSeed(player.userId, body.clientSeed);
    },
    async verify(request, roundId) {
      const { player } = await signedIn(request);
      const checked = await rounds.verify(player.userId, roundId);
      return {
        ...checked,
        stored: { win: checked.stored.win, outcome: outcomeOf(checked.stored.outcome) },
        recomputed: { ...checked.recomputed, outcome: outcomeOf(checked.recomputed.outcome) },
      };
    },
    recompute(body) {
      if (!casinoGame(body.gameId)) throw casinoRefusal('game_not_found', `there is no game ${body.gameId}`);
      try {
        const result = recomputeRound({ ...body, actions: body.actions ?? [] });
        return { ...result, outcome: outcomeOf(result.outcome) };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw invalidField('bet', error instanceof Error ? error.message : 'the bet cannot be replayed');
      }
    },
    async favourites(request) {
      const { player, settings } = await signedIn(request);
      return favouritesOf(player.userId, settings);
    },
    async setFavourite(request, gameId, on) {
      const { player, settings } = await signedIn(request);
      if (on) {
        // An external game the lobby shows may be a favourite too (ADR 0345).
        if (!catalogueFor(settings, providers).games.some((g) => g.id === gameId && g.external))
          shownGame(settings, gameId);
        await addFavourite(db, player.userId, gameId, clock());
      } else await removeFavourite(db, player.userId, gameId);
      return favouritesOf(player.userId, settings);
    },
    async demoPlay(request, body) {
      const { settings } = await visitorSettings(request);
      requireDemo(settings);
      shownGame(settings, body.gameId);
      return demo.play(body.gameId, body.bet);
    },
    async demoAct(request, body) {
      const { settings } = await visitorSettings(request);
      requireDemo(settings);
      return demo.act(body.token, body.action);
    },
  };
}
