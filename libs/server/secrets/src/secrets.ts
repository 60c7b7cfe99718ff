import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Used outside production when ACCOUNT_SECRET_KEY is unset: fine for a laptop, refused in production by main.ts. */
export const DEVELOPMENT_SECRET_KEY = 'tessera-development-secret-key-not-for-production';

/** The server key and what is derived from it: sealing secrets at rest, keyed hashes, signed tokens. */
export interface ServerSecrets {
  /** AES-256-GCM sealing of a secret (two-factor seeds) as `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  seal(plain: string): string;
  /** Opens what {@link ServerSecrets.seal} made; throws when it was tampered with. */
  open(sealed: string): string;
  /** Keyed hash of a short secret (SMS codes): without the key, a leaked table cannot be brute-forced offline. */
  keyedHash(...parts: string[]): string;
  /** HMAC signature for self-contained tokens (the service user token). */
  sign(payload: string): string;
}

function derive(key: string, label: string): Buffer {
  return createHmac('sha256', key).update(label).digest();
}

/** Derives separate keys for each use from one server key, so one use cannot be turned against another. */
export function createServerSecrets(key: string): ServerSecrets {
  const sealKey = derive(key, 'seal');
  const hashKey = derive(key, 'hash');
  const signKey = derive(key, 'sign');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    keyedHash(...parts) {
      return createHmac('sha256', hashKey).update(parts.join('\u0000')).digest('base64url');
    },
    sign(payload) {
      return createHmac('sha256', signKey).update(payload).digest('base64url');
    },
  };
}

/** SHA-256 of a high-entropy token (session cookies, e-mail links): no key needed, a guess is hopeless anyway. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A fresh random token of 32 bytes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
