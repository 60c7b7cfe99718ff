import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import styled, { createGlobalStyle } from 'styled-components';
import { BottomBarsSpace } from './bottom-bar-space';

/** The height the bar takes at the bottom of a phone's screen; fixed elements sit above it (`--tab-bar-height`). */
export const TAB_BAR_HEIGHT = '3.75rem';

// While the bar is on the page, narrow screens reserve its height: the page's end and the fixed buttons (bet slip,
// back to top) stay above it. Wide screens have no bar and reserve nothing.
const TabBarSpace = createGlobalStyle`
  @media (max-width: ${({ theme }) => theme.breakpoints.lg - 0.02}px) {
    :root {
      --tab-bar-height: calc(${TAB_BAR_HEIGHT} + env(safe-area-inset-bottom, 0px));
    }
  }
`;

const StyledNav = styled.nav`
  position: fixed;
  inset-inline: 0;
  inset-block-end: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  padding-block-end: env(safe-area-inset-bottom, 0px);
  background: ${({ theme }) => theme.color.surface.raised};
  border-block-start: 1px solid ${({ theme }) => theme.color.border.base};
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
  ul {
    display: grid;
    grid-auto-columns: minmax(0, 1fr);
    grid-auto-flow: column;
    margin: 0;
    padding: 0;
    list-style: none;
    block-size: ${TAB_BAR_HEIGHT};
  }
  a {
    display: grid;
    justify-items: center;
    align-content: center;
    gap: 2px;
    block-size: 100%;
    padding-inline: 2px;
    color: ${({ theme }) => theme.color.text.muted};
    font-size: 0.72rem;
    line-height: 1.1;
    text-align: center;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  a svg {
    inline-size: 1.4rem;
    block-size: 1.4rem;
  }
  a[aria-current='page'] {
    /* The link colour is held readable on the raised surface (ui-theme); the brand's primary was 3.43:1 on PolarBet. */
    color: ${({ theme }) => theme.color.text.link};
    font-weight: 700;
    box-shadow: inset 0 3px 0 ${({ theme }) => theme.color.text.link};
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
    outline-offset: -2px;
  }
`;

const StyledBadge = styled.span`
  position: relative;
  display: inline-grid;
  [data-badge] {
    position: absolute;
    inset-block-start: -0.35rem;
    inset-inline-end: -0.7rem;
    min-inline-size: 1.1rem;
    padding-inline: 0.2rem;
    border-radius: 999px;
    background: ${({ theme }) => theme.color.accent.base};
    color: ${({ theme }) => theme.color.accent.text};
    font-size: 0.65rem;
    line-height: 1.1rem;
    font-weight: 700;
  }
`;

/** One tab of the {@link TabBar}. */
export interface TabBarItem {
  /** Stable id (the React key, and `data-tab` for tests and styles). */
  id: string;
  /** Where it leads: a full site path with the language. */
  to: string;
  label: string;
  /** A decorative icon (hidden from assistive technology: the label names the tab). */
  icon: ReactNode;
  /** Also current on deeper paths (`/en/line/12`); the home-like tabs set `end`. */
  end?: boolean;
  /** A short count shown on the icon (open bets), also read after the label. */
  badge?: string | undefined;
}

/** Props of {@link TabBar}. */
export interface TabBarProps {
  /** The navigation landmark's name. */
  label: string;
  items: readonly TabBarItem[];
}

/**
 * The phone's bottom tab bar: a navigation landmark of up to five links with icon and label, the current one marked
 * (`aria-current="page"`). Fixed to the bottom with the device's safe area; not shown from the wide breakpoint on.
 * While it is on the page, narrow screens reserve its height (`--tab-bar-height`) for the page and fixed buttons.
 */
export function TabBar({ label, items }: TabBarProps) {
  return (
    <>
      <TabBarSpace />
      <BottomBarsSpace />
      <StyledNav aria-label={label}>
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <NavLink to={item.to} end={item.end ?? false} data-tab={item.id}>
                <StyledBadge aria-hidden="true">
                  {item.icon}
                  {item.badge ? <span data-badge="">{item.badge}</span> : null}
                </StyledBadge>
                <span>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </StyledNav>
    </>
  );
}

const ICON = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  'aria-hidden': true,
} as const;

/** The tab bar's icons: simple line drawings in the text colour. */
export const TAB_ICONS = {
  sports: (
    <svg {...ICON}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7l4 3-1.5 4.5h-5L8 10z" />
    </svg>
  ),
  live: (
    <svg {...ICON}>
      <circle cx="12" cy="12" r="3" fill="currentColor" />
      <path d="M6.3 6.3a8 8 0 000 11.4M17.7 6.3a8 8 0 010 11.4" />
    </svg>
  ),
  casino: (
    <svg {...ICON}>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <circle cx="9" cy="9" r="1.2" fill="currentColor" />
      <circle cx="15" cy="15" r="1.2" fill="currentColor" />
      <circle cx="15" cy="9" r="1.2" fill="currentColor" />
      <circle cx="9" cy="15" r="1.2" fill="currentColor" />
    </svg>
  ),
  bets: (
    <svg {...ICON}>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h6" />
    </svg>
  ),
  account: (
    <svg {...ICON}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0116 0" />
    </svg>
  ),
} as const;
