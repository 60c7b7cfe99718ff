import styled from 'styled-components';

/** The controls row of a game: stake, the main button, the decisions. */
export const StyledControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  > div {
    min-inline-size: 9rem;
  }
`;

/** The result line, announced politely. */
export const StyledResult = styled.p`
  margin: 0;
  min-block-size: 1.5em;
  font-weight: ${({ theme }) => theme.typography.weight.medium};
`;

/** The table surface a game draws on. */
export const StyledTable = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.sunken};
  min-inline-size: 0;
`;

/** Stakes offered in a select: multiples of the game's step, in minor units. */
export function stakeOptions(step: number): number[] {
  const base = [1, 2, 5, 10, 20, 50];
  return [...new Set(base.map((m) => m * Math.max(step, 1) * (step >= 20 ? 1 : 50)))].sort((a, b) => a - b);
}
