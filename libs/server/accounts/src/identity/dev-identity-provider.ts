import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  IdentityProviderError,
  pkceChallenge,
  type ExternalIdentity,
  type IdentityProvider,
} from './identity-provider';

interface PendingCode {
  identity: ExternalIdentity;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
}

/** Where the development identity provider's pages live. */
export const DEV_IDP_PATH = '/__dev/idp';

/**
 * A built-in identity provider for development and tests, so social sign-in runs without a real provider: its
 * authorise page signs in at once as `login_hint` (default `dev-user`) and redirects back with a code. Codes are
 * single use, expire after a minute and check PKCE like a real provider. Never registered in production.
 */
export class DevIdentityProvider {
  private readonly codes = new Map<string, PendingCode>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** The provider as the accounts module sees it, under a social provider id (google, vk, ...). */
  as(id: string): IdentityProvider {
    return {
      id,
      authorizationUrl: ({ state, redirectUri, codeChallenge }) =>
        `${DEV_IDP_PATH}/authorize?${new URLSearchParams({ provider: id, state, redirect_uri: redirectUri, code_challenge: codeChallenge }).toString()}`,
      exchange: async ({ code, redirectUri, codeVerifier }) => {
        const pending = this.codes.get(code);
        this.codes.delete(code);
        if (!pending || pending.expiresAt <= this.clock().getTime())
          throw new IdentityProviderError('unknown or expired code');
        if (pending.redirectUri !== redirectUri || pending.codeChallenge !== pkceChallenge(codeVerifier)) {
          throw new IdentityProviderError('redirect or PKCE mismatch');
        }
        return pending.identity;
      },
    };
  }

  /** Registers the authorise page. */
  register(app: FastifyInstance): void {
    app.get<{
      Querystring: {
        provider?: string;
        state?: string;
        redirect_uri?: string;
        code_challenge?: string;
        login_hint?: string;
      };
    }>(`${DEV_IDP_PATH}/authorize`, { schema: { hide: true } }, async (request, reply) => {
      const { provider, state, redirect_uri: redirectUri, code_challenge: codeChallenge } = request.query;
      // Only back to this site's own callback: the development provider must not become an open redirect.
      if (
        !provider ||
        !state ||
        !codeChallenge ||
        !redirectUri ||
        !/^\/web-api\/socauth\/[a-z]+\/callback$/.test(new URL(redirectUri, 'http://x').pathname)
      ) {
        return reply.status(400).send({ message: 'Invalid request' });
      }
      const login = (request.query.login_hint ?? 'dev-user').replace(/[^a-z0-9._-]/gi, '').slice(0, 40) || 'dev-user';
      const code = randomBytes(16).toString('base64url');
      this.codes.set(code, {
        identity: { subject: `${provider}-${login}`, email: `${login}@${provider}.dev.example`, name: login },
        redirectUri,
        codeChallenge,
        expiresAt: this.clock().getTime() + 60_000,
      });
      const target = new URL(redirectUri, 'http://placeholder');
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      return reply.redirect(
        redirectUri.startsWith('/') ? `${target.pathname}${target.search}` : target.toString(),
        302,
      );
    });
  }
}
