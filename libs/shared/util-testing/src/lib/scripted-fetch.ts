/** What a scripted route answers: a JSON body with a status (200 by default), or `'network'` for a lost connection. */
export type ScriptedAnswer = { status?: number; body?: unknown } | 'network';

/** A scripted route: answers a request's JSON body (and method). */
export type ScriptedRoute = (body: Record<string, unknown>, method: string) => ScriptedAnswer;

/** A request the scripted fetch received, in order. */
export interface ScriptedRequest {
  path: string;
  method: string;
  body: Record<string, unknown>;
}

/**
 * A `fetch` that answers by path from a script, for tests that run the real API client: a key ending in `*` answers
 * every path under it (a path that carries an id), a path without a route is a 404 in the API's error shape, and
 * `'network'` throws as a browser does when the connection is lost. `seen` lists every request in order.
 */
export function scriptedFetch(routes: Record<string, ScriptedRoute>): {
  fetch: typeof fetch;
  seen: ScriptedRequest[];
} {
  const seen: ScriptedRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>;
    seen.push({ path: url.pathname, method, body });
    const route =
      routes[url.pathname] ??
      Object.entries(routes).find(([key]) => key.endsWith('*') && url.pathname.startsWith(key.slice(0, -1)))?.[1];
    const answer = route?.(body, method) ?? { status: 404, body: { message: 'Not found' } };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetch: fetchImpl, seen };
}
