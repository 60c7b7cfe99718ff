import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import type { VerificationSection } from '@tessera/shared/util-config';
import type { DocumentStorage } from './document-storage';

/** What the verification services need: the database, the brands, the document storage and the clock. */
export interface VerificationContext {
  db: Database;
  registry: Pick<BrandRegistry, 'get' | 'resolve'>;
  storage: DocumentStorage;
  clock: () => Date;
}

/**
 * The brand's configuration in a country (the account's, which a verification may have replaced by the verified
 * one): the country when the brand serves it, else the brand's default country.
 */
export function resolvedFor(
  ctx: Pick<VerificationContext, 'registry'>,
  brandId: string,
  country: string,
): ReturnType<BrandRegistry['resolve']>['config'] {
  const brand = ctx.registry.get(brandId);
  if (!brand) throw new Error(`unknown brand ${brandId}`);
  const served = brand.countries.includes(country.toLowerCase()) ? country.toLowerCase() : brand.defaultCountry;
  return ctx.registry.resolve(brand.id, served, brand.defaultLanguage).config;
}

/** The `verification` section for a brand and country. */
export function verificationConfig(
  ctx: Pick<VerificationContext, 'registry'>,
  brandId: string,
  country: string,
): VerificationSection {
  return resolvedFor(ctx, brandId, country).verification;
}
