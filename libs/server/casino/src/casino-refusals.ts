import { ApiError } from '@tessera/server/api-errors';

/** Refusal codes of casino rounds (README, "Refusals"); never renumber one. */
export const CASINO_REFUSALS = {
  round_id_taken: { errorCode: 1801, status: 409, message: 'This round id belongs to another round' },
  round_not_found: { errorCode: 1802, status: 404, message: 'Round not found' },
  round_settled: { errorCode: 1803, status: 409, message: 'The round is already settled' },
  round_step_mismatch: { errorCode: 1804, status: 409, message: 'The round has moved on' },
  round_open: { errorCode: 1805, status: 409, message: 'A round is still open' },
  above_balance: { errorCode: 1806, status: 422, message: 'The stake is above the balance' },
  game_not_found: { errorCode: 1807, status: 404, message: 'Game not found' },
  invalid_bet: { errorCode: 1808, status: 422, message: 'The game refuses this bet' },
  seed_not_revealed: { errorCode: 1809, status: 409, message: 'The server seed is not revealed yet' },
} as const;

/** A refusal code of casino rounds. */
export type CasinoRefusalCode = keyof typeof CASINO_REFUSALS;

/** A refusal in the spec's error shape: `detail` is the code word and a sentence, `error_code` the number. */
export function casinoRefusal(code: CasinoRefusalCode, sentence: string, field?: string): ApiError {
  const { errorCode, status, message } = CASINO_REFUSALS[code];
  return new ApiError(status, message, {
    detail: `${code}: ${sentence}`,
    error_code: errorCode,
    ...(field ? { validation_errors: [{ field, message: sentence }] } : {}),
  });
}
