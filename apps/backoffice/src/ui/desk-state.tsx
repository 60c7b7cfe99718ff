import { PageState, pageStatus } from '@tessera/shared/ui';
import type { ReactNode } from 'react';
import { useConsoleTranslate } from '../app/use-console-translate';
import { errorMessage } from './error-message';

/** The facts of a TanStack query that {@link DeskState} reads. */
export interface DeskQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Props of {@link DeskState}. */
export interface DeskStateProps {
  query: DeskQuery;
  /** True when the answer holds nothing to show. */
  isEmpty?: boolean;
  /** What is loading, for screen readers. */
  loadingLabel: string;
  emptyText: ReactNode;
  /** Skeleton rows, sized like the table rows they stand for. */
  rows?: number;
  children?: ReactNode;
}

/** A desk's data in its four states: skeleton, error with retry (the refusal's own words), empty, content. */
export function DeskState({ query, isEmpty = false, loadingLabel, emptyText, rows = 6, children }: DeskStateProps) {
  const t = useConsoleTranslate();
  return (
    <PageState
      status={pageStatus(query, isEmpty)}
      loadingLabel={loadingLabel}
      rows={rows}
      rowHeight="2em"
      errorText={errorMessage(t, query.error)}
      retryLabel={t('backoffice:state.retry')}
      onRetry={() => void query.refetch()}
      emptyText={emptyText}
    >
      {children}
    </PageState>
  );
}
