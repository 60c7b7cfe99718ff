import { checkRouteAccess, type RouteAccess, type Session } from '@tessera/account/data-access-session';
import type { QueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@tessera/shared/util-config';
import type { TranslationKey } from '@tessera/shared/util-i18n';
import { data, type LoaderFunctionArgs, redirect, type RouteObject } from 'react-router';
import { NotFoundPage } from '../pages/not-found-page';
import { RouteErrorPage } from '../pages/route-error-page';
import type { RouteHandle } from './route-handle';
import { Shell } from './shell/shell';

/** What the route table depends on: fixed for one request (server) or one page load (client). */
export interface RouteDeps {
  session: Session;
  config: SiteConfig;
  /** The request's (server) or page's (client) query cache: loaders prefetch into it, the server embeds it. */
  queryClient: QueryClient;
}

/** The route ids the server render reads to choose a status. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/**
 * The site's routes, all under `/:lng`. Every page is a lazy route, so its code loads only when visited; the server
 * render waits for the matched route's chunk, so the first HTML is complete either way.
 */
export function createRoutes({ session, config }: RouteDeps): RouteObject[] {
  // queryClient is part of the contract for the feature loaders of later issues (feed, games); no page prefetches yet.
  const defaultLanguage = config.global.mainLanguage.code;

  // Access is checked in a loader so the server answers a redirect (302) before rendering anything.
  const guard =
    (access: RouteAccess) =>
    ({ request, params }: LoaderFunctionArgs) => {
      const url = new URL(request.url);
      const decision = checkRouteAccess({
        access,
        session,
        language: params['lng'] ?? defaultLanguage,
        defaultLanguage,
        address: `${url.pathname}${url.search}`,
      });
      if (decision.kind === 'redirect') throw redirect(decision.to);
      return null;
    };

  const informationLoader = (args: LoaderFunctionArgs) => {
    const page = args.params['page'] ?? '';
    // A page is one the configuration names and switches on; its text is the brand's content file (ADR 0335), and a
    // page the brand has not written answers 404 from its server data.
    const settings = Object.hasOwn(config.information.pages, page) ? config.information.pages[page] : undefined;
    if (!settings || settings.enabled === false) throw data(null, { status: 404 });
    // allowed-languages from the configuration (information.pages.<id>.languages): in another language the guard
    // redirects to the brand's default language, where the page is always offered.
    if (settings?.languages) guard({ allowedLanguages: settings.languages })(args);
    return { page, titleKey: `pages:${page}.title` as TranslationKey };
  };

  const handle = (value: RouteHandle) => value;
  const loginAccess: RouteAccess = { requiresGuest: true };
  const officeAccess: RouteAccess = { requiresAuthorised: true };

  return [
    {
      // The statistics popup (spec section 2): a window of its own, so outside the shell's header and footer (feature-game README, "The statistics popup page").
      id: 'statistic-popup',
      path: '/:lng/statisticpopup/*',
      lazy: () =>
        import('../pages/statistic-popup-page').then((m) => ({
          Component: m.StatisticPopupPage,
          loader: m.statisticPopupLoader,
          ErrorBoundary: m.StatisticPopupErrorPage,
        })),
      handle: handle({
        titleKey: 'sportsbook:statistic.title',
        serverData: () => import('../pages/statistic-popup-page').then((m) => m.statisticPopupServerData),
      }),
    },
    {
      id: 'root',
      path: '/:lng',
      Component: Shell,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          // A pathless layer so a failing page shows the error inside the header and footer.
          id: 'pages',
          ErrorBoundary: RouteErrorPage,
          children: [
            {
              // The home page is a lazy route with server data like the line (ADR 0370): its blocks carry the feed
              // and the slip, which the other pages' first load must not pay for.
              index: true,
              id: 'home',
              lazy: () => import('../pages/home-page').then((m) => ({ Component: m.HomePage })),
              handle: handle({
                titleKey: 'pages:home.title',
                serverData: () => import('../pages/home-page').then((m) => m.homeServerData),
              }),
            },
            {
              path: 'line/*',
              id: 'line',
              lazy: () => import('../pages/line-page').then((m) => ({ Component: m.LinePage })),
              handle: handle({
                titleKey: 'pages:line.title',
                serverData: () => import('../pages/line-page').then((m) => m.lineServerData),
              }),
            },
            {
              path: 'live/*',
              id: 'live',
              lazy: () => import('../pages/live-page').then((m) => ({ Component: m.LivePage })),
              handle: handle({
                titleKey: 'pages:live.title',
                serverData: () => import('../pages/live-page').then((m) => m.liveServerData),
              }),
            },
            // Sportsbook pages beside the line: chunks of their own, so the line page does not ship them (the game page alone).
            {
              path: 'champ/:champId',
              id: 'champ',
              lazy: () => import('../pages/sportsbook-pages').then((m) => ({ Component: m.ChampPage })),
              handle: handle({
                titleKey: 'pages:line.title',
                serverData: () => import('../pages/sportsbook-pages').then((m) => m.champServerData),
              }),
            },
            {
              path: 'game/:gameId',
              id: 'game',
              lazy: () => import('../pages/game-page').then((m) => ({ Component: m.GamePage })),
              handle: handle({
                titleKey: 'sportsbook:game.title',
                ownTitle: true,
                serverData: () => import('../pages/game-page').then((m) => m.gameServerData),
              }),
            },
            {
              path: 'search',
              id: 'search',
              lazy: () => import('../pages/sportsbook-pages').then((m) => ({ Component: m.SearchPage })),
              handle: handle({ titleKey: 'sportsbook:nav.search' }),
            },
            {
              path: 'favorites',
              id: 'favorites',
              lazy: () => import('../pages/sportsbook-pages').then((m) => ({ Component: m.FavoritesPage })),
              handle: handle({ titleKey: 'sportsbook:favorites.title' }),
            },
            {
              path: 'express',
              id: 'express',
              lazy: () => import('../pages/sportsbook-pages').then((m) => ({ Component: m.ExpressPage })),
              handle: handle({ titleKey: 'sportsbook:express.title' }),
            },
            {
              path: 'upcoming',
              id: 'upcoming',
              lazy: () => import('../pages/sportsbook-pages').then((m) => ({ Component: m.UpcomingPage })),
              handle: handle({ titleKey: 'sportsbook:upcoming.title' }),
            },
            {
              path: 'cyber/*',
              id: 'cyber',
              lazy: () => import('../pages/line-page').then((m) => ({ Component: m.CyberPage })),
              handle: handle({ titleKey: 'sportsbook:cyber.title' }),
            },
            // The casino (issue 15): lobby, game pages and the provably fair page share one lazy chunk with the
            // casino's copy; no other page carries it.
            {
              path: 'casino/game/:gameId',
              id: 'casino-game',
              lazy: () => import('../pages/casino-page').then((m) => ({ Component: m.CasinoGameRoute })),
              handle: handle({ titleKey: 'pages:casino.title' }),
            },
            {
              path: 'casino/verify',
              id: 'casino-verify',
              lazy: () => import('../pages/casino-page').then((m) => ({ Component: m.CasinoVerifyRoute })),
              handle: handle({ titleKey: 'pages:casino.title' }),
            },
            {
              path: 'casino/tournaments/:tournamentId?',
              id: 'casino-tournaments',
              lazy: () => import('../pages/casino-page').then((m) => ({ Component: m.CasinoTournamentsRoute })),
              handle: handle({ titleKey: 'pages:casino.title' }),
            },
            {
              path: 'casino/*',
              id: 'casino',
              lazy: () => import('../pages/casino-page').then((m) => ({ Component: m.CasinoPage })),
              handle: handle({ titleKey: 'pages:casino.title' }),
            },
            {
              path: 'login',
              id: 'login',
              loader: guard(loginAccess),
              lazy: () => import('../pages/login-page').then((m) => ({ Component: m.LoginPage })),
              handle: handle({ titleKey: 'pages:login.title', access: loginAccess }),
            },
            {
              path: 'registration',
              id: 'registration',
              loader: guard(loginAccess),
              lazy: () => import('../pages/registration-page').then((m) => ({ Component: m.RegistrationPage })),
              handle: handle({ titleKey: 'pages:registration.title', access: loginAccess }),
            },
            // The links of the password reset and activation messages (`/passwordreset?token=`, `/activate?token=`).
            {
              path: 'passwordreset',
              id: 'password-reset',
              lazy: () => import('../pages/password-reset-page').then((m) => ({ Component: m.PasswordResetPage })),
              handle: handle({ titleKey: 'account:reset.title' }),
            },
            {
              path: 'activate',
              id: 'activate',
              lazy: () => import('../pages/activation-page').then((m) => ({ Component: m.ActivationPage })),
              handle: handle({ titleKey: 'account:activation.title' }),
            },
            {
              // A registration through an identity provider lands here for the welcome modal and the redirect.
              path: 'welcome',
              id: 'welcome',
              loader: guard(officeAccess),
              lazy: () => import('../pages/welcome-page').then((m) => ({ Component: m.WelcomePage })),
              handle: handle({ titleKey: 'pages:registration.title', access: officeAccess }),
            },
            {
              path: 'office/*',
              id: 'office',
              loader: guard(officeAccess),
              lazy: () => import('../pages/office-page').then((m) => ({ Component: m.OfficePage })),
              handle: handle({ titleKey: 'pages:office.title', access: officeAccess }),
            },
            {
              path: 'information/:page',
              id: 'information',
              loader: informationLoader,
              lazy: () => import('../pages/information-page').then((m) => ({ Component: m.InformationPage })),
              handle: handle({
                serverData: () => import('../pages/information-page').then((m) => m.informationServerData),
              }),
            },
            {
              path: '*',
              id: NOT_FOUND_ROUTE_ID,
              Component: NotFoundPage,
              handle: handle({ titleKey: 'errors:notFound.title' }),
            },
          ],
        },
      ],
    },
  ];
}
