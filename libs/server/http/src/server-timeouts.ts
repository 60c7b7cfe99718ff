import type { ServerOptions } from 'node:http';

/**
 * How long the server waits for a client, in milliseconds (the README of this library gives the reasons). Slow
 * clients cost a socket and memory each; without limits a few hundred of them sending a byte every few seconds
 * hold the server's connections for as long as they like.
 */
export interface ServerTimeouts {
  /** The whole request, headers and body, from its first byte (Node's requestTimeout); answered 408. */
  requestMs: number;
  /** The request line and headers (Node's headersTimeout); at most {@link requestMs}. */
  headersMs: number;
  /** An idle connection between two requests (keep-alive). Behind a load balancer: above the balancer's idle timeout. */
  keepAliveMs: number;
  /** A socket on which nothing at all arrives or leaves (Node's server.timeout); not applied to upgraded WebSockets. */
  idleSocketMs: number;
}

/** Production defaults. */
export const DEFAULT_SERVER_TIMEOUTS: Readonly<ServerTimeouts> = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 10_000,
  idleSocketMs: 60_000,
};

/** The defaults with the given values; headers never wait longer than the whole request. */
export function serverTimeouts(overrides: Partial<ServerTimeouts> = {}): ServerTimeouts {
  const timeouts = { ...DEFAULT_SERVER_TIMEOUTS, ...overrides };
  return { ...timeouts, headersMs: Math.min(timeouts.headersMs, timeouts.requestMs) };
}

/**
 * The Fastify constructor options that apply {@link ServerTimeouts}. Node checks request and header deadlines
 * every connectionsCheckingInterval (30 s by default, which would let a slow client overstay by up to that much):
 * here at most a second, or a quarter of the shortest deadline.
 */
export function serverTimeoutOptions(timeouts: ServerTimeouts): {
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  const checkEvery = Math.max(50, Math.min(1000, Math.floor(Math.min(timeouts.requestMs, timeouts.headersMs) / 4)));
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleSocketMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: checkEvery,
    },
  };
}
