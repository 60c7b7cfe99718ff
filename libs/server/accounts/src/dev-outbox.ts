import { readOutbox, type OutboxEntry } from '@tessera/server/messaging';
import type { SessionContext } from './context';

/**
 * The development outbox of an address, newest first: an e-mail address lower-cased, anything else read as a phone
 * number (its digits with `+`). Only development and test servers route to it.
 */
export async function devOutbox(ctx: Pick<SessionContext, 'db'>, to: string): Promise<{ messages: OutboxEntry[] }> {
  const raw = to.trim();
  const recipient = raw.includes('@') ? raw.toLowerCase() : `+${raw.replace(/\D/g, '')}`;
  return { messages: await readOutbox(ctx.db, recipient) };
}
