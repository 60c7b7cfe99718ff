import { TranslationsContext } from '@tessera/shared/ui-theme';
import type { BackofficeConfigKey, BackofficeKey, TranslationValues } from '@tessera/shared/util-i18n';
import { useContext, useMemo } from 'react';

/** Translates a console key (`backoffice:area.element`); only keys of the English reference compile. */
export type ConsoleTranslate = (key: BackofficeKey | BackofficeConfigKey, values?: TranslationValues) => string;

/** The console's typed translate function, from the translations the providers hold. */
export function useConsoleTranslate(): ConsoleTranslate {
  const i18n = useContext(TranslationsContext);
  if (!i18n) throw new Error('console components need <ConsoleProviders>');
  return useMemo<ConsoleTranslate>(() => (key, values) => i18n.t(key, values ?? {}), [i18n]);
}
