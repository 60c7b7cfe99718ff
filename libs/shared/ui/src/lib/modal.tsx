import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import styled, { css, keyframes, type DefaultTheme } from 'styled-components';
import { lockPageScroll } from './page-scroll-lock';
import { useTranslate } from './use-translate';

/** Below `lg` (where a sheet is a sheet): the same edge the sportsbook's slip column appears at. */
const narrow = (theme: DefaultTheme) => `@media (max-width: ${theme.breakpoints.lg - 0.02}px)`;

const fadeIn = keyframes`
  from {
    opacity: 0;
  }
`;

const slideUp = keyframes`
  from {
    transform: translateY(100%);
  }
`;

/** The sheet's widest, on a tablet (from `md` to `lg`), in CSS pixels. */
const SHEET_MAX_WIDTH = 560;

// The dialog's column is at most 480 px and never wider than the screen: a column sized by its content would grow
// with a long line and push the dialog off the screen, off the left side in a right-to-left page where nothing
// scrolls back to it.
const StyledBackdrop = styled.div<{ $sheet: boolean }>`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.modal};
  display: grid;
  grid-template-columns: minmax(0, 480px);
  justify-content: center;
  align-content: center;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.overlay};
  /*
   * A sheet on a narrow screen: the dimmed page above, the sheet along the bottom edge, the phone's full width. On a
   * tablet (from md) a sheet across the whole screen stretched the slip's rows and buttons to 768 px and more; there it
   * is a centred column on the bottom edge, its top corners still rounded.
   */
  ${({ $sheet, theme }) =>
    $sheet &&
    css`
      ${narrow(theme)} {
        grid-template-columns: minmax(0, 1fr);
        align-content: end;
        padding: 0;
        ${theme.media.md} {
          grid-template-columns: minmax(0, ${SHEET_MAX_WIDTH}px);
        }
        @media (prefers-reduced-motion: no-preference) {
          animation: ${fadeIn} 200ms ease-out;
        }
      }
    `}
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

const StyledDialog = styled.div<{ $sheet: boolean }>`
  min-width: 0;
  overflow-wrap: anywhere;
  max-height: calc(100vh - ${({ theme }) => theme.space(8)});
  overflow: auto;
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  color: ${({ theme }) => theme.color.text.base};
  padding: ${({ theme }) => theme.space(4)};
  /*
   * The sheet: rounded top corners, at most 88% of the screen's height, its handle and heading staying put while its
   * content scrolls (the page behind does not scroll with it); it slides up unless the bettor asked for less motion.
   */
  ${({ $sheet, theme }) =>
    $sheet &&
    css`
      ${narrow(theme)} {
        display: flex;
        flex-direction: column;
        max-height: 88vh;
        max-height: 88dvh;
        overflow: hidden;
        padding: 0;
        border-radius: 0;
        border-start-start-radius: ${theme.radii.large};
        border-start-end-radius: ${theme.radii.large};
        @media (prefers-reduced-motion: no-preference) {
          animation: ${slideUp} 240ms cubic-bezier(0.2, 0.8, 0.2, 1);
        }
        & > ${StyledHeader} {
          flex: none;
          padding-inline: ${theme.space(4)};
        }
      }
    `}
`;

// The sheet's grab handle: a band across the sheet's top with the bar drawn in it. Dragged down far enough it closes
// the sheet, as a phone's sheets do; the close button, Escape and a tap on the dimmed page do the same without a drag.
const StyledHandle = styled.div`
  display: none;
  ${({ theme }) => narrow(theme)} {
    display: block;
    flex: none;
    padding-block: ${({ theme }) => theme.space(2)};
    touch-action: none;
    cursor: grab;
    &::before {
      content: '';
      display: block;
      inline-size: 40px;
      block-size: 4px;
      margin-inline: auto;
      border-radius: 2px;
      background: ${({ theme }) => theme.color.border.strong};
    }
  }
`;

/** How far the handle is dragged down before the sheet closes on release, in CSS pixels. */
const CLOSE_DRAG = 64;

// The sheet's content, the part that scrolls; on a wide screen it is laid out as the dialog's own content.
const StyledSheetBody = styled.div`
  ${({ theme }) => narrow(theme)} {
    flex: 1 1 auto;
    min-block-size: 0;
    overflow: auto;
    overscroll-behavior: contain;
    padding-inline: ${({ theme }) => theme.space(4)};
    padding-block-end: calc(${({ theme }) => theme.space(4)} + env(safe-area-inset-bottom, 0px));
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
  /**
   * `sheet`: below the `lg` breakpoint a bottom sheet (along the bottom edge, the phone's full width, from `md` at most
   * 560 px wide and centred, rounded top corners, a grab handle, at most 88% of the screen high with its own scroll,
   * sliding up unless reduced motion is asked for); from `lg` the centred dialog. `dialog` (default): the centred
   * dialog everywhere. Either way the page behind does not scroll while it is open.
   */
  variant?: 'dialog' | 'sheet';
  children?: ReactNode;
}

/**
 * A modal dialog: named by its title, focus moves in on open and back to where it was on close, Escape closes,
 * Tab stays inside. Rendered in place (no portal) so it also renders on the server. As a `sheet` it rises from the
 * bottom edge on narrow screens (the phone's bet slip), as bet365's and Betfair's do.
 */
export function Modal({ title, onClose, onBack, variant = 'dialog', children }: ModalProps) {
  const sheet = variant === 'sheet';
  const t = useTranslate();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    return () => previous?.focus?.();
  }, []);

  // The page behind stays where it is while the dialog is open: a wheel or a swipe over the dimmed page moved it.
  useEffect(() => lockPageScroll(), []);

  // Dragging the sheet's handle: the sheet follows the pointer down (never up) and closes when let go far enough.
  const drag = useRef<{ from: number; by: number } | null>(null);
  const follow = (by: number) => {
    if (dialogRef.current) dialogRef.current.style.transform = by > 0 ? `translateY(${by}px)` : '';
  };
  const grip = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      drag.current = { from: event.clientY, by: 0 };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (!drag.current) return;
      drag.current.by = Math.max(0, event.clientY - drag.current.from);
      follow(drag.current.by);
    },
    onPointerUp: () => {
      const by = drag.current?.by ?? 0;
      drag.current = null;
      follow(0);
      if (by >= CLOSE_DRAG) onClose();
    },
    onPointerCancel: () => {
      drag.current = null;
      follow(0);
    },
  };

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
    <StyledBackdrop $sheet={sheet} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <StyledDialog
        ref={dialogRef}
        $sheet={sheet}
        data-variant={variant}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {sheet ? <StyledHandle aria-hidden="true" {...grip} /> : null}
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
        {sheet ? <StyledSheetBody>{children}</StyledSheetBody> : children}
      </StyledDialog>
    </StyledBackdrop>
  );
}
