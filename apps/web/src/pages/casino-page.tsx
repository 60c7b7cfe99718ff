import { AccountApiProvider, isAuthorised, useSession } from '@tessera/account/data-access-session';
import {
  CasinoAnyGamePage,
  CasinoLobby,
  CasinoTournaments,
  CasinoVerifyPage,
  preloadCasinoCopy,
  useCasinoT,
} from '@tessera/casino/feature-casino';
import { useT } from '@tessera/shared/data-access-brand';
import { Skeleton } from '@tessera/shared/ui';
import { PLATFORM_LANGUAGES } from '@tessera/shared/util-i18n';
import { type ReactNode, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageLayout } from './page-layout';

// The casino's pages, each with a same-origin API client (cookie session). In the browser this chunk holds only the
// route components: the lobby, the game pages, the fair-play page and the tournaments are chunks of their own, and so
// is the casino's copy of each language (util-i18n loadCasinoCopy), so neither the sportsbook and account pages nor
// the lobby ship what they do not show. The session decides real play; the feature does not read it.

/** The part of the casino an address opens (the route table's order: games, fair play, tournaments, lobby). */
const PARTS = [
  { path: /^\/[^/]+\/casino\/game\//, part: CasinoAnyGamePage },
  { path: /^\/[^/]+\/casino\/verify\/?$/, part: CasinoVerifyPage },
  { path: /^\/[^/]+\/casino\/tournaments(\/|$)/, part: CasinoTournaments },
  { path: /^\/[^/]+\/casino(\/|$)/, part: CasinoLobby },
] as const;

/** Every part and every language's copy: what the server's render needs at hand (renderToString cannot wait). */
async function loadEverything(): Promise<void> {
  await Promise.all([
    ...PARTS.map(({ part }) => part.preload()),
    ...PLATFORM_LANGUAGES.map((language) => preloadCasinoCopy(language)),
  ]);
}

/**
 * The part of the casino the page was opened on and the copy of the page's language, started as this chunk arrives in
 * the browser, so the hydration rarely waits for them; when it does, React keeps the server's HTML until they are
 * there, so nothing flashes or differs. A page reached later by a link shows a skeleton while its part loads. A failed
 * load is not fatal here: the part tries again when it renders, inside its error boundary.
 */
function preloadOpenedPage(): void {
  const opened = PARTS.find(({ path }) => path.test(window.location.pathname))?.part;
  Promise.all([opened?.preload(), preloadCasinoCopy(document.documentElement.lang)]).catch(() => undefined);
}

// The route table awaits this module before the server renders it, so the server's bundle waits here for everything
// (once per process). The browser's bundle has no top-level await: Vite drops this branch there, and a module that
// awaited at its top made the bundler split the chunks every page shares (about 6 KB more on each page).
if (import.meta.env.SSR) await loadEverything();
else preloadOpenedPage();

/** The page's heading and a skeleton while a casino part or its copy loads. */
function CasinoLoading({ title }: { title: ReactNode }) {
  const { t } = useT();
  return (
    <PageLayout title={title}>
      <Skeleton label={t('pages:casino.title')} count={3} height="9rem" width="100%" />
    </PageLayout>
  );
}

/** The lobby (`/casino`): categories, providers, search, filters, favourites. */
export function CasinoPage() {
  const { t } = useT();
  const signedIn = isAuthorised(useSession());
  return (
    <PageLayout title={t('pages:casino.title')}>
      <AccountApiProvider>
        <Suspense fallback={<Skeleton label={t('pages:casino.title')} count={3} height="9rem" width="100%" />}>
          <CasinoLobby signedIn={signedIn} />
        </Suspense>
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
        <Suspense fallback={<Skeleton label={t('pages:casino.title')} count={2} height="12rem" width="100%" />}>
          <CasinoAnyGamePage
            key={`${gameId}:${params.get('mode') ?? ''}`}
            gameId={gameId}
            demo={params.get('mode') === 'demo'}
            signedIn={signedIn}
          />
        </Suspense>
      </AccountApiProvider>
    </PageLayout>
  );
}

function VerifyPage() {
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

/** The provably fair page (`/casino/verify`, `?round=` for a round of the player's). */
export function CasinoVerifyRoute() {
  const { t } = useT();
  return (
    <Suspense fallback={<CasinoLoading title={t('pages:casino.title')} />}>
      <VerifyPage />
    </Suspense>
  );
}

function TournamentsPage() {
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

/** The tournaments (`/casino/tournaments/:tournamentId?`): leaderboards, prizes, countdowns. */
export function CasinoTournamentsRoute() {
  const { t } = useT();
  return (
    <Suspense fallback={<CasinoLoading title={t('pages:casino.title')} />}>
      <TournamentsPage />
    </Suspense>
  );
}
