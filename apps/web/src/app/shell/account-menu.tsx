import { useT } from '@tessera/shared/data-access-brand';
import { VisuallyHidden } from '@tessera/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { StyledToggle, useDisclosure } from './disclosure-menu';

const StyledWrapper = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-inline-size: 0;
  ${({ theme }) => theme.media.lg} {
    position: static;
  }
`;

// Phones: the balance is the toggle, and the panel drops down under the header with the account id, the full
// balance, the account link, log out and the languages. Wide screens: no toggle; the panel's items stand in the header
// row itself, but for the languages (the header's own switcher is back).
const StyledAccountToggle = styled(StyledToggle)`
  padding-inline: ${({ theme }) => theme.space(2)};
  border: 1px solid currentColor;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

const StyledPanel = styled.div`
  position: absolute;
  inset-block-start: calc(100% + ${({ theme }) => theme.space(1)});
  inset-inline-end: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space(2)};
  min-inline-size: 220px;
  max-inline-size: calc(100vw - ${({ theme }) => theme.space(6)});
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  color: ${({ theme }) => theme.color.text.base};
  &[data-open='false'] {
    display: none;
  }
  > * {
    overflow-wrap: anywhere;
  }
  ${({ theme }) => theme.media.lg} {
    &,
    &[data-open='false'] {
      position: static;
      display: contents;
      /* The items stand in the header row: the header's colours, not the dropdown's. */
      color: inherit;
    }
    > :first-child {
      opacity: 0.85;
      white-space: nowrap;
    }
    > :nth-child(n + 3) {
      order: 2;
    }
  }
`;

const StyledDeposit = styled.span`
  display: inline-flex;
  ${({ theme }) => theme.media.lg} {
    order: 1;
  }
`;

/** Props of {@link AccountMenu}. */
export interface AccountMenuProps {
  /** What the phone's toggle shows: the balance's amount. */
  toggleLabel: ReactNode;
  /** The deposit link, always in reach. */
  deposit: ReactNode;
  /** The account's items: the id first, then the balance, the account link, log out. */
  children: ReactNode;
}

/**
 * The signed-in bettor's corner of the header, as the large sportsbooks lay it out: on phones the balance (a button
 * opening the account menu) and the deposit button, the rest in the menu; on wide screens everything in the row.
 */
export function AccountMenu({ toggleLabel, deposit, children }: AccountMenuProps) {
  const { t } = useT();
  const { open, close, panelId, wrapperProps, toggleProps } = useDisclosure();
  return (
    <StyledWrapper {...wrapperProps}>
      <StyledAccountToggle {...toggleProps}>
        <VisuallyHidden>{t('header:account.menu')} </VisuallyHidden>
        {toggleLabel}
        <span aria-hidden="true">▾</span>
      </StyledAccountToggle>
      <StyledDeposit>{deposit}</StyledDeposit>
      <StyledPanel
        id={panelId}
        data-open={open}
        onClick={(event) => (event.target as HTMLElement).closest('a') && close()}
      >
        {children}
      </StyledPanel>
    </StyledWrapper>
  );
}
