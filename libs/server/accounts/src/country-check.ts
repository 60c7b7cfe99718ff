import type { RegistrationCountryCheck } from '@tessera/shared/util-config';
import { ApiError } from '@tessera/server/api-errors';
import { geoipCountryLookup, type IpCountryLookup } from './ip-country/ip-country';
import type { ResolvedBrand } from '@tessera/server/brand-registry';
import { requestBrand, type AccountsContext, type AccountsRequest } from './context';

/** How the declared country compares with the request's IP country. */
export type CountryOutcome = 'match' | 'mismatch' | 'unknown';

/**
 * The check of a registration that is let through, kept with the new account (`NewUser.countryCheck`; JSON, so a
 * registration held for its e-mail code carries it until the account is opened).
 */
export interface CountryCheck {
  declared: string;
  ipCountry: string | null;
  ip: string;
  outcome: CountryOutcome;
  /** The account needs its country verified before it is trusted. */
  flagged: boolean;
}

type Action = 'accept' | 'flag' | 'refuse';
const SEVERITY: Readonly<Record<Action, number>> = { accept: 0, flag: 1, refuse: 2 };

function actionOf(setting: RegistrationCountryCheck, outcome: CountryOutcome): Action {
  if (outcome === 'match') return 'accept';
  return outcome === 'mismatch' ? setting.mismatch : setting.unknown;
}

let defaultLookup: IpCountryLookup | undefined;

/** The context's lookup, else the offline geoip-country data (built once). */
function lookupOf(ctx: AccountsContext): IpCountryLookup {
  return ctx.ipCountry ?? (defaultLookup ??= geoipCountryLookup());
}

/**
 * Checks the country a registration declares (the resolved one: asked for, remembered, or the brand's default) against
 * the country of the request's IP address, under `registration.countryCheck` of the declared country, or of the IP's
 * country when the brand serves it and that one is stricter (ADR 0195). Refuses with 403 and the field `country`
 * before anything is written; otherwise answers what to keep with the account.
 */
export function checkRegistrationCountry(
  ctx: AccountsContext,
  request: AccountsRequest,
  resolved: ResolvedBrand,
): CountryCheck {
  const brand = requestBrand(request);
  const declared = resolved.country.toLowerCase();
  const ip = request.ip;
  const ipCountry = lookupOf(ctx).countryOf(ip) ?? null;
  const outcome: CountryOutcome = ipCountry === null ? 'unknown' : ipCountry === declared ? 'match' : 'mismatch';
  let action = actionOf(resolved.config.registration.countryCheck, outcome);
  if (ipCountry && ipCountry !== declared && brand.countries.includes(ipCountry)) {
    const there = actionOf(
      ctx.registry.resolve(brand.id, ipCountry, brand.defaultLanguage).config.registration.countryCheck,
      outcome,
    );
    if (SEVERITY[there] > SEVERITY[action]) action = there;
  }
  if (action === 'refuse') {
    ctx.log.info({ declared, ipCountry, outcome }, 'registration refused: the country does not match the connection');
    throw new ApiError(
      403,
      outcome === 'mismatch'
        ? 'Registration is not possible for this country from your location'
        : 'Registration is not possible from your connection',
      {
        detail:
          outcome === 'mismatch'
            ? 'The country you register with must be the country you are in. Choose your country of residence, or register from there'
            : 'We cannot tell which country your connection is in. Turn off any VPN or proxy and try again',
        validation_errors: [
          {
            field: 'country',
            message:
              outcome === 'mismatch'
                ? 'does not match the country of your connection'
                : 'cannot be checked from your connection',
          },
        ],
      },
    );
  }
  return { declared, ipCountry, ip, outcome, flagged: action === 'flag' };
}
