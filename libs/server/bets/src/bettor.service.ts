import {
  readSession,
  requireSession,
  sessionReader,
  type AccountsRequest,
  type SessionReaderOptions,
} from '@tessera/server/accounts';
import type { ResolvedBrand } from '@tessera/server/brand-registry';
import { selectCountry } from '@tessera/server/site-config';
import { betRulesFor, type BetRules } from './bets.config';
import type { Bettor } from './bets.service';
import type { CouponSite } from './coupon.service';

/** The signed-in bettor of a request with the bet rules of their brand and country. */
export interface BettorContext {
  bettor: Bettor;
  rules: BetRules;
  /** The resolved site configuration the rules come from (office pages, ...). */
  config: ResolvedBrand['config'];
}

/** What reading the bettor needs: the accounts' session rules with the same server key. */
export interface BettorLookupOptions extends SessionReaderOptions {
  /** The cookie that remembers the country a visitor chose (apps/api's site context). */
  countryCookie: string;
}

/** Who is betting, and under which rules. */
export interface BettorLookup {
  /** The signed-in bettor (401 without a session) and the rules of their brand and registration country. */
  bettorOf: (request: AccountsRequest) => Promise<BettorContext>;
  /** The rules of a brand in a country it serves, else in its default country. */
  rulesFor: (brandId: string, country?: string) => BetRules;
  /**
   * The brand and rules of a request that may come from a guest (the open coupon calls): the signed-in bettor's
   * country, else the country the visitor chose (its cookie), else the brand's default; undefined without a brand.
   */
  siteOfRequest: (request: AccountsRequest) => Promise<CouponSite | undefined>;
}

/**
 * Reads the session as the accounts do (cookie or bearer service token; `requireSession` answers 401) and the rules
 * that apply: the user's registration country when the brand serves it, else the brand's default country. The
 * session context is the accounts' session reader over the same key (no message or captcha is ever sent from here).
 */
export function createBettorLookup(options: BettorLookupOptions): BettorLookup {
  const ctx = sessionReader(options);
  const configFor = (brandId: string, country?: string): ResolvedBrand['config'] => {
    const brand = options.registry.get(brandId);
    if (!brand) throw new Error(`unknown brand ${brandId}`);
    const served =
      country && brand.countries.includes(country.toLowerCase()) ? country.toLowerCase() : brand.defaultCountry;
    return options.registry.resolve(brand.id, served, brand.defaultLanguage).config;
  };
  const rulesFor = (brandId: string, country?: string): BetRules => betRulesFor(configFor(brandId, country));
  return {
    rulesFor,
    siteOfRequest: async (request) => {
      if (request.brandSelection.kind !== 'found') return undefined;
      const brand = request.brandSelection.brand;
      const auth = await readSession(ctx, request);
      if (auth) return { brandId: brand.id, rules: rulesFor(brand.id, auth.user.country) };
      const chosen = selectCountry(brand, undefined, request.cookies[options.countryCookie]);
      return {
        brandId: brand.id,
        rules: rulesFor(brand.id, chosen.kind === 'ok' ? chosen.country : brand.defaultCountry),
      };
    },
    bettorOf: async (request) => {
      const { user } = await requireSession(ctx, request);
      const config = configFor(user.brand_id, user.country);
      return {
        bettor: { brandId: user.brand_id, userId: user.id, currency: user.currency },
        rules: betRulesFor(config),
        config,
      };
    },
  };
}
