import type { BackofficePlayerResponse } from '@tessera/shared/contract-api';
import { useConsoleTranslate } from '../app/use-console-translate';
import { type BadgeTone, StatusBadge } from '../ui/status-badge';

type Status = BackofficePlayerResponse['verification']['status'];

const TONE: Record<Status, BadgeTone> = {
  not_started: 'neutral',
  submitted: 'warning',
  resubmitted: 'warning',
  verified: 'success',
  rejected: 'danger',
};

// Translation keys are camel-cased.
const KEY = {
  not_started: 'notStarted',
  submitted: 'submitted',
  resubmitted: 'resubmitted',
  verified: 'verified',
  rejected: 'rejected',
} as const satisfies Record<Status, string>;

/** A verification status (or decision) as a labelled badge. */
export function VerificationStatus({ status }: { status: Status }) {
  const t = useConsoleTranslate();
  return <StatusBadge tone={TONE[status]}>{t(`backoffice:verification.status.${KEY[status]}`)}</StatusBadge>;
}
