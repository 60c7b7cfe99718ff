import { ApiError } from '@tessera/server/api-errors';
import { BetRefusal, REFUSALS, type RefusalCode } from './refusals';

/** The answer's `message` for each refusal status (docs/contracts/bets-api.md). */
const messages: Record<number, string> = {
  403: 'Not available',
  404: 'Not found',
  409: 'Conflict',
  422: 'Bet refused',
  503: 'Service unavailable',
};

/** A refusal as an answer in the spec's error shape: `detail` starts with the code word, then an English sentence. */
export function refusalAnswer(code: RefusalCode, sentence: string): ApiError {
  const { errorCode, status } = REFUSALS[code];
  return new ApiError(status, messages[status] ?? 'Refused', { detail: `${code}: ${sentence}`, error_code: errorCode });
}

/** Runs a bets or wallet call, turning a {@link BetRefusal} into its answer ({@link refusalAnswer}). */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BetRefusal) throw refusalAnswer(error.code, error.sentence);
    throw error;
  }
}
