import type { ServerConfig } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';
import { buildBrandIdentityProviders } from './configured-providers';

const google = (origin: string) => ({
  authorizeUrl: `${origin}/authorize`,
  tokenUrl: `${origin}/token`,
  userInfoUrl: `${origin}/userinfo`,
  clientId: 'client-1',
  clientSecretEnv: 'NORTH_GOOGLE_SECRET',
  scope: 'openid email',
  timeoutMs: 5000,
});
const server = (socialProviders: ServerConfig['socialProviders']) => ({ socialProviders }) as ServerConfig;

describe('buildBrandIdentityProviders', () => {
  it('builds each brand its own providers, with the secret from the environment', () => {
    const { providers, problems } = buildBrandIdentityProviders(
      [
        { id: 'north', server: server({ google: google('https://accounts.google.example') }) },
        { id: 'south', server: server({}) },
      ],
      { NORTH_GOOGLE_SECRET: 's' },
      { production: true },
    );
    expect(problems).toEqual([]);
    const url = new URL(
      providers
        .get('north')
        ?.get('google')
        ?.authorizationUrl({ state: 'st', redirectUri: 'https://north.example/cb', codeChallenge: 'ch' }) ?? '',
    );
    expect(url.origin).toBe('https://accounts.google.example');
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(providers.has('south')).toBe(false);
  });

  it('reports a missing secret and, in production, an endpoint in clear text to another machine', () => {
    const missing = buildBrandIdentityProviders(
      [{ id: 'north', server: server({ google: google('https://accounts.google.example') }) }],
      { NORTH_GOOGLE_SECRET: '' },
      { production: false },
    );
    expect(missing.problems.map((p) => p.message)).toEqual([
      'brand north, social provider google: the client secret variable NORTH_GOOGLE_SECRET (server.json socialProviders.google.clientSecretEnv) is not set',
    ]);
    const clear = buildBrandIdentityProviders(
      [
        {
          id: 'north',
          server: server({ vk: { ...google('http://id.vk.example'), clientSecretEnv: 'NORTH_GOOGLE_SECRET' } }),
        },
      ],
      { NORTH_GOOGLE_SECRET: 's' },
      { production: true },
    );
    expect(clear.problems.map((p) => p.message)).toEqual([
      'brand north, social provider vk: http://id.vk.example/authorize is not https (the client secret and tokens would cross the network in clear)',
    ]);
    // A provider on this machine (a local proxy, a test) may speak http.
    expect(
      buildBrandIdentityProviders(
        [{ id: 'north', server: server({ vk: google('http://127.0.0.1:9999') }) }],
        { NORTH_GOOGLE_SECRET: 's' },
        { production: true },
      ).problems,
    ).toEqual([]);
  });
});
