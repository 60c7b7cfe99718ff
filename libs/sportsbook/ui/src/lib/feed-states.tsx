import { Button, Skeleton } from '@tessera/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const StyledBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  justify-items: start;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.medium};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  background: ${({ theme }) => theme.color.surface.base};
`;

/** Props of {@link FeedSkeleton}. */
export interface FeedSkeletonProps {
  /** What is loading, for assistive technology. */
  label: string;
  rows?: number;
}

/** Placeholder rows while a feed list loads. */
export function FeedSkeleton({ label, rows = 6 }: FeedSkeletonProps) {
  return <Skeleton label={label} count={rows} height="2.75rem" width="100%" />;
}

/** Props of {@link FeedEmpty}. */
export interface FeedEmptyProps {
  message: string;
  children?: ReactNode;
}

/** A list with nothing to show, said plainly. */
export function FeedEmpty({ message, children }: FeedEmptyProps) {
  return (
    <StyledBox role="status">
      <p>{message}</p>
      {children}
    </StyledBox>
  );
}

/** Props of {@link FeedError}. */
export interface FeedErrorProps {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}

/** A failed load with a retry button. */
export function FeedError({ message, retryLabel, onRetry }: FeedErrorProps) {
  return (
    <StyledBox role="alert">
      <p>{message}</p>
      <Button type="button" onClick={onRetry}>
        {retryLabel}
      </Button>
    </StyledBox>
  );
}
