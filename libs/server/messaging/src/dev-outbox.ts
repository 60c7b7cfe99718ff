import { randomUUID } from 'node:crypto';
import type { Database } from '@tessera/server/db';
import type { DevOutboxResponse } from '@tessera/shared/contract-api';
import { MessagingError, type MessageSender, type OutgoingMessage } from './message-sender';

/** Options of {@link createDevOutboxSender}. */
export interface DevOutboxOptions {
  database: Database;
  /** Where codes are shown in development (the app's logger); nothing is logged when absent. */
  log?: (entry: { to: string; channel: string; text: string }) => void;
  /** Recipients matching this fail like a refusing gateway (so failure handling can be exercised by hand and in tests). */
  failRecipients?: RegExp;
  /** Recipients matching this never answer (the caller's timeout fires). */
  hangRecipients?: RegExp;
  clock?: () => Date;
}

/**
 * The development and test gateway: stores every message in `message_outbox` (read back through
 * `GET /__dev/outbox`) and writes it to the development log. Failures are stored too, marked failed.
 */
export function createDevOutboxSender(options: DevOutboxOptions): MessageSender {
  const clock = options.clock ?? (() => new Date());
  return {
    async send(message: OutgoingMessage): Promise<void> {
      if (options.hangRecipients?.test(message.to)) await new Promise(() => undefined);
      const failed = options.failRecipients?.test(message.to) ?? false;
      await options.database.query(
        `insert into message_outbox (id, brand_id, channel, recipient, subject, body, status, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          randomUUID(),
          message.brandId,
          message.channel,
          message.to,
          message.subject ?? null,
          message.text,
          failed ? 'failed' : 'sent',
          clock(),
        ],
      );
      if (failed) throw new MessagingError('The development gateway refused this recipient', 'failed');
      options.log?.({ to: message.to, channel: message.channel, text: message.text });
    },
  };
}

/** A message as `GET /__dev/outbox` shows it (the contract's). */
export type OutboxEntry = DevOutboxResponse['messages'][number];

/** Messages sent to `to`, newest first (at most 50). */
export async function readOutbox(database: Database, to: string): Promise<OutboxEntry[]> {
  const { rows } = await database.query<{
    id: string;
    brand_id: string;
    channel: OutboxEntry['channel'];
    recipient: string;
    subject: string | null;
    body: string;
    status: OutboxEntry['status'];
    created_at: Date;
  }>(
    `select id, brand_id, channel, recipient, subject, body, status, created_at from message_outbox
     where recipient = $1 order by seq desc limit 50`,
    [to],
  );
  return rows.map((r) => ({
    id: r.id,
    brand_id: r.brand_id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    text: r.body,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
