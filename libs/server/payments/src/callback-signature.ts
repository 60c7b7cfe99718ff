import { createHmac, timingSafeEqual } from 'node:crypto';
import { PaymentError } from './payment-provider';

/** How old a callback may be before it is refused as a replay (seconds). */
export const CALLBACK_TOLERANCE_SECONDS = 300;

/** Signs a callback body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (the timestamp is signed too). */
export function signCallback(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** Checks a signature header against the body; throws {@link PaymentError} `signature` when forged, malformed or stale. */
export function verifyCallbackSignature(secret: string, body: string, header: string | undefined, now: Date): void {
  const parts = new Map((header ?? '').split(',').map((kv) => kv.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1))
    throw new PaymentError('Malformed callback signature', 'signature');
  if (Math.abs(now.getTime() / 1000 - t) > CALLBACK_TOLERANCE_SECONDS)
    throw new PaymentError('Callback signature expired', 'signature');
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  // Constant-time comparison: a byte-by-byte early exit would leak the signature through timing.
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex')))
    throw new PaymentError('Callback signature does not match', 'signature');
}
