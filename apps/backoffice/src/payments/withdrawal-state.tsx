import type { BackofficeWithdrawal } from '@tessera/shared/contract-api';
import { useConsoleTranslate } from '../app/use-console-translate';
import { WITHDRAWAL_STATES } from '../api/desks.api';
import { type BadgeTone, StatusBadge } from '../ui/status-badge';

type State = BackofficeWithdrawal['state'];

const TONE: Record<State, BadgeTone> = {
  requested: 'warning',
  approved: 'neutral',
  sent: 'neutral',
  paid: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
  failed: 'danger',
};

/** True for a withdrawal state the console knows (a payment's `state` is free text on the wire). */
export function isWithdrawalState(value: string | null | undefined): value is State {
  return (WITHDRAWAL_STATES as readonly (string | null | undefined)[]).includes(value);
}

/** A withdrawal's state as a labelled badge. */
export function WithdrawalState({ state }: { state: State }) {
  const t = useConsoleTranslate();
  return <StatusBadge tone={TONE[state]}>{t(`backoffice:withdrawal.state.${state}`)}</StatusBadge>;
}
