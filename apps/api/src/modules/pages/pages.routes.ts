import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COUNTRY_COOKIE, rememberCountry } from '../config/site-context';
import type { BrandRegistry } from '../config/brand-registry.port';
import { brandPayload, inProcessFetch, planPage, renderPage } from '@tessera/server/pages';
import { CONSENT_COOKIE, type RenderFunction, type SsrAssets, type SsrSession } from '@tessera/shared/contract-api';

/** What the page route needs. */
export interface PageRouteOptions {
  /** The server's view of the registry (withServices): pages get the configuration GET /web-api/site-config gives (ADR 0231). */
  registry: BrandRegistry;
  render: RenderFunction;
  assets: () => SsrAssets;
  /** Who is visiting, from the session cookie; guest when absent. */
  session?: (request: FastifyRequest) => Promise<SsrSession>;
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'private, no-cache').send(html);
}

/** Every other GET is a site page: `planPage` chooses language and country, then `renderPage` server-renders it. */
export function pageRoutes(app: FastifyInstance, options: PageRouteOptions): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>;
    const plan = planPage({
      url: request.url,
      brandSelection: request.brandSelection,
      queryCountry: typeof query['country'] === 'string' ? query['country'] : undefined,
      cookieCountry: request.cookies[COUNTRY_COOKIE],
    });
    if (plan.kind === 'not-a-page') return reply.callNotFound();
    if (plan.kind === 'html') return sendHtml(reply, plan.status, plan.html);
    if (plan.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(plan.location, 302);
    if (plan.rememberCountry) rememberCountry(reply, plan.country);

    const resolved = options.registry.resolve(plan.brand.id, plan.country, plan.language);
    request.resolvedBrand = resolved;
    const answer = await renderPage(
      options.render,
      async () => ({
        url: request.url,
        brand: brandPayload(resolved),
        session: options.session ? await options.session(request) : { status: 'guest' },
        assets: options.assets(),
        nonce: request.cspNonce,
        ...(request.cookies[CONSENT_COOKIE] ? { consent: request.cookies[CONSENT_COOKIE] } : {}),
        api: { fetch: inProcessFetch(request) },
      }),
      { resolved, brandName: plan.brand.name, language: plan.language },
      (error) => request.log.error({ err: error }, 'server-side rendering failed'),
    );
    if (answer.kind === 'redirect') return reply.redirect(answer.location, answer.status);
    return sendHtml(reply, answer.status, answer.html);
  };
  // Pages are HTML for people, not part of the API contract: kept out of the OpenAPI document.
  app.get('/', { schema: { hide: true } }, handler);
  app.get('/*', { schema: { hide: true } }, handler);
}
