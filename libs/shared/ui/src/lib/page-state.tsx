import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { Skeleton } from './skeleton';

/** Where a page's data is: still coming, failed, arrived with nothing in it, or ready to show. */
export type PageStatus = 'loading' | 'error' | 'empty' | 'ready';

/** The facts of a query {@link pageStatus} reads (TanStack Query's result has them). */
export interface PageQueryFacts {
  isPending: boolean;
  isError: boolean;
}

/**
 * The status of a page from its query: loading until the first answer, error when it failed, empty when `isEmpty`
 * says the answer holds nothing, ready otherwise.
 */
export function pageStatus(query: PageQueryFacts, isEmpty = false): PageStatus {
  if (query.isPending) return 'loading';
  if (query.isError) return 'error';
  return isEmpty ? 'empty' : 'ready';
}

const StyledError = styled.div`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-inline-start: 4px solid ${({ theme }) => theme.color.status.danger.base};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.raised};
  p {
    margin: 0;
  }
`;

const StyledEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 1px dashed ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
  color: ${({ theme }) => theme.color.text.muted};
  text-align: center;
`;

/** Props of {@link PageState}. */
export interface PageStateProps {
  status: PageStatus;
  /** What is loading, announced once while the skeleton shows. */
  loadingLabel: string;
  /** Skeleton rows, sized like the content they stand for (defaults: 3 rows of 2.5em). */
  rows?: number;
  rowHeight?: string;
  /** The error's text, an alert. */
  errorText?: ReactNode;
  /** The retry button's text; with `onRetry` the error offers to try again. */
  retryLabel?: string;
  onRetry?: () => void;
  /** What the page says when there is nothing to show (a status). */
  emptyText?: ReactNode;
  /** The content, shown when ready. */
  children?: ReactNode;
}

/**
 * The three states every data page has besides its content (spec section 9): a skeleton while loading, an error with
 * retry, and an empty state; the content when ready.
 */
export function PageState({
  status,
  loadingLabel,
  rows = 3,
  rowHeight = '2.5em',
  errorText,
  retryLabel,
  onRetry,
  emptyText,
  children,
}: PageStateProps) {
  if (status === 'loading') return <Skeleton label={loadingLabel} count={rows} height={rowHeight} />;
  if (status === 'error') {
    return (
      <StyledError role="alert">
        <p>{errorText}</p>
        {onRetry && retryLabel ? (
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </StyledError>
    );
  }
  if (status === 'empty') return <StyledEmpty role="status">{emptyText}</StyledEmpty>;
  return <>{children}</>;
}
