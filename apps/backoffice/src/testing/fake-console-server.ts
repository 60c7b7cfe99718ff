/** One request the fake server received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Handler = (request: ReceivedRequest) => { status?: number; body?: unknown } | undefined;

/**
 * A fake console API at the fetch boundary: tests declare answers by method and path (`:param` segments match
 * anything), read what was sent, and every unknown call answers 404 in the error shape.
 */
export function createFakeConsoleServer() {
  const routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [];
  const received: ReceivedRequest[] = [];

  // Read from the arguments rather than through `new Request`: jsdom's AbortSignal is not the one Node's Request accepts.
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const text = typeof init?.body === 'string' ? init.body : '';
    const entry: ReceivedRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    received.push(entry);
    const route = routes.find((candidate) => candidate.method === entry.method && candidate.pattern.test(entry.path));
    const answer = route?.handler(entry) ?? {
      status: 404,
      body: { message: `no fake for ${entry.method} ${entry.path}` },
    };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };

  return {
    fetch: fetchImpl,
    received,
    /** Answers `method path` (path under /backoffice/api, `:x` matches one segment) with the handler's result. */
    on(method: string, path: string, handler: Handler | { status?: number; body?: unknown }) {
      const pattern = new RegExp(`^/backoffice/api${path.replace(/:[a-zA-Z]+/g, '[^/]+').replace(/\./g, '\\.')}$`);
      routes.unshift({ method, pattern, handler: typeof handler === 'function' ? handler : () => handler });
      return this;
    },
    /** The requests sent to `method path` (path under /backoffice/api). */
    calls(method: string, path: string) {
      return received.filter((request) => request.method === method && request.path === `/backoffice/api${path}`);
    },
  };
}

/** A fake server as tests hold it. */
export type FakeConsoleServer = ReturnType<typeof createFakeConsoleServer>;
