import { ApiError } from '@tessera/server/api-errors';
import type { ResponsibleRefusal } from '@tessera/shared/contract-api';

/** Refusal codes of player protection (README, "Refusals"); never renumber one. */
export const RESPONSIBLE_REFUSALS = {
  deposit_limit_reached: { errorCode: 1601, status: 422 },
  loss_limit_reached: { errorCode: 1602, status: 422 },
  wager_limit_reached: { errorCode: 1603, status: 422 },
  session_limit_reached: { errorCode: 1604, status: 403 },
  play_locked: { errorCode: 1605, status: 403 },
  cross_operator_limit_reached: { errorCode: 1606, status: 422 },
  cross_operator_unavailable: { errorCode: 1607, status: 503 },
  register_listed: { errorCode: 1608, status: 403 },
  register_unavailable: { errorCode: 1609, status: 503 },
  limit_type_unavailable: { errorCode: 1610, status: 403 },
  lock_unavailable: { errorCode: 1611, status: 403 },
  limits_required: { errorCode: 1612, status: 403 },
  // Jurisdiction rules (affordability.ts: NLKSA-NL-1; activity-file.ts: DEGGL-PP-1).
  affordability_check_required: { errorCode: 1620, status: 422 },
  parallel_play: { errorCode: 1621, status: 403 },
  activity_file_unavailable: { errorCode: 1622, status: 503 },
} as const;

/** A refusal code of player protection. */
export type ResponsibleRefusalCode = keyof typeof RESPONSIBLE_REFUSALS;

const messages: Record<ResponsibleRefusalCode, string> = {
  deposit_limit_reached: 'Deposit limit reached',
  loss_limit_reached: 'Loss limit reached',
  wager_limit_reached: 'Wager limit reached',
  session_limit_reached: 'Session time limit reached',
  play_locked: 'Play is locked on this account',
  cross_operator_limit_reached: 'Cross-operator deposit limit reached',
  cross_operator_unavailable: 'Deposits cannot be checked right now',
  register_listed: 'This person is on the self-exclusion register',
  register_unavailable: 'The self-exclusion register cannot be checked right now',
  limit_type_unavailable: 'This limit is not offered on this site',
  lock_unavailable: 'This is not offered on this site',
  limits_required: 'Set your limits before playing',
  affordability_check_required: 'Deposits past this amount wait for an affordability check',
  parallel_play: 'You are playing with another operator',
  activity_file_unavailable: 'Play cannot be checked right now',
};

/**
 * A refusal in the spec's error shape: `detail` starts with the code word then an English sentence (as the bets'
 * refusals), `error_code` the number, `responsible` what the page needs to explain it.
 */
export function responsibleRefusal(
  code: ResponsibleRefusalCode,
  sentence: string,
  details?: ResponsibleRefusal,
): ApiError {
  const { errorCode, status } = RESPONSIBLE_REFUSALS[code];
  const retryAfter = status === 503 ? { 'retry-after': '30' } : undefined;
  return new ApiError(
    status,
    messages[code],
    { detail: `${code}: ${sentence}`, error_code: errorCode, ...(details ? { responsible: details } : {}) },
    retryAfter,
  );
}
