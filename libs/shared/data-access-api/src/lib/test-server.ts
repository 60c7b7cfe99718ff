import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the test server received it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server on a free port, for tests whose behaviour depends on the wire. Test-only, not exported. */
export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** How many requests reached `path` (pathname only). */
  hits(path: string): number;
  close(): Promise<void>;
}

/** Handler of the test server; the request body is already read. */
export type TestHandler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

/** Starts a server on 127.0.0.1 and port 0 and records every request. */
export async function startTestServer(handler: TestHandler): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hits: (path) => requests.filter((r) => new URL(r.url, 'http://x').pathname === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON answer. */
export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}
