import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';

const StyledWrapper = styled.div`
  position: relative;
`;

export const StyledToggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 40px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.small};
  background: transparent;
  color: ${({ theme }) => theme.color.secondary.text};
  font: inherit;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.secondary.hover};
  }
`;

const StyledPanel = styled.ul`
  position: absolute;
  inset-block-start: 100%;
  inset-inline-end: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-width: 180px;
  margin: 0;
  padding: ${({ theme }) => theme.space(1)};
  list-style: none;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  a {
    display: block;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    color: ${({ theme }) => theme.color.text.base};
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.small};
  }
  a:hover,
  a[aria-current='page'] {
    background: ${({ theme }) => theme.color.surface.sunken};
  }
`;

/** Props of {@link DisclosureMenu}. */
export interface DisclosureMenuProps {
  /** Visible content of the toggle. */
  label: ReactNode;
  /** Accessible name of the toggle when the visible label is not enough (a language code). */
  accessibleName?: string;
  /** The list items (each an `<li>` with a link). */
  children: ReactNode;
}

/** What {@link useDisclosure} hands to the wrapper and the toggle of a disclosure. */
export interface Disclosure {
  open: boolean;
  close: () => void;
  /** Spread on the element around the toggle and the panel: Escape closes and gives the focus back. */
  wrapperProps: { ref: RefObject<HTMLDivElement | null>; onKeyDown: (event: KeyboardEvent) => void };
  /** Spread on the toggle button. */
  toggleProps: {
    ref: RefObject<HTMLButtonElement | null>;
    type: 'button';
    'aria-expanded': boolean;
    'aria-controls': string;
    onClick: () => void;
  };
  /** The panel's id. */
  panelId: string;
}

/**
 * The disclosure pattern's behaviour (no menu roles, links stay links): closed on the server; the toggle opens and
 * closes; Escape closes and returns the focus to the toggle; a press outside closes.
 */
export function useDisclosure(): Disclosure {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return {
    open,
    close: () => setOpen(false),
    panelId,
    wrapperProps: {
      ref: wrapper,
      onKeyDown: (event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      },
    },
    toggleProps: {
      ref: toggle,
      type: 'button',
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((o) => !o),
    },
  };
}

/**
 * A button that shows and hides a list of links (the disclosure pattern: no menu roles, links stay links).
 * Rendered closed on the server; closes on Escape, on an outside click and after a link is followed.
 */
export function DisclosureMenu({ label, accessibleName, children }: DisclosureMenuProps) {
  const { open, close, panelId, wrapperProps, toggleProps } = useDisclosure();
  return (
    <StyledWrapper {...wrapperProps}>
      {/* The name starts with the visible label ("RU, Language"): WCAG 2.5.3, what is seen is what is said. The caret
          is drawn, not written, so the visible text is the label alone. */}
      <StyledToggle {...toggleProps} aria-label={accessibleName ? `${label}, ${accessibleName}` : undefined}>
        {label}
        <svg aria-hidden="true" viewBox="0 0 10 10" width="0.6em" height="0.6em" fill="currentColor">
          <path d="M1 3h8L5 8Z" />
        </svg>
      </StyledToggle>
      <StyledPanel
        id={panelId}
        hidden={!open}
        onClick={(event) => (event.target as HTMLElement).closest('a') && close()}
      >
        {children}
      </StyledPanel>
    </StyledWrapper>
  );
}
