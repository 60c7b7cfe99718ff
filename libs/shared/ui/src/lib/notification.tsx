import type { NotificationSettings } from '@tessera/shared/util-config';
import { type ReactNode, useEffect } from 'react';
import styled, { type DefaultTheme } from 'styled-components';
import { useTranslate } from './use-translate';

/** Notification kinds of spec section 3. */
export type NotificationType = 'success' | 'warning' | 'error' | 'info' | 'question';

type Corner = NotificationSettings['position'];

const StyledRegion = styled.div<{ $position: Corner; $width: number }>`
  position: fixed;
  ${({ $position }) => ($position.startsWith('top') ? 'inset-block-start' : 'inset-block-end')}: ${({ theme }) => theme.space(4)};
  ${({ $position }) => ($position.endsWith('left') ? 'inset-inline-start' : 'inset-inline-end')}: ${({ theme }) => theme.space(4)};
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: ${({ $width }) => $width}px;
  max-width: calc(100vw - ${({ theme }) => theme.space(8)});
`;

const StyledNotification = styled.div<{ $type: NotificationType }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.raised};
  color: ${({ theme }) => theme.color.text.base};
  border-inline-start: 4px solid ${({ theme, $type }) => statusColour(theme, $type)};
  box-shadow: 0 4px 16px ${({ theme }) => theme.color.overlay};
`;

const StyledClose = styled.button`
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  min-width: 24px;
  min-height: 24px;
`;

const StyledActions = styled.div`
  grid-column: 1 / -1;
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
`;

function statusColour(theme: DefaultTheme, type: NotificationType): string {
  if (type === 'error') return theme.color.status.danger.base;
  if (type === 'warning') return theme.color.status.warning.base;
  if (type === 'success') return theme.color.status.success.base;
  return theme.color.status.info.base;
}

/** Props of {@link NotificationRegion}. */
export interface NotificationRegionProps {
  /** The brand's `customize.notifications`: the corner and the width of the stack. */
  settings: Pick<NotificationSettings, 'position' | 'width'>;
  children?: ReactNode;
}

/** The fixed stack notifications appear in, in the brand's corner and width; a named landmark for screen readers. */
export function NotificationRegion({ settings, children }: NotificationRegionProps) {
  const t = useTranslate();
  return (
    <StyledRegion
      role="region"
      aria-label={t('common:notification.region')}
      $position={settings.position}
      $width={settings.width}
    >
      {children}
    </StyledRegion>
  );
}

/** Props of {@link Notification}. */
export interface NotificationProps {
  type: NotificationType;
  title: string;
  text?: string;
  /** Called on the close button and when the duration elapses. */
  onClose: () => void;
  /** Hide the close button (spec: `hideCloseBtn`). */
  hideCloseButton?: boolean;
  /** Extra actions (buttons) under the text. */
  actions?: ReactNode;
  /** Milliseconds until it closes by itself (the brand's `customize.notifications.durationMs`); `null` keeps it open. */
  duration: number | null;
}

/**
 * One notification. Errors and warnings interrupt (`role="alert"`), the rest wait politely (`role="status"`).
 */
export function Notification({
  type,
  title,
  text,
  onClose,
  hideCloseButton = false,
  actions,
  duration,
}: NotificationProps) {
  const t = useTranslate();
  useEffect(() => {
    if (duration === null) return undefined;
    const timer = setTimeout(onClose, duration);
    return () => clearTimeout(timer);
  }, [duration, onClose]);
  const urgent = type === 'error' || type === 'warning';
  return (
    <StyledNotification role={urgent ? 'alert' : 'status'} $type={type}>
      <div>
        <strong>{title}</strong>
        {text ? <p>{text}</p> : null}
      </div>
      {hideCloseButton ? null : (
        <StyledClose type="button" onClick={onClose} aria-label={t('common:notification.close')}>
          <span aria-hidden="true">×</span>
        </StyledClose>
      )}
      {actions ? <StyledActions>{actions}</StyledActions> : null}
    </StyledNotification>
  );
}
