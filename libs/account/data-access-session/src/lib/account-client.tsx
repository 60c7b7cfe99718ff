import { ApiClientProvider, createApiClient, createHttpClient, type ApiClient } from '@tessera/shared/data-access-api';
import { type ReactNode, useState } from 'react';

/** The ApiClient of the account screens: same-origin (or `baseUrl`), cookie-authenticated, no service token needed. */
export function createAccountApiClient(fetchImpl?: typeof fetch, baseUrl?: string): ApiClient {
  return createApiClient({
    http: createHttpClient({ ...(fetchImpl ? { fetch: fetchImpl } : {}), ...(baseUrl ? { baseUrl } : {}) }),
  });
}

/** Props of {@link AccountApiProvider}. */
export interface AccountApiProviderProps {
  /** A client to use (tests pass one over a fake fetch); by default one is created per mount. */
  client?: ApiClient;
  children?: ReactNode;
}

/** Provides the account ApiClient to the account features (`useApiClient()` below it). */
export function AccountApiProvider({ client, children }: AccountApiProviderProps) {
  // Created lazily once per mount: never on the server render path twice, never shared between requests.
  const [own] = useState(() => client ?? createAccountApiClient());
  return <ApiClientProvider client={client ?? own}>{children}</ApiClientProvider>;
}
