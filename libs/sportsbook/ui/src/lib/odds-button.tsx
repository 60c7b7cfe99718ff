import styled, { css } from 'styled-components';

/** Which way the price last moved. */
export type OddsMove = 'up' | 'down' | null;

/** Props of {@link OddsButton}. */
export interface OddsButtonProps {
  /** Short outcome label shown above the price (1, X, 2, Over 2.5, ...). */
  label: string;
  /** Price as shown, already formatted in the player's odds format. */
  price: string;
  /** Full accessible name: team, market, outcome and price, so a screen reader (and the coupon later) knows the pick. */
  accessibleName: string;
  move?: OddsMove;
  /** Bumps on every price move; the mark is keyed on it. */
  moveKey?: number;
  suspended?: boolean;
  selected?: boolean;
  /** Words announced for moves and suspension (translated by the caller). */
  moveText?: { up: string; down: string; suspended: string };
  onSelect?: () => void;
}

const StyledOddsButton = styled.button<{ $move: OddsMove }>`
  display: inline-grid;
  grid-template-rows: auto auto;
  justify-items: center;
  min-width: 4.5rem;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: ${({ theme }) => theme.radii.small};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  background: ${({ theme }) => theme.color.surface.raised};
  color: ${({ theme }) => theme.color.text.base};
  cursor: pointer;
  font: inherit;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.accent.base};
    color: ${({ theme }) => theme.color.accent.text};
  }
  /* The outcome label of a selected price takes the accent's text colour: muted on the accent read 1.27:1. */
  &[aria-pressed='true'] > span {
    color: inherit;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: 2px;
  }
  ${({ $move, theme }) =>
    $move &&
    css`
      border-color: ${$move === 'up' ? theme.color.odds.up : theme.color.odds.down};
    `}
`;

// A label longer than a narrow button (a handicap's "Over 2.5" in a phone row of four) ends in an ellipsis inside it;
// the button's accessible name has it whole.
const StyledLabel = styled.span`
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: 0.75em;
  color: ${({ theme }) => theme.color.text.muted};
`;

const StyledPrice = styled.span`
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const StyledSuspended = styled.svg`
  width: 1em;
  height: 1em;
  vertical-align: -0.125em;
`;

/** The padlock bookmakers show on a suspended price (the button's accessible name says "suspended"). */
function SuspendedMark({ title }: { title: string | undefined }) {
  return (
    <StyledSuspended viewBox="0 0 16 16" fill="currentColor" data-suspended="true">
      {title ? <title>{title}</title> : null}
      <path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 6V4.5a2 2 0 1 1 4 0V7H6Z" />
    </StyledSuspended>
  );
}

const StyledMark = styled.svg<{ $move: 'up' | 'down' }>`
  width: 0.7em;
  height: 0.7em;
  margin-inline-start: ${({ theme }) => theme.space(1)};
  color: ${({ $move, theme }) => ($move === 'up' ? theme.color.odds.up : theme.color.odds.down)};
`;

/**
 * The up or down triangle of a price that moved, drawn (an image is no text): the button's visible text stays its
 * label and price, which its accessible name contains (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
function MoveMark({ move, title }: { move: 'up' | 'down'; title: string | undefined }) {
  return (
    <StyledMark $move={move} viewBox="0 0 10 10" fill="currentColor" data-mark={move}>
      {title ? <title>{title}</title> : null}
      <path d={move === 'up' ? 'M5 1 9 9H1Z' : 'M1 1h8L5 9Z'} />
    </StyledMark>
  );
}

/** A selectable price: a real button whose accessible name carries team, market, outcome and price. */
export function OddsButton({
  label,
  price,
  accessibleName,
  move = null,
  moveKey,
  suspended = false,
  selected,
  moveText,
  onSelect,
}: OddsButtonProps) {
  return (
    <StyledOddsButton
      type="button"
      aria-label={accessibleName}
      aria-pressed={selected === undefined ? undefined : selected}
      disabled={suspended}
      $move={move}
      data-move={move ?? undefined}
      onClick={onSelect}
    >
      <StyledLabel aria-hidden="true">{label}</StyledLabel>
      {/* A space between label and price (not drawn in the grid): the visible text reads "1 2.10", as the name does. */}{' '}
      <StyledPrice aria-hidden="true">
        {/* A suspended price shows a padlock (the accessible name says "suspended"), not a bare dash. */}
        {suspended ? <SuspendedMark title={moveText?.suspended} /> : price}
        {move && !suspended ? <MoveMark key={moveKey} move={move} title={moveText?.[move]} /> : null}
      </StyledPrice>
    </StyledOddsButton>
  );
}
