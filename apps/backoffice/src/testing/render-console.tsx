import type { BackofficeOperator, BackofficePermission, BackofficeRole } from '@tessera/shared/contract-api';
import { render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ConsoleProviders, createConsoleApiClient, createConsoleQueryClient } from '../app/console-providers';
import { createConsoleRoutes } from '../app/routes';
import {
  backofficeConfigDictionaries,
  backofficeDictionaries,
  createI18n,
  type BackofficeKey,
  type PlatformLanguage,
  type TranslationValues,
} from '@tessera/shared/util-i18n';
import { createFakeConsoleServer, type FakeConsoleServer } from './fake-console-server';

/**
 * The permissions of each role as GET me answers them. Browser code may not import the server's matrix
 * (libs/server/backoffice/src/permissions.ts); the server's table test holds the matrix itself.
 */
export const ROLE_PERMISSIONS: Record<BackofficeRole, BackofficePermission[]> = {
  admin: [
    'sessions.read-all',
    'sessions.revoke-any',
    'operators.read',
    'operators.write',
    'players.search',
    'players.view',
    'players.lock',
    'players.sign-out',
    'players.notes',
    'players.limits',
    'withdrawals.read',
    'withdrawals.decide',
    'verification.read',
    'verification.documents',
    'verification.decide',
    'audit.read',
    'audit.export',
    'brands.read',
    'bets.read',
    'bets.vip',
    'bets.correct',
  ],
  compliance: [
    'players.search',
    'players.view',
    'players.lock',
    'players.sign-out',
    'players.notes',
    'players.limits',
    'withdrawals.read',
    'verification.read',
    'verification.documents',
    'verification.decide',
    'audit.read',
    'audit.export',
    'brands.read',
    'bets.read',
  ],
  payments: [
    'players.search',
    'players.view',
    'players.notes',
    'withdrawals.read',
    'withdrawals.decide',
    'payments.adjust',
    'brands.read',
  ],
  risk: [
    'players.search',
    'players.view',
    'players.lock',
    'players.sign-out',
    'players.notes',
    'withdrawals.read',
    'brands.read',
    'bets.read',
    'bets.vip',
    'bets.correct',
  ],
  support: ['players.search', 'players.view', 'players.notes', 'brands.read'],
  viewer: ['players.search', 'players.view', 'withdrawals.read', 'verification.read', 'brands.read', 'bets.read'],
};

/** An operator of the given role, as GET me describes one. */
export function testOperator(role: BackofficeRole, overrides: Partial<BackofficeOperator> = {}): BackofficeOperator {
  return {
    id: `op-${role}`,
    email: `${role}@console.test`,
    role,
    brands: ['*'],
    disabled: false,
    totpEnrolled: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSignInAt: '2026-11-26T08:00:00.000Z',
    ...overrides,
  };
}

/** Options of {@link renderConsole}. */
export interface RenderConsoleOptions {
  /** The console address to open, under /backoffice (default `/`). */
  path?: string;
  /** Signed in as this role (GET me answers it); signed out when absent (GET me answers 401). */
  role?: BackofficeRole;
  language?: PlatformLanguage;
  /** A server the test set up before; a new one otherwise. */
  server?: FakeConsoleServer;
}

/**
 * Renders the whole console (routes, shell, providers) at an address, over a fake API at the fetch boundary. Returns
 * Testing Library's result, the fake server and `t` to find things by their translated names.
 */
export function renderConsole({
  path = '/',
  role,
  language = 'en',
  server = createFakeConsoleServer(),
}: RenderConsoleOptions = {}) {
  if (role) {
    server.on('GET', '/me', {
      body: { operator: testOperator(role), permissions: ROLE_PERMISSIONS[role], idleTimeoutSeconds: 900 },
    });
  } else {
    server.on('GET', '/me', { status: 401, body: { message: 'Sign in first.' } });
  }
  const router = createMemoryRouter(createConsoleRoutes(), { initialEntries: [path] });
  const queryClient = createConsoleQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const api = createConsoleApiClient(server.fetch);
  function Harness() {
    const [lng, setLng] = useState<PlatformLanguage>(language);
    return (
      <ConsoleProviders
        language={lng}
        setLanguage={setLng}
        dictionary={{ ...backofficeDictionaries[lng], ...backofficeConfigDictionaries[lng] }}
        queryClient={queryClient}
        api={api}
      >
        <RouterProvider router={router} />
      </ConsoleProviders>
    );
  }
  const i18n = createI18n({ language, dictionary: backofficeDictionaries[language] });
  const t = (key: BackofficeKey, values?: TranslationValues) => i18n.t(key, values ?? {});
  return { ...render(<Harness />), server, router, queryClient, t };
}
