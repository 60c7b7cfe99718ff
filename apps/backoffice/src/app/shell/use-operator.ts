import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { meQuery } from '../../api/console.queries';
import type { MeResponse, Permission } from '../../api/console.types';

/** The signed-in operator and their permissions; only used below the shell, which waits for them. */
export function useOperator(): MeResponse {
  const { data } = useQuery(meQuery(useApiClient()));
  if (!data) throw new Error('useOperator is used below the console shell, which loads the operator first');
  return data;
}

/** Whether the signed-in operator holds a permission. */
export function useCan(permission: Permission): boolean {
  return useOperator().permissions.includes(permission);
}
