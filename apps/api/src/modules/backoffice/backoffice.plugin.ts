import path from 'node:path';
import { ApiError } from '@tessera/server/api-errors';
import {
  BACKOFFICE_ROUTES,
  type BackofficeContext,
  type BackofficeRoute,
  consolePage,
  createConfigConsole,
  consolePolicy,
  createOperator,
  type DocumentFile,
  isOperatorHost,
  OPERATOR_COOKIE,
  operatorHosts,
  readConsoleShell,
  runBackofficeRoute,
} from '@tessera/server/backoffice';
import type { Database } from '@tessera/server/db';
import { ref, registerClientBuild } from '@tessera/server/http';
import type { PaymentProvider } from '@tessera/server/payments';
import { createServerSecrets, DEVELOPMENT_SECRET_KEY } from '@tessera/server/secrets';
import type { VerificationContext } from '@tessera/server/verification';
import type { Withdrawals } from '@tessera/server/wallet';
import { apiRef, type ApiPayload } from '@tessera/shared/contract-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BrandRegistry } from '../config/brand-registry.port';

/** What {@link registerBackoffice} needs. */
export interface BackofficeOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  secretKey?: string;
  clock?: () => Date;
  /** The wallet's withdrawal service (the one with the payment provider, so an approval is sent at once). */
  withdrawals: Withdrawals;
  /** The wallet's payment provider, for the deposit lookup; none on a server without payments. */
  payments?: PaymentProvider | undefined;
  /** The verification module's context (its database, brands and document storage). */
  verification: VerificationContext;
  /** The platform's messenger: a voided or resettled bet is told to its player; none: not told. */
  messenger?: BackofficeContext['messenger'];
  /** The bets' decision on a held VIP bet (the console's VIP desk); none: the desk answers 503. */
  decideVipBet?: BackofficeContext['decideVipBet'];
  /** Player protection, for limits set on a player's behalf. */
  protection?: BackofficeContext['protection'];
  /** Host names the console answers on (BACKOFFICE_HOSTS); default localhost and 127.0.0.1. Never a brand's host. */
  hosts?: readonly string[];
  /** The console's build; default BACKOFFICE_DIST_DIR, else dist/apps/backoffice beside the web build; none: no pages. */
  consoleDir?: string;
  /** The web app's client build (dist/apps/web/client), beside which the console's build is looked for. */
  clientDir?: string;
  /** Where BACKOFFICE_HOSTS and BACKOFFICE_DIST_DIR are read; default process.env. */
  environment?: Readonly<Record<string, string | undefined>>;
}

const unsafe = new Set(['POST', 'PATCH', 'DELETE']);
const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ref('error')]));
const cookie = { httpOnly: true, secure: true, sameSite: 'strict', path: '/backoffice' } as const;

/**
 * The operators' console (libs/server/backoffice README): its API under /backoffice/api/ and its pages under
 * /backoffice/, answered on operator hosts only (404 elsewhere, a brand's host above all). Writes need the exact
 * origin of the console. Every route is one line of the library's table: the session, the permission matrix and
 * the work are the library's.
 */
export function registerBackoffice(app: FastifyInstance, options: BackofficeOptions): void {
  const env = options.environment ?? process.env;
  const hosts = options.hosts ?? operatorHosts(env['BACKOFFICE_HOSTS']);
  const ctx: BackofficeContext = {
    db: options.database,
    registry: options.registry,
    secrets: createServerSecrets(options.secretKey ?? DEVELOPMENT_SECRET_KEY),
    clock: options.clock ?? (() => new Date()),
    withdrawals: options.withdrawals,
    payments: options.payments,
    verification: options.verification,
    decideVipBet: options.decideVipBet,
    protection: options.protection,
    messenger: options.messenger,
    log: app.log,
  };

  const operatorHostOnly = async (request: FastifyRequest): Promise<void> => {
    if (!isOperatorHost(request.host, hosts, (host) => options.registry.brandForHost(host)))
      throw new ApiError(404, 'Not found');
  };
  // Beyond the platform's same-site check: a console write must name the console's own origin (a request without
  // Origin, which the site's check lets through when it has no cookie, is refused here too).
  const exactOrigin = async (request: FastifyRequest): Promise<void> => {
    if (unsafe.has(request.method) && request.headers.origin !== `${request.protocol}://${request.host}`)
      throw new ApiError(403, 'Cross-site request refused', { detail: 'Console writes must come from the console' });
  };

  // The console layer of the site configuration (ADR 0310): every published version reaches this server's registry
  // (and with it every view of it) before it serves, then within seconds of each publish.
  const configConsole = createConfigConsole({ db: options.database, registry: options.registry, log: app.log });
  ctx.configConsole = configConsole;
  app.addHook('onReady', () => configConsole.delivery.start());
  app.addHook('onClose', () => configConsole.delivery.stop());

  for (const route of BACKOFFICE_ROUTES) registerRoute(app, ctx, route, [operatorHostOnly, exactOrigin]);

  // Never registered in production: browser tests create their operators here, as `tessera operator create` does
  // against a database they cannot open (the embedded one of the server under test).
  if (options.mode !== 'production') {
    app.post<{ Body: ApiPayload<'backoffice/operator-create-request'> }>(
      '/__dev/backoffice/operators',
      {
        onRequest: operatorHostOnly,
        schema: {
          summary: 'Development only: create an operator, as `tessera operator create` does',
          tags: ['backoffice'],
          body: apiRef('backoffice/operator-create-request'),
          response: { 201: apiRef('backoffice/operator-create-response'), ...errors(400, 404, 409) },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return createOperator(ctx, request.body, { cli: 'development endpoint' });
      },
    );
  }

  const consoleDir =
    options.consoleDir ??
    (env['BACKOFFICE_DIST_DIR']
      ? path.resolve(env['BACKOFFICE_DIST_DIR'])
      : options.clientDir
        ? path.resolve(options.clientDir, '..', '..', 'backoffice')
        : undefined);
  const shell = consoleDir ? readConsoleShell(consoleDir) : undefined;
  void app.register(
    async (scope) => {
      scope.addHook('onRequest', operatorHostOnly);
      if (shell !== undefined && consoleDir) registerClientBuild(scope, consoleDir);
      // Every other console address is the single-page app's shell, with a fresh nonce and the console's policy.
      const page = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
        if (request.params['*']?.startsWith('api/')) throw new ApiError(404, 'Not found');
        if (shell === undefined)
          throw new ApiError(404, 'The console is not built', { detail: 'Build it: bash tools/scripts/build.sh' });
        const nonce = request.cspNonce;
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', consolePolicy(nonce))
          .send(consolePage(shell, nonce));
      };
      // Pages, not API operations: kept out of the API documentation.
      scope.get<{ Params: { '*'?: string } }>('/', { schema: { hide: true } }, page);
      scope.get<{ Params: { '*'?: string } }>('/*', { schema: { hide: true } }, page);
    },
    { prefix: '/backoffice' },
  );
}

function registerRoute(
  app: FastifyInstance,
  ctx: BackofficeContext,
  route: BackofficeRoute,
  guards: ReadonlyArray<(request: FastifyRequest) => Promise<void>>,
): void {
  const status = route.status ?? (route.answer === 'empty' ? 204 : 200);
  const kind = route.answer;
  const payload = kind === 'file' || kind === 'csv' || kind === 'empty' ? undefined : apiRef(kind);
  app.route({
    method: route.method,
    url: `/backoffice/api/${route.path}`,
    onRequest: [...guards],
    schema: {
      summary: `Console: ${route.access === 'public' || route.access === 'half-session' ? route.access : `needs ${route.access}`}`,
      tags: ['backoffice'],
      ...(route.body ? { body: apiRef(route.body) } : {}),
      ...(route.query ? { querystring: apiRef(route.query) } : {}),
      response: {
        ...(payload ? { [status]: payload } : {}),
        ...errors(400, 401, 403, 404, 409, 422, 429, 503),
      },
    },
    handler: async (request, reply) => {
      const answer = await runBackofficeRoute(ctx, route, {
        token: request.cookies[OPERATOR_COOKIE],
        origin: { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null },
        params: request.params as Record<string, string>,
        query: request.query,
        body: request.body,
        setToken: (token) => {
          if (token) reply.setCookie(OPERATOR_COOKIE, token, cookie);
          else reply.clearCookie(OPERATOR_COOKIE, cookie);
        },
      });
      reply.header('cache-control', 'no-store').code(status);
      if (route.answer === 'empty') return reply.send();
      if (route.answer === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="audit.csv"')
          .send(answer);
      if (route.answer === 'file') {
        const file = answer as DocumentFile;
        return reply
          .type(file.contentType)
          .header('content-disposition', `inline; filename="${file.fileName}"`)
          .send(file.bytes);
      }
      return answer;
    },
  });
}
