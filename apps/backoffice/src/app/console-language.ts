import type { PlatformLanguage } from '@tessera/shared/util-i18n';

/** Where the operator's language choice is kept between visits (this browser only). */
export const LANGUAGE_STORAGE_KEY = 'tessera.backoffice.language';

/** The console's languages: every platform language, in the order the switcher lists them. */
export const CONSOLE_LANGUAGES: readonly PlatformLanguage[] = ['en', 'de', 'ru', 'ar', 'fa'];

/** True for a language the console has copy for. */
export function isConsoleLanguage(value: string | null | undefined): value is PlatformLanguage {
  return typeof value === 'string' && (CONSOLE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to start in: the one chosen before, else the first of the browser's languages the console has
 * (by primary subtag: `de-AT` is German), else English.
 */
export function pickLanguage(stored: string | null, preferred: readonly string[]): PlatformLanguage {
  if (isConsoleLanguage(stored)) return stored;
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isConsoleLanguage(primary)) return primary;
  }
  return 'en';
}
