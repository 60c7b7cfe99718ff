import type { BackofficeBrandsResponse } from '@tessera/shared/contract-api';
import { type Actor, type BackofficeContext, inScope } from './context';

/**
 * Every brand the operator may see: its countries, languages and the jurisdictions its countries name (each
 * country resolved as the site gets it), served; and every brand refused at start-up with its validation errors.
 */
export function brandsOverview(ctx: Pick<BackofficeContext, 'registry'>, actor: Actor): BackofficeBrandsResponse {
  const served = ctx.registry
    .brands()
    .filter((b) => inScope(actor.operator, b.id))
    .map((brand) => {
      const jurisdictions = new Set<string>();
      for (const country of brand.countries) {
        const licence = ctx.registry.resolve(brand.id, country, brand.defaultLanguage).config.licence;
        if (licence.jurisdiction) jurisdictions.add(licence.jurisdiction);
      }
      return {
        id: brand.id,
        name: brand.name,
        health: 'served' as const,
        countries: [...brand.countries],
        languages: [...brand.languages],
        jurisdictions: [...jurisdictions].sort(),
        errors: [],
      };
    });
  const refused = ctx.registry
    .refused()
    .filter((b) => inScope(actor.operator, b.id))
    .map((b) => ({
      id: b.id,
      name: b.id,
      health: 'refused' as const,
      countries: [],
      languages: [],
      jurisdictions: [],
      errors: b.errors,
    }));
  return { brands: [...served, ...refused].sort((a, b) => a.id.localeCompare(b.id)) };
}
