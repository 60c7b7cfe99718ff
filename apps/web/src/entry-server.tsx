import { parseSession } from '@tessera/account/data-access-session';
import { liveConfigUrl } from '@tessera/shared/data-access-brand';
import { createTheme } from '@tessera/shared/ui-theme';
import { createI18n, isRtl, textDirection, translator } from '@tessera/shared/util-i18n';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { AppProviders, createQueryClient } from './app/app-providers';
import { titleKeyOf } from './app/route-handle';
import { prefetchServerData } from './app/server-data';
import { serverDataTitle } from './app/server-title';
import { createRoutes, NOT_FOUND_ROUTE_ID } from './app/routes';
import { logoUrl } from './app/shell/header';
import { renderDocument } from './document';
import { dehydrateQueries, serialiseRouterState } from './hydration';
import type { TesseraPayload } from './payload';
import type { SsrRequest, SsrResult } from '@tessera/shared/contract-api';

export type { SsrAssets, SsrRequest, SsrResult } from '@tessera/shared/contract-api';

/**
 * Server-side render of one page request (called by the API after it chose brand, country and language).
 * Everything is created per request (i18n, query cache, routes, style sheet), so concurrent requests of different
 * brands and languages share nothing.
 */
export async function render(req: SsrRequest): Promise<SsrResult> {
  const { brand } = req;
  const session = parseSession(req.session);
  const i18n = createI18n({ language: brand.language, dictionary: brand.dictionary });
  const queryClient = createQueryClient();
  const routes = createRoutes({ session, config: brand.config, queryClient });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(req.url, 'http://tessera.local')));

  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400)
      return { status: context.status, html: '', redirect: location };
    return { status: context.status, html: '' };
  }
  // The matched route's own server data (its handle's serverData: the line, live, game and championship pages' feed)
  // is in the first HTML (ADR 0131, ADR 0234). An unknown game or championship renders the page's not-found state and
  // is answered 404 (apps/web README, "An unknown game or championship answers 404").
  const prefetched = req.api
    ? await prefetchServerData(context.matches, queryClient, brand, req.api.fetch)
    : { notFound: false };
  // A page that names itself from its data (a game: its match) is titled so in the first HTML too.
  const ownTitle = req.api ? await serverDataTitle(context.matches, queryClient, brand, req.api.fetch) : undefined;

  const router = createStaticRouter(handler.dataRoutes, context);
  const year = new Date().getUTCFullYear();
  // The style elements carry the request's CSP nonce: the policy allows no other inline style.
  const sheet = new ServerStyleSheet(req.nonce ? { nonce: req.nonce } : {});
  let appHtml: string;
  let styleTags: string;
  try {
    appHtml = renderToString(
      sheet.collectStyles(
        <AppProviders
          brand={brand}
          session={session}
          i18n={i18n}
          queryClient={queryClient}
          year={year}
          consent={req.consent}
        >
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      ),
    );
    styleTags = sheet.getStyleTags();
  } finally {
    sheet.seal();
  }

  const notFound = context.matches.some((m) => m.route.id === NOT_FOUND_ROUTE_ID);
  const status = notFound || prefetched.notFound ? 404 : context.statusCode;
  const titleKey = titleKeyOf(
    context.matches.map((m) => ({ handle: m.route.handle, data: context.loaderData[m.route.id] })),
  );
  const name = brand.config.global.brandName;
  const theme = createTheme(brand.theme, { rtl: isRtl(brand.language) });
  const payload: TesseraPayload = {
    brand: { brandId: brand.brandId, country: brand.country, language: brand.language },
    session,
    year,
    ...(req.consent ? { consent: req.consent } : {}),
    router: serialiseRouterState(context.loaderData, context.errors),
    // Whatever loaders prefetched is handed over, so the client does not fetch it again on hydration.
    queries: dehydrateQueries(queryClient),
  };

  const html = renderDocument({
    lang: brand.language,
    dir: textDirection(brand.language),
    title: ownTitle ? `${ownTitle} | ${name}` : titleKey ? `${translator(i18n)(titleKey)} | ${name}` : name,
    themeColour: theme.color.secondary.base,
    faviconUrl: logoUrl(brand.brandId, brand.theme.logo.src),
    styles: req.assets.styles,
    styleTags,
    scripts: req.assets.scripts,
    appHtml,
    payload,
    fetches: [liveConfigUrl(brand)],
    ...(req.nonce ? { nonce: req.nonce } : {}),
  });
  return { status, html };
}
