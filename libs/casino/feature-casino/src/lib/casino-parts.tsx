import { type ComponentType, type JSX, use } from 'react';
import type { CasinoLobbyProps } from './casino-lobby';
import type { CasinoGamePageProps } from './casino-game-page';
import type { CasinoTournamentsProps } from './casino-tournaments';
import type { CasinoVerifyPageProps } from './casino-verify-page';
import { settled } from './settled';

/** A page of the casino whose code is a chunk of its own, and the load of that chunk. */
export interface CasinoPart<P extends object> {
  (props: P): JSX.Element;
  /** Loads the part's code (once; a failed load is tried again on the next call or render). */
  preload(): Promise<void>;
  displayName: string;
}

/**
 * A casino page as a chunk of its own: the lobby does not carry the games, the fair-play page or the tournaments.
 * Rendered before its code has arrived, the part suspends (the page's Suspense boundary shows a skeleton); the casino
 * route starts loading the part of the address it opens on at once. The server's bundle renders the page itself
 * ({@link serverPart}), since `renderToString` cannot wait, and the hydration keeps the server's HTML until the part
 * has arrived (apps/web casino-page).
 */
function casinoPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): CasinoPart<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> =>
    (pending ??= settled(load(), () => {
      pending = undefined;
    }));
  const Part = (props: P): JSX.Element => {
    const Component = use(start());
    return <Component {...props} />;
  };
  return Object.assign(Part, { preload: () => start().then(() => undefined), displayName: name });
}

/** The lobby (`/casino`): categories, providers, search, filters, favourites. */
export const CasinoLobby = casinoPart<CasinoLobbyProps>('CasinoLobby', () =>
  import('./casino-lobby').then((m) => m.CasinoLobby),
);
/** A game page, in-house or an external provider's (ADR 0345). */
export const CasinoAnyGamePage = casinoPart<CasinoGamePageProps>('CasinoAnyGamePage', () =>
  import('./external-game-page').then((m) => m.CasinoAnyGamePage),
);
/** The provably fair page. */
export const CasinoVerifyPage = casinoPart<CasinoVerifyPageProps>('CasinoVerifyPage', () =>
  import('./casino-verify-page').then((m) => m.CasinoVerifyPage),
);
/** The tournaments and their leaderboards. */
export const CasinoTournaments = casinoPart<CasinoTournamentsProps>('CasinoTournaments', () =>
  import('./casino-tournaments').then((m) => m.CasinoTournaments),
);
/** The player's casino rounds (the office). */
export const CasinoHistory = casinoPart<object>('CasinoHistory', () =>
  import('./casino-history').then((m) => m.CasinoHistory),
);
