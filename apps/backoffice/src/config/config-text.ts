import { HTTPError } from '@tessera/shared/data-access-api';
import type { ConsoleTranslate } from '../app/use-console-translate';
import { errorMessage } from '../ui/error-message';

/** A refusal in the server's words, with its detail (which settings a role may not change, which rule broke). */
export function refusalText(t: ConsoleTranslate, error: unknown): string {
  if (error instanceof HTTPError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    const { message, detail } = error.body as { message?: string; detail?: string };
    if (message) return detail ? `${message}: ${detail}` : message;
  }
  return errorMessage(t, error);
}

/** The scope in words: “DE · every language”. */
export function scopeText(t: ConsoleTranslate, country: string | undefined, language: string | undefined): string {
  if (!country && !language) return t('backoffice-config:config.scope.all');
  return `${country ? country.toUpperCase() : t('backoffice-config:config.everyCountry')} · ${
    language ?? t('backoffice-config:config.everyLanguage')
  }`;
}
