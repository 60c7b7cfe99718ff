import { BetRefusal, REFUSALS, type RefusalCode } from '@tessera/server/bets';
import { ApiError } from '@tessera/server/api-errors';

const messages: Record<number, string> = {
  403: 'Not available',
  404: 'Not found',
  409: 'Conflict',
  422: 'Bet refused',
  503: 'Service unavailable',
};

/** An answer in the spec's error shape: `detail` starts with the code word, then an English sentence. */
export function refusal(code: RefusalCode, sentence: string): ApiError {
  const { errorCode, status } = REFUSALS[code];
  return new ApiError(status, messages[status] ?? 'Refused', { detail: `${code}: ${sentence}`, error_code: errorCode });
}

/** Runs a bets call, answering a {@link BetRefusal} of @tessera/server/bets in the spec's error shape. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BetRefusal) throw refusal(error.code, error.sentence);
    throw error;
  }
}
