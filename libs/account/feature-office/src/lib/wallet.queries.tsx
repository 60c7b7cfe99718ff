import { useQuery, type QueryClient } from '@tanstack/react-query';
import { createApiClient, createHttpClient, type ApiClient } from '@tessera/shared/data-access-api';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { BetStatus } from '@tessera/shared/contract-api';
import { walletApi, type AccountEntry } from './wallet.api';

/** How often the balance is refreshed while shown: bets settle and deposits confirm on the server's own time. */
export const BALANCE_REFRESH_MS = 10_000;

/** Query keys of the wallet: everything under `wallet` is refreshed after a bet, a sale, a deposit. */
export const walletKeys = {
  all: () => ['wallet'] as const,
  balance: () => ['wallet', 'balance'] as const,
  bets: (statuses: readonly BetStatus[]) => ['wallet', 'bets', [...statuses].sort().join(',')] as const,
  payments: (archive: boolean) => ['wallet', 'payments', archive] as const,
  deduce: () => ['wallet', 'deduce'] as const,
  accounts: () => ['wallet', 'accounts'] as const,
  history: (filters: object) => ['wallet', 'history', JSON.stringify(filters)] as const,
};

const WalletClientContext = createContext<ApiClient | null>(null);

/** Props of {@link WalletClientProvider}. */
export interface WalletClientProviderProps {
  client: ApiClient;
  children?: ReactNode;
}

/** Gives the wallet parts a client (tests pass one over a fake fetch); without it they use a same-origin client. */
export function WalletClientProvider({ client, children }: WalletClientProviderProps) {
  return <WalletClientContext.Provider value={client}>{children}</WalletClientContext.Provider>;
}

/** The wallet's API client: the provided one, else a same-origin, cookie-authenticated one made once per mount. */
export function useWalletClient(): ApiClient {
  const provided = useContext(WalletClientContext);
  const [own] = useState(() => provided ?? createApiClient({ http: createHttpClient() }));
  return provided ?? own;
}

/**
 * The signed-in bettor's active main account (money, currency), refreshed every BALANCE_REFRESH_MS and whenever the
 * wallet keys are invalidated (after a bet, a sale or a deposit). Disabled for guests.
 */
export function useActiveAccount(enabled: boolean) {
  const client = useWalletClient();
  const query = useQuery({
    queryKey: walletKeys.balance(),
    queryFn: ({ signal }) => client.send(walletApi.balance, {}, { signal }),
    enabled,
    refetchInterval: enabled ? BALANCE_REFRESH_MS : false,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const account: AccountEntry | undefined = query.data?.accounts.find((a) => a.isActive) ?? query.data?.accounts[0];
  return { account, query };
}

/** Marks every wallet answer stale, so what is on screen (balance, histories) is fetched again. */
export function invalidateWallet(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: walletKeys.all() });
}
