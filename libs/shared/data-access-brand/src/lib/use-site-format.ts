import { createSiteFormat, type SiteFormat } from '@tessera/shared/util-format';
import { useMemo } from 'react';
import { useBrand } from './brand-context';

/**
 * Money and moments as this brand and page language write them (`global.amountTemplate(s)`, `dateFormat`,
 * `timeFormat`, `timezone`, the currencies' symbols, the language's separators): the one formatter of every page.
 */
export function useSiteFormat(): SiteFormat {
  const { config, language } = useBrand();
  return useMemo(() => createSiteFormat(config.global, language), [config.global, language]);
}
