import type { UseQueryResult } from '@tanstack/react-query';
import { NotFoundError } from '@tessera/shared/data-access-api';
import { useT } from '@tessera/shared/data-access-brand';
import { FeedEmpty, FeedError, FeedSkeleton } from '@tessera/sportsbook/ui';
import { type ReactNode, useDeferredValue } from 'react';

/** Props of {@link FeedQueryView}. */
export interface FeedQueryViewProps<T> {
  query: UseQueryResult<T, unknown>;
  loadingLabel: string;
  /** Message when `isEmpty` says there is nothing to show. */
  emptyMessage: string;
  /** Message for a 404 (unknown championship or game); the empty message otherwise. */
  notFoundMessage?: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** The three states every feed block has besides its data: loading skeleton, empty, and error with retry. */
export function FeedQueryView<T>({
  query,
  loadingLabel,
  emptyMessage,
  notFoundMessage,
  isEmpty,
  children,
}: FeedQueryViewProps<T>) {
  const { t } = useT();
  // The first render of a long list (150 games) runs as a transition, in slices, instead of one long task.
  const data = useDeferredValue(query.data);
  const shown = data ?? (query.isError ? query.data : undefined);
  // A failed refetch keeps what the block already shows (the API may be down for a while; the outage drill of
  // tools/bench checks it): the error view is for a block that never had data.
  if (query.isError && shown === undefined) {
    if (query.error instanceof NotFoundError) return <FeedEmpty message={notFoundMessage ?? emptyMessage} />;
    return (
      <FeedError
        message={t('sportsbook:common.error')}
        retryLabel={t('sportsbook:common.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.isPending || shown === undefined) return <FeedSkeleton label={loadingLabel} />;
  if (isEmpty(shown)) return <FeedEmpty message={emptyMessage} />;
  return <>{children(shown)}</>;
}
