import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  from { opacity: 1; }
  to { opacity: 0.5; }
`;

const StyledSkeleton = styled.span<{ $width: string; $height: string }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.raised};
  animation: ${pulse} 0.9s ease-in-out infinite alternate;
`;

const StyledList = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  /** CSS width (default 100%). */
  width?: string;
  /** CSS height: reserve the real content's height so nothing shifts when it arrives. */
  height?: string;
  /** Number of placeholder rows (spec section 9: loading lists show 5). */
  count?: number;
  /** What is loading, announced once for the whole group. */
  label: string;
}

/** Loading placeholders sized like the content they stand for; announced as one busy status. */
export function Skeleton({ width = '100%', height = '1em', count = 1, label }: SkeletonProps) {
  return (
    <StyledList role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <StyledSkeleton key={i} aria-hidden="true" $width={width} $height={height} />
      ))}
    </StyledList>
  );
}
