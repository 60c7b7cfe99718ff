import type { ThemePrimitives } from '@tessera/shared/util-config';
import { testBrandPayload } from '@tessera/shared/util-testing';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';

const assets = { scripts: ['/assets/entry-client-abc.js'], styles: [] };
const guest = { status: 'guest' } as const;

function theme(
  mode: 'light' | 'dark',
  background: string,
  surface: string,
  secondary: string,
  font: string,
): ThemePrimitives {
  return {
    mode,
    palette: {
      primary: '#0a5cff',
      secondary,
      accent: '#ffd400',
      background,
      surface,
      text: mode === 'dark' ? '#f5f5f5' : '#111111',
      success: '#1f9d55',
      warning: '#f59e0b',
      danger: '#dc2626',
    },
    fonts: { body: font, heading: font },
    radii: { small: 4, medium: 8, large: 16 },
    logo: { src: 'assets/logo.svg', alt: 'logo', width: 120, height: 32 },
  };
}

// Fixtures shaped like the four demo brands: their languages (one right-to-left), dark and light themes.
const brands = [
  {
    brandId: 'albion-odds',
    brandName: 'Albion Odds',
    language: 'en',
    languages: ['en'],
    dir: 'ltr',
    login: 'Log in',
    theme: theme('light', '#f2f4f7', '#ffffff', '#0b2545', 'Georgia, serif'),
  },
  {
    brandId: 'polar-bet',
    brandName: 'PolarBet',
    language: 'ru',
    languages: ['ru', 'en'],
    dir: 'ltr',
    login: 'Войти',
    theme: theme('dark', '#0b1622', '#13202f', '#0e3a5f', 'system-ui, sans-serif'),
  },
  {
    brandId: 'rhein-wetten',
    brandName: 'Rhein Wetten',
    language: 'de',
    languages: ['de', 'en'],
    dir: 'ltr',
    login: 'Anmelden',
    theme: theme('light', '#f7f7f2', '#ffffff', '#1d3b2a', 'Verdana, sans-serif'),
  },
  {
    brandId: 'sahra-bet',
    brandName: 'Sahra',
    language: 'ar',
    languages: ['ar', 'fa', 'en'],
    dir: 'rtl',
    login: 'تسجيل الدخول',
    theme: theme('dark', '#1a120b', '#2b1f14', '#2a1a0e', 'Tahoma, sans-serif'),
  },
] as const;

function payloadOf(b: (typeof brands)[number]) {
  return testBrandPayload({
    brandId: b.brandId,
    brandName: b.brandName,
    language: b.language,
    languages: [...b.languages],
    theme: b.theme,
  });
}

function embeddedPayload(html: string): unknown {
  const match = /<script type="application\/json" id="tessera-payload">(.*?)<\/script>/.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : undefined;
}

describe('render (server side)', () => {
  it.each(brands)('renders $brandId home in its language, direction and theme in the first response', async (b) => {
    const result = await render({
      url: `/${b.language}/`,
      brand: payloadOf(b),
      session: guest,
      assets,
      nonce: 'n0nce',
    });
    expect(result.status).toBe(200);
    expect(result.html).toMatch(new RegExp(`^<!doctype html><html lang="${b.language}" dir="${b.dir}">`));
    // The brand's colours arrive as a style tag in <head>, before any script runs.
    const head = result.html.slice(0, result.html.indexOf('</head>'));
    expect(head).toContain('data-styled');
    // item 20 of issue 12: the style elements, and the nonce styled-components reads in the browser, carry the nonce.
    expect(head).toMatch(/<style nonce="n0nce" data-styled="true"/);
    expect(head).toContain('<meta property="csp-nonce" nonce="n0nce">');
    expect(head).toContain(`background:${b.theme.palette.background}`);
    expect(head).toContain(b.theme.palette.secondary);
    expect(head).toContain(`<title>`);
    expect(head).toContain(`| ${b.brandName}</title>`);
    expect(result.html).toContain(`/brand-assets/${b.brandId}/logo.svg`);
    expect(result.html).toContain(b.login);
    // The entry starts after the first paint: a nonce'd module imports it from a frame callback's timer (a hidden tab
    // at once); the head preloads it meanwhile.
    expect(result.html).toContain(
      `<script type="module" nonce="n0nce">const go=()=>Promise.all([import("/assets/entry-client-abc.js")]);` +
        `document.visibilityState==='hidden'?go():requestAnimationFrame(()=>setTimeout(go,0));</script>`,
    );
    expect(head).toContain('<link rel="modulepreload" href="/assets/entry-client-abc.js">');
  });

  it('embeds the same payload it rendered, for hydration', async () => {
    const brand = payloadOf(brands[3]);
    const result = await render({ url: '/ar/', brand, session: guest, assets, nonce: 'n0nce' });
    // A data block: not run by the parser, so it needs no nonce; the module scripts carry it.
    expect(result.html).toContain('<script type="application/json" id="tessera-payload">{');
    expect(embeddedPayload(result.html)).toEqual({
      brand: { brandId: 'sahra-bet', country: brand.country, language: 'ar' },
      session: guest,
      year: new Date().getUTCFullYear(),
      router: { errors: null, loaderData: {} },
      queries: { queries: [], mutations: [] },
    });
  });

  it('preloads the site configuration after the page, instead of carrying it in the document', async () => {
    const brand = payloadOf(brands[3]);
    const result = await render({ url: '/ar/', brand, session: guest, assets, nonce: 'n0nce' });
    const preload = `<link rel="preload" href="/web-api/site-config?lng=ar&#38;country=${brand.country}&#38;brand=sahra-bet" as="fetch" crossorigin>`;
    expect(result.html).toContain(preload);
    // After the rendered page (the first paint waits for the document's bytes, not for this answer's), in the body.
    expect(result.html.indexOf(preload)).toBeGreaterThan(result.html.indexOf('<div id="root">'));
    expect(result.html.indexOf(preload)).toBeLessThan(result.html.indexOf('</body>'));
    // Neither the dictionary nor the configuration travels in the document: a text only the dictionary holds
    // (the notice of a resettled bet, which no page shows) is absent from it.
    const unseen = brand.dictionary['account']?.['betCorrection.resettle'];
    expect(unseen).toBeTruthy();
    expect(result.html).not.toContain(JSON.stringify(unseen).slice(1, -1));
  });

  it('shows the cookie-consent banner in the first HTML to a visitor who has not chosen, not to one who has', async () => {
    const brand = payloadOf(brands[0]);
    const title = brand.dictionary['common']?.['consent.title'] ?? 'consent.title';
    // The page's markup, before its data block.
    const markup = (html: string) => html.slice(0, html.indexOf('<script'));
    const first = await render({ url: '/en/', brand, session: guest, assets });
    expect(markup(first.html)).toContain(`>${title}</h2>`);
    // Before the header and the page, though drawn at the bottom: a first visit's largest paint arrives with the
    // first bytes on a slow network, not after the whole page (apps/web README, "Start-up blocking time").
    expect(markup(first.html).indexOf(`>${title}</h2>`)).toBeLessThan(first.html.indexOf('<header'));
    expect(embeddedPayload(first.html)).not.toHaveProperty('consent');
    const chosen = `3.${Math.floor(Date.now() / 1000)}`;
    const again = await render({ url: '/en/', brand, session: guest, assets, consent: chosen });
    expect(markup(again.html)).not.toContain(title);
    // Hydration starts from the same cookie, so it shows what the server showed.
    expect(embeddedPayload(again.html)).toMatchObject({ consent: chosen });
  });

  it('cannot be broken out of by brand copy containing </script>', async () => {
    const brand = payloadOf(brands[0]);
    brand.dictionary = {
      ...brand.dictionary,
      footer: { ...brand.dictionary['footer'], copyright: '</script><script>alert(1)</script>' },
    };
    const result = await render({ url: '/en/', brand, session: guest, assets });
    expect(result.html).not.toContain('<script>alert(1)</script>');
    expect(result.html.match(/<script/g)).toHaveLength(2);
  });

  it('answers unknown pages with the 404 page', async () => {
    const result = await render({ url: '/en/no-such-page', brand: payloadOf(brands[0]), session: guest, assets });
    expect(result.status).toBe(404);
    expect(result.html).toContain('Page not found');
  });

  it('answers an unknown information page with 404 and a known one with its text, in the first HTML', async () => {
    const brand = payloadOf(brands[0]);
    // The API's answer for the brand's content file (ADR 0335): about is written, cookies is not.
    const api = {
      fetch: async (input: string | URL | Request) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        const json = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        if (url.pathname === '/web-api/information/about' && url.searchParams.get('lng') === 'en')
          return json(200, {
            page: 'about',
            language: 'en',
            title: 'About Albion Odds',
            blocks: [
              { kind: 'paragraph', content: [{ kind: 'text', text: 'A sportsbook for adults. <b>not markup</b>' }] },
              {
                kind: 'list',
                ordered: false,
                items: [[{ kind: 'link', text: 'Contacts', href: '/information/contacts' }]],
              },
            ],
          });
        return json(404, { message: 'Not found' });
      },
    };
    expect((await render({ url: '/en/information/nothing', brand, session: guest, assets, api })).status).toBe(404);
    expect((await render({ url: '/en/information/cookies', brand, session: guest, assets, api })).status).toBe(404);
    const about = await render({ url: '/en/information/about', brand, session: guest, assets, api });
    expect(about.status).toBe(200);
    expect(about.html).toContain('<title>About us | Albion Odds</title>');
    expect(about.html).toContain('<h1 id="page-title">About Albion Odds</h1>');
    // Text stays text: the server render escapes whatever the blocks hold.
    expect(about.html).toContain('A sportsbook for adults. &lt;b&gt;not markup&lt;/b&gt;');
    expect(about.html).toMatch(/<a[^>]+href="\/en\/information\/contacts"[^>]*>Contacts<\/a>/);
  });

  it('redirects an information page to the default language when it is not offered in the page language', async () => {
    // Rhein Wetten publishes its betting rules in German only (brands/rhein-wetten: information.pages.rules.languages).
    const rhein = (language: 'de' | 'en') =>
      testBrandPayload({
        brandId: 'rhein-wetten',
        brandName: 'Rhein Wetten',
        language,
        languages: ['de', 'en'],
        config: { information: { pages: { rules: { languages: ['de'] } } } },
      });
    expect(
      await render({ url: '/en/information/rules?from=footer', brand: rhein('en'), session: guest, assets }),
    ).toEqual({
      status: 302,
      html: '',
      redirect: '/de/information/rules?from=footer',
    });
    // Pages without the setting stay offered in every language.
    expect((await render({ url: '/en/information/about', brand: rhein('en'), session: guest, assets })).status).toBe(
      200,
    );
    const german = await render({ url: '/de/information/rules', brand: rhein('de'), session: guest, assets });
    expect(german.status).toBe(200);
    expect(german.html).toContain('<title>Regeln | Rhein Wetten</title>');
  });

  it('sends a guest from the office to login with a return address', async () => {
    const result = await render({ url: '/en/office?tab=bets', brand: payloadOf(brands[0]), session: guest, assets });
    expect(result).toEqual({ status: 302, html: '', redirect: '/en/login?returnTo=%2Fen%2Foffice%3Ftab%3Dbets' });
  });

  it('lets an authorised visitor into the office and keeps them off the login page', async () => {
    const session = { status: 'authorised' as const, user: { id: 'u1', displayName: 'Ada <b>' } };
    const office = await render({ url: '/en/office', brand: payloadOf(brands[0]), session, assets });
    expect(office.status).toBe(200);
    expect(office.html).toContain('Welcome, Ada &lt;b&gt;.');
    const login = await render({ url: '/en/login', brand: payloadOf(brands[0]), session, assets });
    expect(login).toMatchObject({ status: 302, redirect: '/en/' });
  });

  describe('a page about one game or championship', () => {
    const game = {
      id: 5,
      kind: 3,
      sportId: 1,
      sportName: 'Football',
      champId: 10,
      champName: 'Premier League',
      countryId: 1,
      home: { id: 31, name: 'Arsenal' },
      away: { id: 32, name: 'Chelsea' },
      startsAt: 1_800_000_000,
      status: 'prematch',
      live: null,
      mainMarket: null,
      marketsCount: 0,
    };
    // The API in process, as the server hands it to render(): game 5 exists, nothing else does.
    const api = {
      fetch: async (input: string | URL | Request) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        const json = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
        if (url.pathname.endsWith('/GetGameZip') && url.searchParams.get('id') === '5')
          return json(200, { kind: 3, version: 1, game, groups: [] });
        if (url.pathname.endsWith('/GetGameZip')) return json(404, { message: 'Game not found' });
        if (url.pathname.endsWith('/GetChampZip')) return json(404, { message: 'Championship not found' });
        return json(503, { message: 'Unavailable' });
      },
    };

    it('answers an unknown game 404 with the game page saying it is not available, and hands that state over for hydration', async () => {
      const result = await render({
        url: '/en/game/999999999',
        brand: payloadOf(brands[0]),
        session: guest,
        assets,
        api,
      });
      expect(result.status).toBe(404);
      expect(result.html).toContain('This game is not available.');
      expect(embeddedPayload(result.html)).toMatchObject({
        queries: {
          queries: [
            {
              queryKey: ['feed', 'game', 999999999, expect.anything()],
              state: { status: 'error', error: { kind: 'not-found' } },
            },
          ],
        },
      });
      // Nothing of the server's answer leaks into the page beyond "not found".
      expect(result.html).not.toContain('ssr.invalid');
    });

    it('answers an unknown championship 404 with the championship page saying so', async () => {
      const result = await render({
        url: '/en/champ/424242',
        brand: payloadOf(brands[0]),
        session: guest,
        assets,
        api,
      });
      expect(result.status).toBe(404);
      expect(result.html).toContain('This championship is not available.');
    });

    it('answers a known game 200 with its teams, and the statistics popup of an unknown game 404', async () => {
      const known = await render({ url: '/en/game/5', brand: payloadOf(brands[0]), session: guest, assets, api });
      expect(known.status).toBe(200);
      expect(known.html).toContain('Arsenal – Chelsea');
      const popup = await render({
        url: '/en/statisticpopup/game/1/5/main',
        brand: payloadOf(brands[0]),
        session: guest,
        assets,
        api,
      });
      expect(popup.status).toBe(200);
      expect(popup.html).toContain('Arsenal – Chelsea');
      expect(popup.html).not.toContain('<header');
      const missing = await render({
        url: '/en/statisticpopup/game/1/999999999/main',
        brand: payloadOf(brands[0]),
        session: guest,
        assets,
        api,
      });
      expect(missing.status).toBe(404);
      expect(missing.html).toContain('This game is not available.');
      expect(
        (
          await render({
            url: '/en/statisticpopup/nothing/1',
            brand: payloadOf(brands[0]),
            session: guest,
            assets,
            api,
          })
        ).status,
      ).toBe(404);
    });

    it('keeps answering 200 when the feed fails otherwise: the browser loads the page', async () => {
      const down = {
        fetch: async () =>
          new Response(JSON.stringify({ message: 'Unavailable' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          }),
      };
      const result = await render({
        url: '/en/game/5',
        brand: payloadOf(brands[0]),
        session: guest,
        assets,
        api: down,
      });
      expect(result.status).toBe(200);
      expect(embeddedPayload(result.html)).toMatchObject({ queries: { queries: [] } });
    });
  });

  it('renders a lazy page (line) on the server', async () => {
    const result = await render({ url: '/de/line', brand: payloadOf(brands[2]), session: guest, assets });
    expect(result.status).toBe(200);
    expect(result.html).toContain('<title>Sportwetten | Rhein Wetten</title>');
  });
});
