import Fastify, { type FastifyInstance } from 'fastify';

/** How the fake siteverify answers the next calls: judge tokens, fail with a 500, or never answer. */
export type FakeSiteVerifyMode = 'ok' | 'fail' | 'hang';

/**
 * hCaptcha's and reCAPTCHA's siteverify on 127.0.0.1, as the providers behave: POST form fields secret, response and
 * remoteip; `{ success: true }` only for the right secret and a token it issued (`pass-...`), `{ success: false,
 * 'error-codes': [...] }` otherwise; each token counts once. It can fail (500) or hang until closed.
 */
export class FakeSiteVerifyServer {
  readonly app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  mode: FakeSiteVerifyMode = 'ok';
  /** Every call, as the provider saw it. */
  readonly calls: Array<{
    path: string;
    secret: string | undefined;
    response: string | undefined;
    remoteip: string | undefined;
  }> = [];
  private readonly used = new Set<string>();
  origin = '';

  constructor(readonly secret: string) {
    this.app.register(async (app) => {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      const siteverify = async (
        request: { url: string; body: unknown },
        reply: { status(code: number): { send(body: unknown): unknown } },
      ) => {
        const b = request.body as Record<string, string | undefined>;
        this.calls.push({ path: request.url, secret: b['secret'], response: b['response'], remoteip: b['remoteip'] });
        if (this.mode === 'fail') return reply.status(500).send({ error: 'internal' });
        if (this.mode === 'hang') return new Promise(() => undefined);
        if (b['secret'] !== this.secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
        const token = b['response'] ?? '';
        if (!token.startsWith('pass-')) return { success: false, 'error-codes': ['invalid-input-response'] };
        if (this.used.has(token)) return { success: false, 'error-codes': ['already-seen-response'] };
        this.used.add(token);
        return { success: true, hostname: 'localhost' };
      };
      app.post('/hcaptcha/siteverify', siteverify);
      app.post('/recaptcha/api/siteverify', siteverify);
    });
  }

  /** Both providers' endpoints on this server, for siteVerifyCaptcha's `endpoints`. */
  get endpoints(): { hcaptcha: string; grecaptcha: string } {
    return { hcaptcha: `${this.origin}/hcaptcha/siteverify`, grecaptcha: `${this.origin}/recaptcha/api/siteverify` };
  }

  /** Starts listening on a free port of 127.0.0.1. */
  async start(): Promise<this> {
    this.origin = await this.app.listen({ host: '127.0.0.1', port: 0 });
    return this;
  }

  async close(): Promise<void> {
    await this.app.close();
  }
}
