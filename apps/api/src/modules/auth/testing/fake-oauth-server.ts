import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { pkceChallenge } from '@tessera/server/accounts';

/** How the fake provider's token endpoint behaves for the next exchanges. */
export type FakeTokenMode = 'ok' | 'fail' | 'slow';

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  login: string;
}

/**
 * An OAuth 2.0 provider on 127.0.0.1 that behaves like a real one: its authorise endpoint checks the client id and
 * the S256 challenge and redirects back with a single-use code; its token endpoint checks the client id and secret,
 * the redirect URI and the PKCE verifier; its user-info endpoint wants the bearer token. It can fail or hang.
 */
export class FakeOAuthServer {
  readonly app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, string>();
  /** The token endpoint's behaviour: ok, fail (500) or slow (answers after 3 s). */
  tokenMode: FakeTokenMode = 'ok';
  /** Every token request's refusal reason, newest last, so tests can see why the provider said no. */
  readonly refusals: string[] = [];
  origin = '';

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    this.app.register(async (app) => {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      app.get<{ Querystring: Record<string, string> }>('/authorize', async (request, reply) => {
        const q = request.query;
        if (
          q['client_id'] !== this.clientId ||
          q['response_type'] !== 'code' ||
          q['code_challenge_method'] !== 'S256' ||
          !q['code_challenge'] ||
          !q['redirect_uri'] ||
          !q['state']
        ) {
          return reply.status(400).send({ error: 'invalid_request' });
        }
        const code = randomBytes(12).toString('base64url');
        this.codes.set(code, {
          clientId: q['client_id'],
          redirectUri: q['redirect_uri'],
          codeChallenge: q['code_challenge'],
          login: q['login_hint'] ?? 'grace',
        });
        const back = new URL(q['redirect_uri']);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q['state']);
        return reply.redirect(back.toString(), 302);
      });
      app.post<{ Body: Record<string, string> }>('/token', async (request, reply) => {
        if (this.tokenMode === 'fail') return reply.status(500).send({ error: 'server_error' });
        if (this.tokenMode === 'slow') await new Promise((resolve) => setTimeout(resolve, 3000));
        const b = request.body;
        const issued = this.codes.get(b['code'] ?? '');
        this.codes.delete(b['code'] ?? '');
        const refuse = (reason: string) => {
          this.refusals.push(reason);
          return reply.status(400).send({ error: 'invalid_grant' });
        };
        if (b['client_id'] !== this.clientId || b['client_secret'] !== this.clientSecret) return refuse('client');
        if (!issued || issued.clientId !== b['client_id']) return refuse('code');
        if (b['grant_type'] !== 'authorization_code' || issued.redirectUri !== b['redirect_uri'])
          return refuse('redirect');
        if (!b['code_verifier'] || pkceChallenge(b['code_verifier']) !== issued.codeChallenge) return refuse('pkce');
        const token = randomBytes(12).toString('base64url');
        this.tokens.set(token, issued.login);
        return { access_token: token, token_type: 'Bearer', expires_in: 3600 };
      });
      app.get('/userinfo', async (request, reply) => {
        const login = this.tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!login) return reply.status(401).send({ error: 'invalid_token' });
        return { sub: `fake-${login}`, email: `${login}@fake-oauth.example`, name: login };
      });
    });
  }

  /** Starts listening on a free port of 127.0.0.1. */
  async start(): Promise<this> {
    this.origin = await this.app.listen({ host: '127.0.0.1', port: 0 });
    return this;
  }

  close(): Promise<void> {
    return this.app.close();
  }
}
