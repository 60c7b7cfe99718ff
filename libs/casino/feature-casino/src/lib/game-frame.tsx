import { Link } from '@tessera/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useCasinoT } from './use-casino-t';

const StyledFrame = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-inline-size: 0;
`;

const StyledBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  justify-content: space-between;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.h3};
  }
  output {
    font-variant-numeric: tabular-nums;
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
`;

/** The frame every game page shares (in-house and external): the way back to the lobby, then the page's content. */
export function GameFrame({ children }: { children: ReactNode }) {
  const { tc } = useCasinoT();
  return (
    <StyledFrame>
      <Link to="/casino">{tc('casino:game.back')}</Link>
      {children}
    </StyledFrame>
  );
}

/** Props of {@link GameFrameBar}. */
export interface GameFrameBarProps {
  /** The game's name (the page's heading). */
  name: string;
  /** Said before the balance: the demo badge, the external game's provider. */
  note?: ReactNode;
  /** The balance as shown (money formatted, or '…' until known); undefined: no balance (a guest of an external game). */
  balance?: string;
  /** Controls at the end of the bar (the demo's reset). */
  actions?: ReactNode;
}

/**
 * The header of a game in its frame: the name, what the page says beside it, and the balance announced politely as it
 * changes. The in-house and the external game pages both use it, so the frame looks and reads the same whoever runs
 * the game.
 */
export function GameFrameBar({ name, note, balance, actions }: GameFrameBarProps) {
  const { tc } = useCasinoT();
  return (
    <StyledBar>
      <h2>{name}</h2>
      {note ? <span>{note}</span> : null}
      {balance !== undefined ? (
        <output aria-live="polite" aria-label={tc('casino:game.balance')}>
          {tc('casino:game.balanceValue', { amount: balance })}
        </output>
      ) : null}
      {actions}
    </StyledBar>
  );
}
