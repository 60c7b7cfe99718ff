import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the fake SMTP server received it. */
export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO, as the client sent them. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The authenticated user. */
  user: string | undefined;
  /** Headers of the message, names in lower case, values unfolded and decoded (RFC 2047 words). */
  headers: Record<string, string>;
  /** The text body, its transfer encoding undone. */
  text: string;
}

/** Options of {@link startFakeSmtpServer}. */
export interface FakeSmtpOptions {
  /** Credentials it accepts (anything else: 535); AUTH is required. */
  user: string;
  password: string;
  /** Recipients it refuses with 550, as a real server refuses an unknown mailbox. */
  refuse?: RegExp;
  /** Refuse every message at MAIL FROM with this code (a server that is down for maintenance answers 421, a policy refusal 554). */
  refuseAll?: number;
}

/** A running fake server: its port, what it received, and how to stop it. */
export interface FakeSmtpServer {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

function refusal(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/** Undoes a quoted-printable or base64 body; 7bit and 8bit pass as they are. */
function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeBody(data.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** Splits a raw single-part message into decoded headers and text. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return {
    headers,
    text: decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n').replace(/\n$/, ''),
  };
}

/**
 * A local SMTP server for tests, built on smtp-server: it requires AUTH with the given credentials (no TLS, on
 * loopback only), refuses chosen recipients with 550 or every message with `refuseAll`, and keeps what it received.
 */
export async function startFakeSmtpServer(options: FakeSmtpOptions): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(refusal(535, 'Authentication credentials invalid'));
    },
    onMailFrom(_address, _session, callback) {
      if (options.refuseAll) callback(refusal(options.refuseAll, 'Message refused'));
      else callback();
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.test(address.address)) callback(refusal(550, 'Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = parseMail(Buffer.concat(chunks).toString('utf8'));
        const from = session.envelope.mailFrom;
        received.push({
          envelopeFrom: from ? from.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          headers,
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A server that takes the connection and never says a word: the client's deadline must fire. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
