import { HOTP, Secret } from 'otpauth';

// TOTP (RFC 6238) and HOTP (RFC 4226) come from otpauth; this file keeps the accounts' conventions around them:
// secrets stored as unpadded base32 (unchanged, so stored secrets stay valid), ±1 step of drift, no replay of a step.

/** RFC 4648 base32 without padding (what authenticator apps expect in otpauth links). */
export function base32Encode(data: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(data).buffer }).base32;
}

/** Decodes base32 (case and spaces ignored); throws on a character outside the alphabet. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  try {
    return Buffer.from(Secret.fromBase32(clean).bytes);
  } catch {
    const bad = [...clean].find((char) => !/[A-Z2-7]/.test(char)) ?? '';
    throw new Error(`Invalid base32 character ${JSON.stringify(bad)}`);
  }
}

/** TOTP parameters of RFC 6238 as used here: 30-second steps, 6 digits, HMAC-SHA1 (what every app supports). */
export const TOTP_STEP_SECONDS = 30;
/** Digits of a TOTP code. */
export const TOTP_DIGITS = 6;

function secretOf(secret: Uint8Array): Secret {
  return new Secret({ buffer: Uint8Array.from(secret).buffer });
}

/** The RFC 4226 HOTP value of `counter`. */
export function hotp(
  secret: Uint8Array,
  counter: number,
  digits = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  return HOTP.generate({ secret: secretOf(secret), counter, digits, algorithm: algorithm.toUpperCase() });
}

/** The time step of a moment. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

/** The TOTP code at a moment (RFC 6238). */
export function totp(
  secret: Uint8Array,
  atMs: number,
  digits = TOTP_DIGITS,
  algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha1',
): string {
  return hotp(secret, totpStep(atMs), digits, algorithm);
}

/**
 * The step a code matches within ±1 step of `atMs` (clock drift of a phone), or undefined. A step at or before
 * `lastUsedStep` never matches: a code seen once (over a shoulder, in a proxy log) cannot be replayed.
 */
export function matchTotp(
  secret: Uint8Array,
  code: string,
  atMs: number,
  lastUsedStep?: number | null,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = totpStep(atMs);
  const key = secretOf(secret);
  for (const step of [now - 1, now, now + 1]) {
    if (lastUsedStep !== undefined && lastUsedStep !== null && step <= lastUsedStep) continue;
    // window 0: exactly this step; the loop decides the order and skips used steps, which otpauth's window cannot.
    if (HOTP.validate({ token: code, secret: key, counter: step, digits: TOTP_DIGITS, window: 0 }) === 0) return step;
  }
  return undefined;
}

/** A new 160-bit secret, the size RFC 4226 recommends. */
export function newTotpSecret(): Buffer {
  return Buffer.from(new Secret({ size: 20 }).bytes);
}

/** The otpauth:// link authenticator apps read from the QR code. */
export function otpauthLink(secretBase32: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
