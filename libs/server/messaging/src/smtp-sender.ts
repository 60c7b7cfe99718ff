import { createTransport } from 'nodemailer';
import { MessagingError, type MessageSender, type OutgoingMessage } from './message-sender';

/** Where and how e-mail leaves the platform (read from the environment by {@link readMessagingEnv}). */
export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  password?: string;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure?: boolean;
  /** Refuse to send (credentials or mail) over a connection STARTTLS did not protect. */
  requireTls?: boolean;
  /** The platform's sender address, for brands without their own (`Tessera <no-reply@example.com>`). */
  from: string;
  /** Deadline of each step (connect, greeting, every command) in ms. */
  timeoutMs: number;
}

/** Options of {@link createSmtpSender}. */
export interface SmtpSenderOptions {
  /** A brand's own sender address (server.json messaging.emailFrom); the platform's when undefined. */
  fromFor?: (brandId: string) => string | undefined;
}

/** The part of a nodemailer error the sender reads. */
interface TransportError {
  code?: string;
  responseCode?: number;
  message?: string;
}

/**
 * E-mail over SMTP with nodemailer: one connection per message (codes are rare and must not wait behind a pooled
 * connection a server dropped), every step under `timeoutMs`. A refusal (4xx/5xx, failed authentication) or a
 * connection problem throws {@link MessagingError} `failed`, a server that stops answering `timeout`; the message
 * text never appears in the error.
 */
export function createSmtpSender(settings: SmtpSettings, options: SmtpSenderOptions = {}): MessageSender {
  const timeouts = {
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    dnsTimeout: settings.timeoutMs,
  };
  const transport = createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure ?? false,
    requireTLS: settings.requireTls ?? false,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    ...timeouts,
  });
  return {
    channels: ['email'],
    async send(message: OutgoingMessage): Promise<void> {
      if (message.channel !== 'email')
        throw new MessagingError(`The SMTP gateway sends e-mail, not ${message.channel}`, 'unconfigured');
      try {
        await transport.sendMail({
          from: options.fromFor?.(message.brandId) ?? settings.from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          // Codes and links are personal: no tracking headers, no HTML that a client might load remote content for.
          disableUrlAccess: true,
          disableFileAccess: true,
        });
      } catch (error) {
        const failure = error as TransportError;
        if (failure.code === 'ETIMEDOUT') throw new MessagingError('The SMTP server did not answer in time', 'timeout');
        const refused = failure.responseCode ? ` (${failure.responseCode})` : failure.code ? ` (${failure.code})` : '';
        throw new MessagingError(`The SMTP server did not take the message${refused}`, 'failed');
      }
    },
  };
}
