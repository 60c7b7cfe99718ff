import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api-client';

const ApiClientContext = createContext<ApiClient | undefined>(undefined);

/** Props of `ApiClientProvider`. */
export interface ApiClientProviderProps {
  client: ApiClient;
  children?: ReactNode;
}

/** Makes one ApiClient available to hooks; the app creates it once (with its token manager and logger). */
export function ApiClientProvider({ client, children }: ApiClientProviderProps) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The ApiClient of the nearest provider; throws outside one so a missing provider fails loudly in development. */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used inside <ApiClientProvider>');
  return client;
}
