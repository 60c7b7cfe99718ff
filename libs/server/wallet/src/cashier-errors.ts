import { ApiError } from '@tessera/server/api-errors';

/**
 * The cashier's refusals (libs/server/wallet README, "Refusals"): numeric error_code and HTTP status, never renumbered.
 * The answer's `detail` starts with the code word, as the bets refusals do, so the page can explain it.
 */
export const CASHIER_REFUSALS = {
  withdrawal_below_minimum: { errorCode: 1300, status: 422 },
  above_withdrawable: { errorCode: 1301, status: 422 },
  withdrawal_method_invalid: { errorCode: 1302, status: 422 },
  withdrawal_not_found: { errorCode: 1303, status: 404 },
  withdrawal_not_cancellable: { errorCode: 1304, status: 409 },
  withdrawal_cancel_disabled: { errorCode: 1305, status: 403 },
  withdrawal_not_waiting: { errorCode: 1306, status: 409 },
  currency_not_offered: { errorCode: 1310, status: 422 },
  currency_account_exists: { errorCode: 1311, status: 409 },
  currency_account_not_found: { errorCode: 1312, status: 404 },
  currency_account_not_empty: { errorCode: 1313, status: 409 },
  currency_account_active: { errorCode: 1314, status: 409 },
  currency_accounts_disabled: { errorCode: 1315, status: 403 },
  transfer_invalid: { errorCode: 1316, status: 422 },
  above_balance: { errorCode: 1317, status: 422 },
  rate_unavailable: { errorCode: 1318, status: 503 },
  quote_expired: { errorCode: 1319, status: 409 },
} as const satisfies Record<string, { errorCode: number; status: number }>;

/** A cashier refusal code. */
export type CashierRefusalCode = keyof typeof CASHIER_REFUSALS;

const messages: Record<number, string> = {
  403: 'Not available',
  404: 'Not found',
  409: 'Conflict',
  422: 'Refused',
  503: 'Service unavailable',
};

/** A refusal in the spec's error shape: `detail` is "<code>: <sentence>", with a field when one is at fault. */
export function cashierRefusal(code: CashierRefusalCode, sentence: string, field?: string): ApiError {
  const { errorCode, status } = CASHIER_REFUSALS[code];
  return new ApiError(status, messages[status] ?? 'Refused', {
    detail: `${code}: ${sentence}`,
    error_code: errorCode,
    ...(field ? { validation_errors: [{ field, message: sentence }] } : {}),
  });
}
