/** Calls a server render may make in process: the feed's read-only calls (ADR 0131) and the information pages' text. */
const ALLOWED = /^\/(service-api\/(LineFeed|LiveFeed)\/[A-Za-z0-9_]+|web-api\/information\/[A-Za-z0-9-]+)$/;

/** What an in-process call answers (a Fastify `inject` response is one). */
export interface InjectedAnswer {
  statusCode: number;
  headers: Readonly<Record<string, string | string[] | number | undefined>>;
  rawPayload: Uint8Array;
}

/** The page request a render's calls ride on; a Fastify request is one (its server injects the calls). */
export interface PageRequest {
  readonly url: string;
  readonly ip: string;
  readonly headers: { readonly host?: string; readonly cookie?: string };
  readonly server: {
    inject(options: {
      method: 'GET';
      url: string;
      headers: Record<string, string>;
      remoteAddress: string;
    }): Promise<InjectedAnswer>;
  };
}

/** A fetch for the server render of `page`: the page's own API, in process, for the same visitor and site. */
export type InProcessFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

function refused(status: number, message: string): Response {
  return new Response(JSON.stringify({ message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/**
 * Answers the render's feed calls by injecting them into the page's own server: the same routes, schemas, brand
 * filtering, answer cache and error shape as over HTTP, without a socket or a made-up origin. The call carries the
 * page request's Host, cookies and client address (so brand, country and the visitor's rate limit are the page's),
 * and the `brand` development override when the page had one. Only GET calls of the line and live feeds and of
 * the information pages pass.
 */
export function inProcessFetch(page: PageRequest): InProcessFetch {
  const pageQuery = new URLSearchParams(page.url.includes('?') ? page.url.slice(page.url.indexOf('?') + 1) : '');
  const brandOverride = pageQuery.get('brand');
  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://in-process.invalid',
    );
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method !== 'GET' || !ALLOWED.test(url.pathname)) return refused(403, 'Not available to the server render');
    if (brandOverride && !url.searchParams.has('brand')) url.searchParams.set('brand', brandOverride);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (page.headers.host) headers['host'] = page.headers.host;
    if (page.headers.cookie) headers['cookie'] = page.headers.cookie;
    const res = await page.server.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      remoteAddress: page.ip,
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      // Cookies of the inner call belong to no one: the page's answer sets its own.
      if (value === undefined || name === 'set-cookie') continue;
      out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  };
}
