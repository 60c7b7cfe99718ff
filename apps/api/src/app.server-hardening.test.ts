import net from 'node:net';
import { describeEachDatabase } from '@tessera/server/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from './testing/test-app';

/** One answer as it came over the socket. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
}

function parseAnswer(raw: string, closedAfterMs: number): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(statusLine.split(' ')[1] ?? 0),
    headers,
    body: end === -1 ? '' : raw.slice(end + 4),
    closedAfterMs,
  };
}

/**
 * Opens a connection, writes `chunks` (a number is a pause in milliseconds), and collects everything the server
 * writes until it closes the connection or `giveUpMs` pass (then closedAfterMs is Infinity).
 */
function talk(port: number, chunks: Array<string | Buffer | number>, giveUpMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let closed = false;
    const finish = (closedAfterMs: number): void => {
      if (closed) return;
      closed = true;
      clearTimeout(giveUp);
      socket.destroy();
      resolve(parseAnswer(Buffer.concat(received).toString('utf8'), closedAfterMs));
    };
    const giveUp = setTimeout(() => finish(Number.POSITIVE_INFINITY), giveUpMs);
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('close', () => finish(Date.now() - started));
    socket.on('error', () => finish(Date.now() - started));
    void (async () => {
      for (const chunk of chunks) {
        if (closed || socket.destroyed) return;
        if (typeof chunk === 'number') await new Promise((r) => setTimeout(r, chunk));
        else socket.write(chunk);
      }
    })();
  });
}

/** The security headers every answer carries. */
function expectSecurityHeaders(answer: RawAnswer): void {
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
}

/** The standard error shape: a JSON object with a message, optional detail, nothing else. */
function expectErrorShape(answer: RawAnswer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(typeof body['message']).toBe('string');
  for (const key of Object.keys(body)) expect(['message', 'detail', 'validation_errors', 'error_code']).toContain(key);
}

const HOST = 'Host: northbet.example\r\n';

describeEachDatabase('the server itself over a real listener', (ctx) => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    // Short limits, so a slow client is cut off in a test's time; production uses the values of libs/server/http/README.md.
    app = await buildTestApp(ctx.db, { timeouts: { requestMs: 1500, headersMs: 1000, keepAliveMs: 800 } });
    app.post('/web-api/echo', async (request) => ({ received: request.body }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  it('item 16: a client sending its body one byte at a time is cut off at the request timeout, with a 408', async () => {
    const trickle: Array<string | number> = [
      `POST /web-api/echo HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 40\r\n\r\n`,
    ];
    for (let i = 0; i < 40; i += 1) trickle.push(300, ' ');
    const answer = await talk(port, trickle);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(1400);
    expect(answer.closedAfterMs).toBeLessThan(3500);
    expectErrorShape(answer, 408);
    expectSecurityHeaders(answer);
  });

  it('item 16: a client sending its headers one byte at a time is cut off at the headers timeout', async () => {
    const request = `GET /health HTTP/1.1\r\n${HOST}X-Slow: ${'a'.repeat(40)}\r\n\r\n`;
    const trickle: Array<string | number> = [];
    for (const char of request) trickle.push(char, 150);
    const answer = await talk(port, trickle);
    expect(answer.closedAfterMs).toBeLessThan(3000);
    expectErrorShape(answer, 408);
  });

  it('item 16: an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const answer = await talk(port, [`GET /health HTTP/1.1\r\n${HOST}\r\n`]);
    expect(answer.status).toBe(200);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(700);
    expect(answer.closedAfterMs).toBeLessThan(3000);
  });

  it('item 18: a URL that cannot be decoded (GET /%ff) answers 400 in the error shape with the security headers', async () => {
    const answer = await talk(port, [`GET /%ff HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`]);
    expectErrorShape(answer, 400);
    expectSecurityHeaders(answer);
    expect(answer.headers['x-request-id']).toBeTruthy();
  });

  it('item 18: a malformed header and a bad content-length answer 400 in the error shape with the security headers', async () => {
    for (const request of [
      `GET / HTTP/1.1\r\n${HOST}Bad Header: x\r\n\r\n`,
      `POST /web-api/echo HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      `POST /web-api/echo HTTP/1.1\r\n${HOST}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
      `GET / HTTP/9.9\r\n${HOST}\r\n`,
    ]) {
      const answer = await talk(port, [request]);
      expectErrorShape(answer, 400);
      expectSecurityHeaders(answer);
      expect(answer.closedAfterMs).toBeLessThan(2000);
    }
  });

  it('item 18: invalid JSON, an unknown API route and an oversize body answer in the error shape with the security headers', async () => {
    const json = await talk(port, [
      `POST /web-api/echo HTTP/1.1\r\n${HOST}Connection: close\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":`,
    ]);
    expectErrorShape(json, 400);
    expectSecurityHeaders(json);
    const missing = await talk(port, [`GET /web-api/no-such-route HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`]);
    expectErrorShape(missing, 404);
    expectSecurityHeaders(missing);
    const size = 1024 * 1024 + 10;
    const oversize = await talk(port, [
      `POST /web-api/echo HTTP/1.1\r\n${HOST}Connection: close\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      Buffer.alloc(size, 0x20),
    ]);
    expectErrorShape(oversize, 413);
    expectSecurityHeaders(oversize);
  });
});
