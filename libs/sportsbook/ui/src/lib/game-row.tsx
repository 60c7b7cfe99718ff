import type { ReactNode } from 'react';
import styled, { type DefaultTheme } from 'styled-components';

/** Narrower than md: a phone held upright. */
const phone = (theme: DefaultTheme) => `@media (max-width: ${theme.breakpoints.md - 0.02}px)`;

const StyledLeading = styled.div``;

const StyledTeams = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(0.5)};
  min-width: 0;
  a {
    color: ${({ theme }) => theme.color.text.base};
    text-decoration: none;
    /* Two lines at most, then an ellipsis; a long name breaks anywhere rather than running under the odds. */
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  a:hover {
    text-decoration: underline;
  }
`;

const StyledMeta = styled.span`
  font-size: 0.85em;
  color: ${({ theme }) => theme.color.text.muted};
`;

const StyledOdds = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  justify-content: flex-end;
  /* On a phone one line of prices, whatever their width (fractional 100/30, a handicap's label, four Asian prices). */
  ${({ theme }) => phone(theme)} {
    flex-wrap: nowrap;
    & > button {
      flex: 1 1 0;
      min-width: 0;
    }
    & > :not(button) {
      flex: none;
      align-self: center;
    }
    /* A game with no prices (finished, or none offered) leaves no empty line. */
    &:empty {
      display: none;
    }
  }
`;

// Below md (phones), the odds take their own line under the teams, the prices side by side in equal shares of it
// and the markets link at its end: beside the names there was no room for three 72 px buttons (the names keep 40% of
// the row), so the third price wrapped under the first two on every brand, and names beside three compact prices
// would wrap to four lines. From md the odds sit beside the teams, which keep at least 40% of the row: an auto odds
// column took its whole width, leaving the names a column of nothing that the odds covered.
const StyledGameRow = styled.li`
  display: grid;
  grid-template-columns: auto minmax(40%, 1fr) auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)};
  border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
  /*
   * A row far from the screen is neither laid out nor painted until it comes near (it stays in the accessibility tree
   * and in find-in-page): the first layout of a line page of forty rows was its longest task after first paint on a
   * slowed phone. Until a row has been shown, it holds the height rows have here (teams and start, then the odds on a
   * phone; one line from lg), so the scroll bar does not jump; after, it keeps its last real height.
   */
  content-visibility: auto;
  contain-intrinsic-size: auto 115px;
  ${({ theme }) => phone(theme)} {
    grid-template-columns: auto minmax(0, 1fr);
    grid-template-areas:
      'leading teams'
      '. odds';
    & > ${StyledLeading} {
      grid-area: leading;
    }
    & > ${StyledTeams} {
      grid-area: teams;
    }
    & > ${StyledOdds} {
      grid-area: odds;
    }
  }
  ${({ theme }) => theme.media.lg} {
    contain-intrinsic-size: auto 64px;
  }
`;

/** Props of {@link GameRow}. */
export interface GameRowProps {
  /** The teams, usually a link to the game page. */
  title: ReactNode;
  /** Start time, or score and clock for live games. */
  meta?: ReactNode;
  /** Leading control (the favourite star). */
  leading?: ReactNode;
  /** The odds buttons of the main market and extra controls. */
  odds?: ReactNode;
  /** Accessible label of the row (the teams). */
  label: string;
}

/** One game in a list: star, teams with their start or score, and main odds. */
export function GameRow({ title, meta, leading, odds, label }: GameRowProps) {
  return (
    <StyledGameRow aria-label={label}>
      <StyledLeading>{leading}</StyledLeading>
      <StyledTeams>
        {title}
        {meta ? <StyledMeta>{meta}</StyledMeta> : null}
      </StyledTeams>
      <StyledOdds>{odds}</StyledOdds>
    </StyledGameRow>
  );
}

/** A list of {@link GameRow}s. */
export const GameList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.base};
  border: 1px solid ${({ theme }) => theme.color.border.base};
`;

/** Props of {@link FavoriteToggle}. */
export interface FavoriteToggleProps {
  on: boolean;
  /** Accessible name, e.g. "Add Arsenal – Chelsea to favourites". */
  label: string;
  onToggle: () => void;
}

const StyledStar = styled.button`
  border: 0;
  background: none;
  cursor: pointer;
  font-size: 1.1em;
  color: ${({ theme }) => theme.color.accent.base};
  padding: ${({ theme }) => theme.space(1)};
  /* WCAG 2.2 target size: at least 24 by 24 px to press. */
  min-width: 24px;
  min-height: 24px;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
  }
`;

/** The favourite star: a toggle button with a pressed state. */
export function FavoriteToggle({ on, label, onToggle }: FavoriteToggleProps) {
  return (
    <StyledStar type="button" aria-pressed={on} aria-label={label} onClick={onToggle}>
      <span aria-hidden="true">{on ? '★' : '☆'}</span>
    </StyledStar>
  );
}

/** A titled block of the sportsbook (a championship, a dashboard window). */
export const FeedSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h2,
  h3 {
    margin: 0;
    font-size: 1.05em;
  }
`;

/** A horizontal, wrapping list of links or chips (sports menu, search history). */
export const ChipList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  list-style: none;
  margin: 0;
  padding: 0;
  a,
  button {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border-radius: ${({ theme }) => theme.radii.button};
    border: 1px solid ${({ theme }) => theme.color.border.base};
    background: ${({ theme }) => theme.color.surface.raised};
    color: ${({ theme }) => theme.color.text.base};
    text-decoration: none;
    font: inherit;
    cursor: pointer;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.color.accent.base};
    color: ${({ theme }) => theme.color.accent.text};
  }
`;
