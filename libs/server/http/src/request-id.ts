import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const acceptable = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Keeps an upstream proxy's `x-request-id` so one id follows a request across services; anything that could
 * inject into logs is replaced by a fresh UUID.
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && acceptable.test(incoming) ? incoming : randomUUID();
}
