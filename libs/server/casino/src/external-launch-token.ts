import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ExternalWalletError } from './external-provider';

/** What a session token binds: who plays which game of which provider, in which brand and currency, until when. */
export interface ExternalSessionClaims {
  /** The provider's slug: a token of one provider is refused by another's callbacks. */
  provider: string;
  brandId: string;
  userId: string;
  /** The catalogue's game id. */
  gameId: string;
  currency: string;
  /** The player's registration country (its slot rules apply). */
  country?: string;
  /** One launch: every renewal keeps it, so the provider's calls of one session can be told apart. */
  sessionId: string;
  /** Expiry, unix seconds. */
  expiresAt: number;
}

const VERSION = 'v1';

/**
 * Session tokens of external games (ADR 0345): `v1.<base64url claims>.<base64url HMAC-SHA256>`, keyed by a key
 * derived from the server key. The provider cannot read or forge them; it sends the token back on every call, and
 * each OK answer carries it renewed, so an idle session ends `ttlSeconds` after its last call.
 */
export class ExternalSessionTokens {
  private readonly key: Buffer;

  constructor(
    serverKey: string,
    /** How long a token stays valid for a launch, a balance or a bet; default 15 minutes. */
    readonly ttlSeconds = 15 * 60,
  ) {
    this.key = createHmac('sha256', serverKey).update('tessera/casino/external-session-token').digest();
  }

  /** A new session's token. */
  issue(claims: Omit<ExternalSessionClaims, 'sessionId' | 'expiresAt'>, now: Date): string {
    return this.sign({
      ...claims,
      sessionId: randomBytes(12).toString('base64url'),
      expiresAt: Math.floor(now.getTime() / 1000) + this.ttlSeconds,
    });
  }

  /** The same session with a fresh expiry. */
  renew(claims: ExternalSessionClaims, now: Date): string {
    return this.sign({ ...claims, expiresAt: Math.floor(now.getTime() / 1000) + this.ttlSeconds });
  }

  private sign(claims: ExternalSessionClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const mac = createHmac('sha256', this.key).update(`${VERSION}.${body}`).digest('base64url');
    return `${VERSION}.${body}.${mac}`;
  }

  /**
   * The claims of a genuine token of this provider: INVALID_TOKEN when forged, malformed or another provider's;
   * TOKEN_EXPIRED when past its expiry, unless `allowExpired` (a win or rollback settles money already taken, so the
   * industry accepts them after the session ended).
   */
  read(token: unknown, provider: string, now: Date, allowExpired = false): ExternalSessionClaims {
    if (typeof token !== 'string' || token.length > 2048) throw new ExternalWalletError('INVALID_TOKEN');
    const [version, body, mac] = token.split('.');
    if (version !== VERSION || !body || !mac) throw new ExternalWalletError('INVALID_TOKEN');
    const expected = createHmac('sha256', this.key).update(`${VERSION}.${body}`).digest();
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ExternalWalletError('INVALID_TOKEN', 'The session token was not issued by this platform');
    let claims: ExternalSessionClaims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ExternalSessionClaims;
    } catch {
      throw new ExternalWalletError('INVALID_TOKEN');
    }
    if (claims.provider !== provider)
      throw new ExternalWalletError('INVALID_TOKEN', 'The session token belongs to another provider');
    if (!allowExpired && claims.expiresAt * 1000 <= now.getTime()) throw new ExternalWalletError('TOKEN_EXPIRED');
    return claims;
  }
}
