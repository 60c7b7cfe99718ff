import { translator, type Translate } from '@tessera/shared/util-i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

// The ui library may not reach the brand context (a data-access library), so it reads the request's i18next
// instance that BrandProvider hands to react-i18next.
export function useTranslate(): Translate {
  const { i18n } = useTranslation();
  return useMemo(() => translator(i18n), [i18n]);
}
