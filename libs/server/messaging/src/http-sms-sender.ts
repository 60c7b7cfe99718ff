import { randomUUID } from 'node:crypto';
import { MessagingError, type MessageSender, type OutgoingMessage } from './message-sender';

/** A generic HTTP SMS gateway (read from the environment by {@link readMessagingEnv}). */
export interface SmsGatewaySettings {
  /** The gateway's send endpoint: a JSON POST goes there. */
  url: string;
  /** Bearer token the gateway issued. */
  token: string;
  /** The sender id (alphanumeric, up to 11 characters, or a number) shown to the recipient. */
  senderId: string;
  /** The whole budget of one message, retries included, in ms. */
  timeoutMs: number;
  /** Tries of one message on a 5xx or a lost connection, the same idempotency key every time; default 2. */
  attempts?: number;
}

/** Options of {@link createHttpSmsSender}. */
export interface HttpSmsSenderOptions {
  /** A brand's own sender id (server.json messaging.smsSenderId); the platform's when undefined. */
  senderIdFor?: (brandId: string) => string | undefined;
  /** The idempotency key of a message; default a random UUID (tests pin it). */
  newKey?: () => string;
}

/** E.164: a plus and up to 15 digits, no leading zero. */
export const E164 = /^\+[1-9][0-9]{6,14}$/;
/** The longest text sent: four concatenated GSM-7 segments. Longer texts are refused before the gateway is asked. */
export const SMS_MAX_TEXT_LENGTH = 612;
const RETRY_PAUSE_MS = 200;

/** What one attempt came to. */
type Attempt =
  { kind: 'sent' } | { kind: 'refused'; status: number } | { kind: 'retry'; why: string } | { kind: 'timeout' };

/**
 * SMS through a generic HTTP gateway: `POST url` with `Authorization: Bearer <token>`, an `Idempotency-Key` header
 * and the JSON body `{ to, text, sender, reference }` (`reference` is the brand id). A 2xx is sent; a 4xx is a refusal,
 * not retried; a 5xx or a lost connection is tried again with the same key (so a gateway that sent the first time
 * does not send twice) while the budget lasts; no answer within the budget is a timeout.
 */
export function createHttpSmsSender(settings: SmsGatewaySettings, options: HttpSmsSenderOptions = {}): MessageSender {
  const attempts = settings.attempts ?? 2;
  const newKey = options.newKey ?? randomUUID;

  async function attempt(body: string, key: string, remainingMs: number): Promise<Attempt> {
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${settings.token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body,
        signal: AbortSignal.timeout(remainingMs),
        redirect: 'error',
      });
      // The body is not needed, but it must be read (or cancelled) to free the connection.
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return { kind: 'sent' };
      if (response.status >= 500) return { kind: 'retry', why: `answered ${response.status}` };
      return { kind: 'refused', status: response.status };
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        return { kind: 'timeout' };
      return { kind: 'retry', why: 'could not be reached' };
    }
  }

  return {
    channels: ['sms'],
    async send(message: OutgoingMessage): Promise<void> {
      if (message.channel !== 'sms')
        throw new MessagingError(`The SMS gateway sends SMS, not ${message.channel}`, 'unconfigured');
      if (!E164.test(message.to)) throw new MessagingError('The recipient is not an E.164 phone number', 'failed');
      if (message.text.length > SMS_MAX_TEXT_LENGTH)
        throw new MessagingError(`The text is longer than ${SMS_MAX_TEXT_LENGTH} characters`, 'failed');
      const body = JSON.stringify({
        to: message.to,
        text: message.text,
        sender: options.senderIdFor?.(message.brandId) ?? settings.senderId,
        reference: message.brandId,
      });
      const key = newKey();
      const deadline = Date.now() + settings.timeoutMs;
      let last = 'did not answer';
      for (let tried = 0; tried < attempts; tried += 1) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) break;
        const result = await attempt(body, key, remaining);
        if (result.kind === 'sent') return;
        if (result.kind === 'refused')
          throw new MessagingError(`The SMS gateway refused the message (${result.status})`, 'failed');
        if (result.kind === 'timeout')
          throw new MessagingError(`The SMS gateway did not answer within ${settings.timeoutMs} ms`, 'timeout');
        last = result.why;
        if (tried + 1 < attempts)
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(RETRY_PAUSE_MS, Math.max(0, deadline - Date.now()))),
          );
      }
      throw new MessagingError(`The SMS gateway ${last}`, 'failed');
    },
  };
}
