import { createHash, randomBytes } from 'node:crypto';

/** Who the provider says signed in. */
export interface ExternalIdentity {
  /** The provider's stable user id (`sub`). */
  subject: string;
  email?: string;
  name?: string;
}

/** One social sign-in provider as the accounts module uses it: an OAuth 2.0 authorisation-code flow with PKCE. */
export interface IdentityProvider {
  readonly id: string;
  /** Where to send the browser. */
  authorizationUrl(params: { state: string; redirectUri: string; codeChallenge: string }): string;
  /** Trades the code for the identity (token endpoint, then user info). */
  exchange(params: { code: string; redirectUri: string; codeVerifier: string }): Promise<ExternalIdentity>;
}

/** A PKCE verifier and its S256 challenge (RFC 7636). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The S256 challenge of a verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A provider refused or answered something unusable; the sign-in fails without detail to the browser. */
export class IdentityProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IdentityProviderError';
  }
}
