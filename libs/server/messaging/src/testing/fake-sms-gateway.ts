import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake gateway saw it, valid or not. */
export interface GatewayRequest {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: unknown;
  /** What the gateway answered. */
  status: number | 'hung';
}

/** What the gateway does with a valid request; `sequence` answers one entry per request, the last one repeated. */
export type GatewayBehaviour = 'accept' | 'refuse' | 'fail' | 'hang';

/** Options of {@link startFakeSmsGateway}. */
export interface FakeSmsGatewayOptions {
  token: string;
  /** Longest text accepted (422 beyond). */
  maxTextLength: number;
  /** How valid requests are answered, in order; the last repeats. Default always accept. */
  sequence?: GatewayBehaviour[];
}

/** A running fake gateway: its send URL, every request, the messages it accepted, and how to stop it. */
export interface FakeSmsGateway {
  url: string;
  requests: GatewayRequest[];
  /** Messages accepted, once per idempotency key (a retried key is not sent twice, as a real gateway promises). */
  delivered: { to: string; text: string; sender: string; key: string }[];
  close(): Promise<void>;
}

const E164 = /^\+[1-9][0-9]{6,14}$/;

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A local HTTP SMS gateway for tests: checks the bearer token (401), the JSON payload (E.164 `to`, `text` within the
 * length, a `sender`; 422 otherwise) and the idempotency key (400 without), then answers as `sequence` says: 200 with
 * an id, 400 refusal, 503, or never.
 */
export async function startFakeSmsGateway(options: FakeSmsGatewayOptions): Promise<FakeSmsGateway> {
  const requests: GatewayRequest[] = [];
  const delivered: FakeSmsGateway['delivered'] = [];
  const hanging = new Set<ServerResponse>();
  let valid = 0;
  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const seen: GatewayRequest = {
        authorization: request.headers.authorization,
        idempotencyKey:
          typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined,
        body,
        status: 200,
      };
      requests.push(seen);
      const refuse = (status: number, error: string) => {
        seen.status = status;
        answer(response, status, { error });
      };
      if (request.method !== 'POST') return refuse(405, 'POST only');
      if (request.headers.authorization !== `Bearer ${options.token}`) return refuse(401, 'invalid token');
      if (!seen.idempotencyKey) return refuse(400, 'Idempotency-Key required');
      const message = body as { to?: unknown; text?: unknown; sender?: unknown } | undefined;
      if (typeof message?.to !== 'string' || !E164.test(message.to)) return refuse(422, 'to must be an E.164 number');
      if (typeof message.text !== 'string' || message.text.length === 0 || message.text.length > options.maxTextLength)
        return refuse(422, 'text length');
      if (typeof message.sender !== 'string' || message.sender === '') return refuse(422, 'sender required');
      const sequence = options.sequence ?? ['accept'];
      const behaviour = sequence[Math.min(valid, sequence.length - 1)] ?? 'accept';
      valid += 1;
      if (behaviour === 'hang') {
        seen.status = 'hung';
        hanging.add(response);
        return;
      }
      if (behaviour === 'refuse') return refuse(400, 'number blocked');
      if (behaviour === 'fail') return refuse(503, 'upstream unavailable');
      if (!delivered.some((d) => d.key === seen.idempotencyKey))
        delivered.push({ to: message.to, text: message.text, sender: message.sender, key: seen.idempotencyKey });
      answer(response, 200, { id: seen.idempotencyKey, status: 'queued' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    requests,
    delivered,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
