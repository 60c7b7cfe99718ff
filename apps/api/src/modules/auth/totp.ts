import { createHmac, randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what authenticator apps expect in otpauth links). */
export function base32Encode(data: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case and spaces ignored); throws on a character outside the alphabet. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`Invalid base32 character ${JSON.stringify(char)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** TOTP parameters of RFC 6238 as used here: 30-second steps, 6 digits, HMAC-SHA1 (what every app supports). */
export const TOTP_STEP_SECONDS = 30;
/** Digits of a TOTP code. */
export const TOTP_DIGITS = 6;

/** The RFC 4226 HOTP value of `counter`. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(algorithm, secret).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

/** The TOTP code at a moment (RFC 6238). */
export function totp(secret: Buffer, atMs: number, digits = TOTP_DIGITS, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  return hotp(secret, totpStep(atMs), digits, algorithm);
}

/**
 * The step a code matches within ±1 step of `atMs` (clock drift of a phone), or undefined. A step at or before
 * `lastUsedStep` never matches: a code seen once (over a shoulder, in a proxy log) cannot be replayed.
 */
export function matchTotp(secret: Buffer, code: string, atMs: number, lastUsedStep?: number | null): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = totpStep(atMs);
  for (const step of [now - 1, now, now + 1]) {
    if (lastUsedStep !== undefined && lastUsedStep !== null && step <= lastUsedStep) continue;
    if (hotp(secret, step) === code) return step;
  }
  return undefined;
}

/** A new 160-bit secret, the size RFC 4226 recommends. */
export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** The otpauth:// link authenticator apps read from the QR code. */
export function otpauthLink(secretBase32: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret: secretBase32, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
