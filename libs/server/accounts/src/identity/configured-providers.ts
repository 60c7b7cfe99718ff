import type { ServerConfig } from '@tessera/shared/util-config';
import type { IdentityProvider } from './identity-provider';
import { createOAuthClient } from './oauth-client';

/** Each brand's real social sign-in providers: brand id, then provider id. */
export type BrandIdentityProviders = ReadonlyMap<string, ReadonlyMap<string, IdentityProvider>>;

/** What a brand's server.json asks for that this server cannot honour. */
export interface IdentityConfigProblem {
  brandId: string;
  providerId: string;
  message: string;
}

/** A server that cannot connect a configured provider must not start: every problem, one line each. */
export class IdentityProviderConfigError extends Error {
  constructor(readonly problems: IdentityConfigProblem[]) {
    super(`social sign-in is misconfigured:\n${problems.map((p) => `  - ${p.message}`).join('\n')}`);
    this.name = 'IdentityProviderConfigError';
  }
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Builds every brand's configured OAuth providers (server.json `socialProviders`) with their client secrets from
 * `env`. A provider whose secret variable is unset or empty, or (in production) whose endpoint is plain http to
 * another machine, is a problem: the caller refuses to start, naming the brand, the provider and the variable.
 */
export function buildBrandIdentityProviders(
  brands: ReadonlyArray<{ id: string; server: ServerConfig | undefined }>,
  env: Readonly<Record<string, string | undefined>>,
  options: { production: boolean; fetchImpl?: typeof fetch },
): { providers: BrandIdentityProviders; problems: IdentityConfigProblem[] } {
  const providers = new Map<string, Map<string, IdentityProvider>>();
  const problems: IdentityConfigProblem[] = [];
  for (const brand of brands) {
    const configured = brand.server?.socialProviders ?? {};
    const byId = new Map<string, IdentityProvider>();
    for (const [providerId, settings] of Object.entries(configured)) {
      const where = `brand ${brand.id}, social provider ${providerId}`;
      const secret = env[settings.clientSecretEnv];
      if (!secret) {
        problems.push({
          brandId: brand.id,
          providerId,
          message: `${where}: the client secret variable ${settings.clientSecretEnv} (server.json socialProviders.${providerId}.clientSecretEnv) is not set`,
        });
        continue;
      }
      if (options.production) {
        const insecure = [settings.authorizeUrl, settings.tokenUrl, settings.userInfoUrl].find((u) => {
          const url = new URL(u);
          return url.protocol !== 'https:' && !LOCAL_HOSTS.has(url.hostname);
        });
        if (insecure) {
          problems.push({
            brandId: brand.id,
            providerId,
            message: `${where}: ${insecure} is not https (the client secret and tokens would cross the network in clear)`,
          });
          continue;
        }
      }
      byId.set(
        providerId,
        createOAuthClient(
          {
            id: providerId,
            authorizeUrl: settings.authorizeUrl,
            tokenUrl: settings.tokenUrl,
            userInfoUrl: settings.userInfoUrl,
            clientId: settings.clientId,
            clientSecret: secret,
            scope: settings.scope,
            timeoutMs: settings.timeoutMs ?? 5000,
          },
          options.fetchImpl,
        ),
      );
    }
    if (byId.size > 0) providers.set(brand.id, byId);
  }
  return { providers, problems };
}
