import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { useTranslate } from './use-translate';

// The dialog's column is at most 480 px and never wider than the screen: a column sized by its content would grow
// with a long line and push the dialog off the screen, off the left side in a right-to-left page where nothing
// scrolls back to it.
const StyledBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: grid;
  grid-template-columns: minmax(0, 480px);
  justify-content: center;
  align-content: center;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.overlay};
`;

const StyledDialog = styled.div`
  min-width: 0;
  overflow-wrap: anywhere;
  max-height: calc(100vh - ${({ theme }) => theme.space(8)});
  overflow: auto;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  color: ${({ theme }) => theme.color.text.base};
  padding: ${({ theme }) => theme.space(4)};
`;

const StyledHeader = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-block-end: ${({ theme }) => theme.space(3)};
  h2 {
    flex: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.h3};
  }
`;

const StyledIconButton = styled.button`
  min-width: 32px;
  min-height: 32px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.small};
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  /* The back arrow points the way the page reads. */
  &[data-back] span {
    display: inline-block;
    transform: scaleX(${({ theme }) => (theme.rtl ? -1 : 1)});
  }
`;

/** Props of {@link Modal}. */
export interface ModalProps {
  /** The heading, also the dialog's accessible name. */
  title: string;
  /** Called by the close button, Escape and a click on the backdrop. */
  onClose: () => void;
  /** When given, a back button is shown before the title (spec: modal with back button and title). */
  onBack?: () => void;
  children?: ReactNode;
}

/**
 * A modal dialog: named by its title, focus moves in on open and back to where it was on close, Escape closes,
 * Tab stays inside. Rendered in place (no portal) so it also renders on the server.
 */
export function Modal({ title, onClose, onBack, children }: ModalProps) {
  const t = useTranslate();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = dialogRef.current.querySelectorAll<HTMLElement>(
      'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <StyledBackdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <StyledDialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <StyledHeader>
          {onBack ? (
            <StyledIconButton type="button" data-back onClick={onBack} aria-label={t('common:button.back')}>
              <span aria-hidden="true">←</span>
            </StyledIconButton>
          ) : null}
          <h2 id={titleId}>{title}</h2>
          <StyledIconButton type="button" onClick={onClose} aria-label={t('common:button.close')}>
            <span aria-hidden="true">×</span>
          </StyledIconButton>
        </StyledHeader>
        {children}
      </StyledDialog>
    </StyledBackdrop>
  );
}
