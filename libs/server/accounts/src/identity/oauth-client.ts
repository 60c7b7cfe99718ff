import { IdentityProviderError, type ExternalIdentity, type IdentityProvider } from './identity-provider';

/** Server-side settings of a real provider (client secret from the environment, never from brand files). */
export interface OAuthProviderConfig {
  id: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Deadline of each call to the provider; default 5000 ms. */
  timeoutMs?: number;
}

/** An OAuth 2.0 / OpenID Connect client for the authorisation-code flow with PKCE; `fetchImpl` is injectable for tests. */
export function createOAuthClient(config: OAuthProviderConfig, fetchImpl: typeof fetch = fetch): IdentityProvider {
  const timeout = config.timeoutMs ?? 5000;
  return {
    id: config.id,
    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: config.scope,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchange({ code, redirectUri, codeVerifier }): Promise<ExternalIdentity> {
      const tokenRes = await fetchImpl(config.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code_verifier: codeVerifier,
        }).toString(),
        signal: AbortSignal.timeout(timeout),
      });
      if (!tokenRes.ok) throw new IdentityProviderError(`${config.id} token endpoint answered ${tokenRes.status}`);
      const token = (await tokenRes.json()) as { access_token?: unknown };
      if (typeof token.access_token !== 'string') throw new IdentityProviderError(`${config.id} sent no access token`);
      const infoRes = await fetchImpl(config.userInfoUrl, {
        headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeout),
      });
      if (!infoRes.ok) throw new IdentityProviderError(`${config.id} user info answered ${infoRes.status}`);
      const info = (await infoRes.json()) as { sub?: unknown; id?: unknown; email?: unknown; name?: unknown };
      const subject =
        typeof info.sub === 'string'
          ? info.sub
          : typeof info.id === 'string' || typeof info.id === 'number'
            ? String(info.id)
            : undefined;
      if (!subject) throw new IdentityProviderError(`${config.id} sent no user id`);
      return {
        subject,
        ...(typeof info.email === 'string' ? { email: info.email } : {}),
        ...(typeof info.name === 'string' ? { name: info.name } : {}),
      };
    },
  };
}
