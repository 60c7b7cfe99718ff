import type { Database } from '@tessera/server/db';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { createMessenger, unconfiguredSender } from '../../providers/messaging';
import { siteVerifyCaptcha } from '../auth/captcha';
import type { AccountsContext } from '../auth/context';
import { createServerSecrets, DEVELOPMENT_SECRET_KEY } from '../auth/secrets';
import { readSession, requireSession } from '../auth/sessions';
import { COUNTRY_COOKIE } from '../config/site-context';
import { selectCountry } from '../config/brand-selection';
import type { BrandRegistry, ResolvedBrand } from '../config/brand-registry.port';
import { betRulesFor, type BetRules, type Bettor } from '@tessera/server/bets';

/** The signed-in bettor of a request with the bet rules of their brand and country. */
export interface BettorContext {
  bettor: Bettor;
  rules: BetRules;
  /** The resolved site configuration the rules come from (office pages, ...). */
  config: ResolvedBrand['config'];
}

/** What reading the bettor needs: the accounts module's session rules with the same server key. */
export interface BettorLookupOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  secretKey?: string;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Reads the session as the accounts module does (cookie or bearer service token; `requireSession` answers 401) and
 * the rules that apply: the user's registration country when the brand serves it, else the brand's default country.
 * The accounts context is built here from the same key because registerAccounts does not hand its own out; sessions
 * only read it (no message or captcha is ever sent from here).
 */
export function createBettorLookup(options: BettorLookupOptions): {
  bettorOf: (request: FastifyRequest) => Promise<BettorContext>;
  rulesFor: (brandId: string, country?: string) => BetRules;
  /**
   * The rules of a request that may come from a guest (the open coupon calls): the signed-in bettor's country, else
   * the country the visitor chose (its cookie), else the brand's default; undefined when the request found no brand.
   */
  rulesOfRequest: (request: FastifyRequest) => Promise<BetRules | undefined>;
} {
  const ctx: AccountsContext = {
    db: options.database,
    registry: options.registry,
    secrets: createServerSecrets(options.secretKey || DEVELOPMENT_SECRET_KEY),
    messenger: createMessenger({ sender: unconfiguredSender(), database: options.database, clock: options.clock }),
    captcha: siteVerifyCaptcha(),
    captchaSecret: () => undefined,
    clock: options.clock,
    mode: options.mode,
    log: options.log,
  };
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
    rulesOfRequest: async (request) => {
      if (request.brandSelection.kind !== 'found') return undefined;
      const brand = request.brandSelection.brand;
      const auth = await readSession(ctx, request);
      if (auth) return rulesFor(brand.id, auth.user.country);
      const chosen = selectCountry(brand, undefined, request.cookies[COUNTRY_COOKIE]);
      return rulesFor(brand.id, chosen.kind === 'ok' ? chosen.country : brand.defaultCountry);
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
