import { ApiError } from '@tessera/server/api-errors';
import type { BrandRegistry } from '@tessera/server/brand-registry';
import { selectCountry } from '@tessera/server/site-config';
import type { AccountsContext } from './context';

/**
 * The `siteFor` of the accounts context: the country asked for (400 naming the brand's countries when it does not
 * serve it), else the one remembered in the country cookie, else the brand's default; always the default language.
 */
export function siteForCountry(registry: BrandRegistry, countryCookie: string): AccountsContext['siteFor'] {
  return (request, brand, country) => {
    const selected = selectCountry(brand, country?.toLowerCase(), request.cookies[countryCookie]);
    if (selected.kind === 'not-served') {
      throw new ApiError(400, 'Invalid request', {
        validation_errors: [
          { field: 'country', message: `must be one of the site's countries: ${brand.countries.join(', ')}` },
        ],
      });
    }
    return registry.resolve(brand.id, selected.country, brand.defaultLanguage);
  };
}
