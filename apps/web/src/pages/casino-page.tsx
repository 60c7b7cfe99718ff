import { AccountApiProvider, isAuthorised, useSession } from '@tessera/account/data-access-session';
import {
  CasinoAnyGamePage,
  CasinoLobby,
  CasinoTournaments,
  CasinoVerifyPage,
  useCasinoT,
} from '@tessera/casino/feature-casino';
import { useT } from '@tessera/shared/data-access-brand';
import { useParams, useSearchParams } from 'react-router';
import { PageLayout } from './page-layout';

// The casino's pages, each with a same-origin API client (cookie session): one lazy chunk, and the only one carrying the casino's copy (util-i18n casinoDictionaries), so
// the sportsbook and account pages never ship it. The session decides real play; the feature does not read it.

/** The lobby (`/casino`): categories, providers, search, filters, favourites. */
export function CasinoPage() {
  const { t } = useT();
  const signedIn = isAuthorised(useSession());
  return (
    <PageLayout title={t('pages:casino.title')}>
      <AccountApiProvider>
        <CasinoLobby signedIn={signedIn} />
      </AccountApiProvider>
    </PageLayout>
  );
}

/** A game (`/casino/game/:gameId`, `?mode=demo` for play money); an external provider's game is framed (ADR 0345). */
export function CasinoGameRoute() {
  const { t } = useT();
  const { gameId = '' } = useParams();
  const [params] = useSearchParams();
  const signedIn = isAuthorised(useSession());
  return (
    <PageLayout title={t('pages:casino.title')}>
      <AccountApiProvider>
        <CasinoAnyGamePage
          key={`${gameId}:${params.get('mode') ?? ''}`}
          gameId={gameId}
          demo={params.get('mode') === 'demo'}
          signedIn={signedIn}
        />
      </AccountApiProvider>
    </PageLayout>
  );
}

/** The provably fair page (`/casino/verify`, `?round=` for a round of the player's). */
export function CasinoVerifyRoute() {
  const { tc } = useCasinoT();
  const signedIn = isAuthorised(useSession());
  return (
    <PageLayout title={tc('casino:fair.title')}>
      <AccountApiProvider>
        <CasinoVerifyPage signedIn={signedIn} />
      </AccountApiProvider>
    </PageLayout>
  );
}

/** The tournaments (`/casino/tournaments/:tournamentId?`): leaderboards, prizes, countdowns. */
export function CasinoTournamentsRoute() {
  const { tc } = useCasinoT();
  const { tournamentId } = useParams();
  const signedIn = isAuthorised(useSession());
  return (
    <PageLayout title={tc('casino:tournaments.title')}>
      <AccountApiProvider>
        <CasinoTournaments signedIn={signedIn} {...(tournamentId ? { tournamentId } : {})} />
      </AccountApiProvider>
    </PageLayout>
  );
}
