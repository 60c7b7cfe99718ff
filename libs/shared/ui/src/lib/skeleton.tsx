import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  from { opacity: 1; }
  to { opacity: 0.5; }
`;

// In a line of text the bar is drawn in the text's own colour, faint, so it shows on any surface (a coloured header).
const StyledSkeleton = styled.span<{ $width: string; $height: string; $inline: boolean }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme, $inline }) =>
    $inline ? 'color-mix(in srgb, currentColor 28%, transparent)' : theme.color.surface.raised};
  animation: ${pulse} 0.9s ease-in-out infinite alternate;
`;

const StyledList = styled.span<{ $inline: boolean }>`
  display: ${({ $inline }) => ($inline ? 'inline-flex' : 'flex')};
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  vertical-align: middle;
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
  /** Sits in a line of text (a header's balance) instead of taking a block of its own. */
  inline?: boolean;
}

/** Loading placeholders sized like the content they stand for; announced as one busy status. */
export function Skeleton({ width = '100%', height = '1em', count = 1, label, inline = false }: SkeletonProps) {
  return (
    <StyledList role="status" aria-busy="true" aria-label={label} $inline={inline}>
      {Array.from({ length: count }, (_, i) => (
        <StyledSkeleton key={i} aria-hidden="true" $width={width} $height={height} $inline={inline} />
      ))}
    </StyledList>
  );
}
