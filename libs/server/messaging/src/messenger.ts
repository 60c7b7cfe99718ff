import type { Database } from '@tessera/server/db';
import {
  delivers,
  sendWithTimeout,
  type MessageChannel,
  type MessageSender,
  type OutgoingMessage,
} from './message-sender';

/** Too many messages to one recipient: the caller answers 429 with the wait. */
export class RecipientRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many messages to this recipient');
    this.name = 'RecipientRateLimitedError';
  }
}

/** Options of {@link createMessenger}. */
export interface MessengerOptions {
  sender: MessageSender;
  database: Database;
  clock: () => Date;
  /** Gateway deadline; default 5000 ms. */
  timeoutMs?: number;
  /** Most messages to one recipient per hour; default 10. Protects people from being flooded through our site. */
  maxPerRecipientPerHour?: number;
}

/** Sends through the gateway with a deadline and a per-recipient hourly cap (counted in the database, so shared by every process). */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
  /** Whether this server has a gateway for `channel`: a flow that needs one is refused, not tried, without it. */
  delivers(channel: MessageChannel): boolean;
}

const hourMs = 60 * 60 * 1000;

/** Wraps a gateway with the deadline and the per-recipient cap. */
export function createMessenger(options: MessengerOptions): Messenger {
  const max = options.maxPerRecipientPerHour ?? 10;
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    delivers: (channel) => delivers(options.sender, channel),
    async send(message: OutgoingMessage): Promise<void> {
      const now = options.clock();
      const key = `message:${message.to}`;
      const since = new Date(now.getTime() - hourMs);
      const { rows } = await options.database.query<{ n: string; oldest: Date | null }>(
        `select count(*) as n, min(created_at) as oldest from accounts_attempts
         where brand_id = $1 and attempt_key = $2 and created_at > $3`,
        [message.brandId, key, since],
      );
      const sent = Number(rows[0]?.n ?? 0);
      if (sent >= max) {
        const oldest = rows[0]?.oldest ? new Date(rows[0].oldest).getTime() : now.getTime();
        throw new RecipientRateLimitedError(Math.max(1, Math.ceil((oldest + hourMs - now.getTime()) / 1000)));
      }
      await sendWithTimeout(options.sender, message, timeoutMs);
      // Counted only once delivered: a failing gateway must not lock a person out of their own codes.
      await options.database.query(
        'insert into accounts_attempts (brand_id, attempt_key, created_at) values ($1, $2, $3)',
        [message.brandId, key, now],
      );
    },
  };
}
