import { requestBrand, requestConfig, type AccountsContext, type AccountsRequest } from './context';

/**
 * An absolute link into the brand's site for a message (password reset, e-mail activation), in the brand's default
 * language. Production links use the brand's first configured domain over HTTPS, never the request's Host header: a
 * forged Host would otherwise send the reset token to an attacker's site (reset-link poisoning). Development and test
 * servers link to the address they were reached at, so the links work on localhost.
 */
export function siteLink(
  ctx: AccountsContext,
  request: AccountsRequest,
  path: string,
  query: Record<string, string>,
): string {
  const brand = requestBrand(request);
  const domain = requestConfig(ctx, request).config.global.domains[0];
  const origin = ctx.mode === 'production' && domain ? `https://${domain}` : `${request.protocol}://${request.host}`;
  const url = new URL(`/${brand.defaultLanguage}${path}`, origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}
