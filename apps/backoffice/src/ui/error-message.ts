import {
  ForbiddenError,
  HTTPError,
  NetworkError,
  NotFoundError,
  RequestTimeoutError,
} from '@tessera/shared/data-access-api';
import type { ConsoleTranslate } from '../app/use-console-translate';

/**
 * What a failed call says to the operator: refusals the server explains (a conflict, a rule) in the server's words
 * (the error shape's `message` is written to be shown), the rest in the console's language.
 */
export function errorMessage(t: ConsoleTranslate, error: unknown): string {
  if (error instanceof ForbiddenError) return t('backoffice:state.forbidden');
  if (error instanceof NotFoundError) return t('backoffice:state.notFound');
  if (error instanceof HTTPError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return error.body.message ?? t('backoffice:state.error');
  }
  if (error instanceof NetworkError || error instanceof RequestTimeoutError) return t('backoffice:state.offline');
  return t('backoffice:state.error');
}
