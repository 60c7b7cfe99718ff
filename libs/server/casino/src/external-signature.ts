import { createHmac, timingSafeEqual } from 'node:crypto';
import { ExternalWalletError } from './external-provider';

/** How far a callback's timestamp may be from the platform's clock before it is refused as a replay (seconds). */
export const EXTERNAL_SIGNATURE_WINDOW_SECONDS = 300;

/** Signs a request body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (the timestamp is signed with it). */
export function signExternalRequest(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * Checks a callback's signature header against its raw body: throws INVALID_SIGNATURE when it is missing, malformed,
 * outside the replay window or wrong. A callback replayed inside the window is harmless: its transaction id makes it
 * a duplicate that moves nothing.
 */
export function verifyExternalRequest(secret: string, body: string, header: string | undefined, now: Date): void {
  const parts = new Map((header ?? '').split(',').map((kv) => kv.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1))
    throw new ExternalWalletError('INVALID_SIGNATURE', 'The signature header is missing or malformed');
  if (Math.abs(now.getTime() / 1000 - t) > EXTERNAL_SIGNATURE_WINDOW_SECONDS)
    throw new ExternalWalletError(
      'INVALID_SIGNATURE',
      `The signature's timestamp is more than ${EXTERNAL_SIGNATURE_WINDOW_SECONDS} seconds from the platform's clock`,
    );
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  // Constant time: an early exit would leak the signature byte by byte.
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex')))
    throw new ExternalWalletError('INVALID_SIGNATURE', 'The signature does not match the body');
}
