import { configuredMessageChannels } from '@tessera/server/brand-registry';
import type { SmsGatewaySettings } from './http-sms-sender';
import type { SmtpSettings } from './smtp-sender';

/** The real gateways a server was started with; a channel left out has none. */
export interface MessageGateways {
  smtp?: SmtpSettings;
  sms?: SmsGatewaySettings;
}

/** Deadline of a gateway's steps when no variable sets it: under the messenger's 5 s, so the gateway's own error wins. */
export const DEFAULT_GATEWAY_TIMEOUT_MS = 4000;

function flag(name: string, raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = raw.toLowerCase();
  if (['true', '1', 'on', 'yes'].includes(value)) return true;
  if (['false', '0', 'off', 'no'].includes(value)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function whole(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

function smtpFrom(env: Readonly<Record<string, string | undefined>>): SmtpSettings {
  const timeoutMs = whole('SMTP_TIMEOUT_MS', env['SMTP_TIMEOUT_MS'], 100, 60_000) ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  const from = env['SMTP_FROM'];
  if (!from)
    throw new Error(
      'SMTP_FROM is not set: the platform needs a sender address for brands without their own (server.json messaging.emailFrom)',
    );
  const requireTls = flag('SMTP_REQUIRE_TLS', env['SMTP_REQUIRE_TLS']) ?? false;
  const rawUrl = env['SMTP_URL'];
  if (rawUrl) {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new Error('SMTP_URL is not a URL (smtp://user:password@host:587 or smtps://user:password@host:465)');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
      throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`);
    const secure = url.protocol === 'smtps:';
    return {
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      requireTls,
      ...(url.username ? { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : {}),
      from,
      timeoutMs,
    };
  }
  const secure = flag('SMTP_SECURE', env['SMTP_SECURE']) ?? env['SMTP_PORT'] === '465';
  const user = env['SMTP_USER'] || undefined;
  if (user && !env['SMTP_PASSWORD']) throw new Error('SMTP_USER is set but SMTP_PASSWORD is not');
  return {
    host: env['SMTP_HOST'] ?? '',
    port: whole('SMTP_PORT', env['SMTP_PORT'], 1, 65535) ?? (secure ? 465 : 587),
    secure,
    requireTls,
    ...(user ? { user, password: env['SMTP_PASSWORD'] ?? '' } : {}),
    from,
    timeoutMs,
  };
}

function smsFrom(env: Readonly<Record<string, string | undefined>>): SmsGatewaySettings {
  const raw = env['SMS_GATEWAY_URL'] ?? '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SMS_GATEWAY_URL is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('SMS_GATEWAY_URL must be an http(s) URL');
  const token = env['SMS_GATEWAY_TOKEN'];
  if (!token) throw new Error('SMS_GATEWAY_TOKEN is not set: the SMS gateway needs its bearer token');
  const senderId = env['SMS_SENDER_ID'];
  if (!senderId) throw new Error('SMS_SENDER_ID is not set: the SMS gateway needs the sender id shown to recipients');
  return {
    url: url.href,
    token,
    senderId,
    timeoutMs:
      whole('SMS_GATEWAY_TIMEOUT_MS', env['SMS_GATEWAY_TIMEOUT_MS'], 100, 60_000) ?? DEFAULT_GATEWAY_TIMEOUT_MS,
  };
}

/**
 * The gateways the environment configures: SMTP when SMTP_URL or SMTP_HOST is set, the HTTP SMS gateway when
 * SMS_GATEWAY_URL is. Which channels count as configured is the brand registry's `configuredMessageChannels`, which
 * `tessera config explain` reads too (ADR 0220). A gateway configured only in part throws, naming the variable, so a
 * server never starts with a gateway that cannot work.
 */
export function readMessagingEnv(env: Readonly<Record<string, string | undefined>>): MessageGateways {
  const configured = configuredMessageChannels(env);
  return { ...(configured.email ? { smtp: smtpFrom(env) } : {}), ...(configured.sms ? { sms: smsFrom(env) } : {}) };
}
