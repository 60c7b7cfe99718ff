import { ApiError } from '@tessera/server/api-errors';
import type { Database } from '@tessera/server/db';
import type { BackofficeContext } from '../context';
import type { ConsoleRegistry } from './config-checks';
import { type ConfigContext, type ConfigDelivery, createConfigDelivery } from './config-console';

/** The console layer's part of a server: the registry it writes into and the delivery that keeps it current. */
export interface ConfigConsole {
  registry: ConsoleRegistry;
  delivery: ConfigDelivery;
}

declare module '../context' {
  interface BackofficeContext {
    /** The console layer of the site configuration (ADR 0310); none: its routes answer 503. */
    configConsole?: ConfigConsole | undefined;
  }
}

/** The console layer over a server's registry, delivered from the database (`start` on ready, `stop` on close). */
export function createConfigConsole(options: {
  db: Database;
  registry: ConsoleRegistry;
  pollMs?: number;
  log?: { error(details: object, message: string): void };
}): ConfigConsole {
  return { registry: options.registry, delivery: createConfigDelivery(options) };
}

/** The console layer's context of a console call; 503 on a server without it. */
export function configContextOf(ctx: BackofficeContext): ConfigContext & { delivery: ConfigDelivery } {
  const parts = ctx.configConsole;
  if (!parts)
    throw new ApiError(503, 'Live configuration is not available on this server', {
      detail: 'The server was started without the console layer',
    });
  return { db: ctx.db, clock: ctx.clock, registry: parts.registry, delivery: parts.delivery };
}
