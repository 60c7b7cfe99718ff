import type { BackofficePlayer } from '@tessera/shared/contract-api';
import { useConsoleTranslate } from '../app/use-console-translate';
import { StatusBadge } from '../ui/status-badge';

/** A player's account status: active, or locked by an operator. */
export function PlayerStatus({ status }: { status: BackofficePlayer['status'] }) {
  const t = useConsoleTranslate();
  return status === 'blocked' ? (
    <StatusBadge tone="danger">{t('backoffice:player.status.blocked')}</StatusBadge>
  ) : (
    <StatusBadge tone="success">{t('backoffice:player.status.active')}</StatusBadge>
  );
}
