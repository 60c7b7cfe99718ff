import { translator, type Translate } from '@tessera/shared/util-i18n';
import { useContext, useMemo } from 'react';
import { TranslationsContext } from '@tessera/shared/ui-theme';

// The ui library may not reach the brand context (a data-access library), so it reads the request's translations
// that the app hands to TranslationsProvider.
export function useTranslate(): Translate {
  const i18n = useContext(TranslationsContext);
  if (!i18n)
    throw new Error('ui components need a <TranslationsProvider> (the app composes it beside the BrandProvider)');
  return useMemo(() => translator(i18n), [i18n]);
}
