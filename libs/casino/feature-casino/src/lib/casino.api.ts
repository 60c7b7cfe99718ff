import { bool, defineCall, int, list, obj, oneOf, str } from '@tessera/shared/data-access-api';
import type {
  CasinoCatalogueResponse,
  CasinoDemoRound,
  CasinoFavouritesResponse,
  CasinoHistoryResponse,
  CasinoLaunchResponse,
  CasinoRecomputeResponse,
  CasinoRotateSeedResponse,
  CasinoRound,
  CasinoSeedResponse,
  CasinoTournamentResponse,
  CasinoTournamentsResponse,
  CasinoVerifyResponse,
} from '@tessera/shared/contract-api';

/** A game as the lobby lists it. */
export type CasinoGameEntry = CasinoCatalogueResponse['games'][number];
/** A round of real play (apps/api's `/web-api/casino/rounds`). */
export type { CasinoRound, CasinoDemoRound, CasinoLaunchResponse, CasinoCatalogueResponse, CasinoVerifyResponse };

const actions = ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const;
/** A blackjack decision. */
export type BlackjackAction = (typeof actions)[number];

const gameSegment = (gameId: string) => encodeURIComponent(gameId);

/** The casino's calls (apps/api/src/modules/casino; rules in libs/server/casino README). Signed in by the cookie. */
export const casinoApi = {
  /** GET /web-api/casino/catalogue: the lobby of this site and country. */
  catalogue: defineCall({ url: '/web-api/casino/catalogue' }).returns<CasinoCatalogueResponse>(),
  /** POST /web-api/casino/games/{id}/launch */
  launch: (gameId: string) =>
    defineCall({
      url: `/web-api/casino/games/${gameSegment(gameId)}/launch`,
      method: 'POST',
      body: { mode: oneOf(['real', 'demo'] as const, { required: true }) },
    }).returns<CasinoLaunchResponse>(),
  /** POST /web-api/casino/rounds: a retry with the same round id answers the stored round. */
  play: defineCall({
    url: '/web-api/casino/rounds',
    method: 'POST',
    body: {
      roundId: str({ required: true }),
      gameId: str({ required: true }),
      bet: obj<Record<string, unknown>, true>({ required: true }),
    },
  }).returns<CasinoRound>(),
  /** POST /web-api/casino/rounds/{id}/actions */
  act: (roundId: string) =>
    defineCall({
      url: `/web-api/casino/rounds/${encodeURIComponent(roundId)}/actions`,
      method: 'POST',
      body: { step: int({ required: true }), action: oneOf(actions, { required: true }) },
    }).returns<CasinoRound>(),
  /** GET /web-api/casino/rounds/{id}: a round as it stands (a reloaded page asks for the one it sent). */
  round: (roundId: string) =>
    defineCall({ url: `/web-api/casino/rounds/${encodeURIComponent(roundId)}` }).returns<CasinoRound>(),
  /** GET /web-api/casino/history */
  history: defineCall({
    url: '/web-api/casino/history',
    query: { limit: int(), cursor: str() },
  }).returns<CasinoHistoryResponse>(),
  /** GET /web-api/casino/seeds */
  seeds: defineCall({ url: '/web-api/casino/seeds' }).returns<CasinoSeedResponse>(),
  /** POST /web-api/casino/seeds/rotate */
  rotateSeed: defineCall({
    url: '/web-api/casino/seeds/rotate',
    method: 'POST',
    body: { clientSeed: str() },
  }).returns<CasinoRotateSeedResponse>(),
  /** GET /web-api/casino/rounds/{id}/verify */
  verify: (roundId: string) =>
    defineCall({
      url: `/web-api/casino/rounds/${encodeURIComponent(roundId)}/verify`,
    }).returns<CasinoVerifyResponse>(),
  /** POST /web-api/casino/verify: any round from its evidence. */
  recompute: defineCall({
    url: '/web-api/casino/verify',
    method: 'POST',
    body: {
      gameId: str({ required: true }),
      serverSeed: str({ required: true }),
      serverSeedHash: str({ required: true }),
      clientSeed: str({ required: true }),
      nonce: int({ required: true }),
      bet: obj<Record<string, unknown>, true>({ required: true }),
      actions: list<string>(),
    },
  }).returns<CasinoRecomputeResponse>(),
  /** GET /web-api/casino/favourites */
  favourites: defineCall({ url: '/web-api/casino/favourites' }).returns<CasinoFavouritesResponse>(),
  /** PUT /web-api/casino/favourites/{id} */
  setFavourite: (gameId: string) =>
    defineCall({
      url: `/web-api/casino/favourites/${gameSegment(gameId)}`,
      method: 'PUT',
      body: { favourite: bool({ required: true }) },
    }).returns<CasinoFavouritesResponse>(),
  /** POST /web-api/casino/demo/rounds: play money, nothing stored. */
  demoPlay: defineCall({
    url: '/web-api/casino/demo/rounds',
    method: 'POST',
    body: { gameId: str({ required: true }), bet: obj<Record<string, unknown>, true>({ required: true }) },
  }).returns<CasinoDemoRound>(),
  /** POST /web-api/casino/demo/actions */
  demoAct: defineCall({
    url: '/web-api/casino/demo/actions',
    method: 'POST',
    body: { token: str({ required: true }), action: oneOf(actions, { required: true }) },
  }).returns<CasinoDemoRound>(),
  /** GET /web-api/casino/tournaments: active, upcoming, then finished. */
  tournaments: defineCall({ url: '/web-api/casino/tournaments' }).returns<CasinoTournamentsResponse>(),
  /** GET /web-api/casino/tournaments/{id}: the tournament, the top of its leaderboard, the player's own row. */
  tournament: (id: string) =>
    defineCall({ url: `/web-api/casino/tournaments/${encodeURIComponent(id)}` }).returns<CasinoTournamentResponse>(),
  /** GET /account-api/user/balance (the wallet's; the header shares its cache entry). */
  balance: defineCall({ url: '/account-api/user/balance' }).returns<{
    accounts: { money: number; iso: string; symbol: string; isActive?: boolean }[];
  }>(),
};

/** Query keys of the casino. */
export const casinoKeys = {
  all: () => ['casino'] as const,
  catalogue: () => ['casino', 'catalogue'] as const,
  favourites: () => ['casino', 'favourites'] as const,
  launch: (gameId: string, mode: string) => ['casino', 'launch', gameId, mode] as const,
  history: () => ['casino', 'history'] as const,
  recent: () => ['casino', 'recent'] as const,
  seeds: () => ['casino', 'seeds'] as const,
  verify: (roundId: string) => ['casino', 'verify', roundId] as const,
  tournaments: () => ['casino', 'tournaments'] as const,
  tournament: (id: string) => ['casino', 'tournaments', id] as const,
};

/**
 * The wallet's query keys (libs/account/feature-office `walletKeys`): the casino cannot import the account feature,
 * so it names the same keys to refresh the header's balance after a round and to share its cache entry.
 */
export const WALLET_KEY = ['wallet'] as const;
export const WALLET_BALANCE_KEY = ['wallet', 'balance'] as const;

/** The `error_code` of a failed call (the casino refusals 1801-1809, player protection's ...), if any. */
export function errorCodeOf(error: unknown): number | undefined {
  const raw = (error as { body?: { raw?: unknown } } | null)?.body?.raw;
  const code = typeof raw === 'object' && raw !== null ? (raw as { error_code?: unknown }).error_code : undefined;
  return typeof code === 'number' ? code : undefined;
}

/** The status of a failed call, if it was an HTTP answer. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
