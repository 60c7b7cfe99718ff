import { randomUUID } from 'node:crypto';
import { stripHiddenCharacters } from '@tessera/account/util-validation';
import { ApiError } from '@tessera/server/api-errors';
import { randomToken, safeEqual, tokenHash } from '@tessera/server/secrets';
import type { OAuthCallbackQuery, OAuthStartQuery } from '@tessera/shared/contract-api';
import { findUserBySocial, insertUser, recordEvent } from './accounts.repository';
import { ageConfirmationMissing, type AgeEvidence } from './age';
import {
  cookieDefaults,
  requestBrand,
  requestConfig,
  requestMeta,
  type AccountsContext,
  type AccountsReply,
  type AccountsRequest,
} from './context';
import { checkRegistrationCountry } from './country-check';
import { IdentityProviderError, pkcePair, type IdentityProvider } from './identity/identity-provider';
import { finishFirstFactor } from './login.service';

/** Binds the OAuth state to the browser that started the sign-in (login CSRF defence). */
export const OAUTH_STATE_COOKIE = 'tessera_oauth_state';
const stateTtlMs = 10 * 60_000;

/** Finds a brand's provider for an id: the brand's configured ones first, else (outside production) the development provider. */
export type ProviderLookup = (brandId: string, id: string) => IdentityProvider | undefined;

/** What the start saved for the callback, under the state's hash. */
interface SavedState {
  verifier: string;
  currency: string | null;
  country: string | null;
  ageConfirmedAt?: string;
  minAge?: number;
}

function callbackUri(request: AccountsRequest, provider: string): string {
  return `${request.protocol}://${request.host}/web-api/socauth/${provider}/callback`;
}

/** The provider of an id when the brand (in the country asked for) enables social sign-in with it; 404 otherwise. */
function enabledProvider(
  ctx: AccountsContext,
  providers: ProviderLookup,
  request: AccountsRequest,
  id: string,
  country?: string,
): IdentityProvider {
  const social = requestConfig(ctx, request, country).config.auth.social;
  const provider =
    social.enabled && (social.providers as string[]).includes(id) ? providers(requestBrand(request).id, id) : undefined;
  if (!provider) throw new ApiError(404, 'This sign-in method is not available');
  return provider;
}

/**
 * Starts a social sign-in: checks the provider is enabled and, when the provider may answer for a person without an
 * account, that the age is confirmed now (README, "Every registration states the minimum age"); saves the state with the PKCE verifier and sets the state
 * cookie. Answers where to send the browser.
 */
export async function startSocialSignIn(
  ctx: AccountsContext,
  providers: ProviderLookup,
  request: AccountsRequest,
  reply: AccountsReply,
  providerId: string,
  query: OAuthStartQuery,
): Promise<string> {
  const brand = requestBrand(request);
  const provider = enabledProvider(ctx, providers, request, providerId, query.country);
  const { registration } = requestConfig(ctx, request, query.country).config;
  // The provider may answer for a person without an account here: opening one needs the age confirmation now,
  // before the browser leaves the site (README, "Every registration states the minimum age"). It travels in the state to the callback that creates the account.
  const mayRegister = registration.enabled && registration.variants.social?.enabled === true;
  if (mayRegister && query.age_confirmed !== true) throw ageConfirmationMissing(registration.minAge);
  const state = randomToken();
  const pkce = pkcePair();
  const now = ctx.clock();
  const age = query.age_confirmed === true ? { ageConfirmedAt: now.toISOString(), minAge: registration.minAge } : {};
  await ctx.db.query(
    `insert into accounts_codes (id, brand_id, purpose, recipient, code_hash, payload, max_attempts, created_at, expires_at)
     values ($1, $2, 'oauth-state', $3, $4, $5, 1, $6, $7)`,
    [
      randomUUID(),
      brand.id,
      provider.id,
      tokenHash(state),
      JSON.stringify({
        verifier: pkce.verifier,
        currency: query.currency ?? null,
        country: query.country ?? null,
        ...age,
      }),
      now,
      new Date(now.getTime() + stateTtlMs),
    ],
  );
  reply.setCookie(OAUTH_STATE_COOKIE, state, { ...cookieDefaults, maxAge: stateTtlMs / 1000 });
  return provider.authorizationUrl({
    state,
    redirectUri: callbackUri(request, provider.id),
    codeChallenge: pkce.challenge,
  });
}

/**
 * Finishes a social sign-in at the provider's redirect: the state must match the browser's cookie and a saved,
 * unexpired, unused state; the code is traded for the identity; an unknown identity registers (variant social, the
 * age confirmed at the start for a minimum age still in force). Answers where to send the browser: the site, the
 * welcome page of a new account, or the second step with its token in the fragment.
 */
export async function finishSocialSignIn(
  ctx: AccountsContext,
  providers: ProviderLookup,
  request: AccountsRequest,
  reply: AccountsReply,
  providerId: string,
  query: OAuthCallbackQuery,
): Promise<string> {
  const brand = requestBrand(request);
  const provider = enabledProvider(ctx, providers, request, providerId);
  const { code, state } = query;
  const cookieState = request.cookies[OAUTH_STATE_COOKIE];
  reply.clearCookie(OAUTH_STATE_COOKIE, { ...cookieDefaults });
  if (!code || !state || !cookieState || !safeEqual(state, cookieState))
    throw new ApiError(400, 'The sign-in could not be completed', { detail: 'Start the sign-in again' });
  const now = ctx.clock();
  const { rows } = await ctx.db.query<{ payload: SavedState }>(
    `update accounts_codes set consumed_at = $4 where brand_id = $1 and purpose = 'oauth-state' and recipient = $2 and code_hash = $3
       and consumed_at is null and expires_at > $4 returning payload`,
    [brand.id, provider.id, tokenHash(state), now],
  );
  const saved = rows[0]?.payload;
  if (!saved) throw new ApiError(400, 'The sign-in could not be completed', { detail: 'Start the sign-in again' });
  let identity;
  try {
    identity = await provider.exchange({
      code,
      redirectUri: callbackUri(request, provider.id),
      codeVerifier: saved.verifier,
    });
  } catch (error) {
    if (!(error instanceof IdentityProviderError) && !(error instanceof Error && error.name === 'TimeoutError'))
      throw error;
    request.log.warn({ err: error, provider: provider.id }, 'social sign-in refused by the provider');
    throw new ApiError(502, 'The sign-in could not be completed', {
      detail: 'The provider did not confirm the sign-in',
    });
  }
  let user = await findUserBySocial(ctx.db, brand.id, provider.id, identity.subject);
  let created = false;
  const resolved = requestConfig(ctx, request, saved.country ?? undefined);
  if (!user) {
    const { registration, global } = resolved.config;
    if (!registration.enabled || !registration.variants.social?.enabled)
      throw new ApiError(403, 'This registration method is not available', {
        detail: 'Variant social is switched off',
      });
    // Confirmed at the start, for the minimum age then in force; a stricter one since asks again.
    if (!saved.ageConfirmedAt || (saved.minAge ?? 0) < registration.minAge)
      throw ageConfirmationMissing(registration.minAge);
    const age: AgeEvidence = {
      method: 'confirmation',
      minAge: saved.minAge ?? registration.minAge,
      at: saved.ageConfirmedAt,
    };
    const wanted = (saved.currency ?? global.defaultCurrency).toUpperCase();
    const currency = global.currencies[wanted] && !global.currencies[wanted]?.hide ? wanted : global.defaultCurrency;
    // The callback comes from the person's browser: its address is where they register from (ADR 0195).
    const countryCheck = checkRegistrationCountry(ctx, request, resolved);
    user = await insertUser(
      ctx.db,
      {
        brandId: brand.id,
        passwordHash: null,
        currency,
        country: resolved.country,
        countryCheck,
        firstName: identity.name ? stripHiddenCharacters(identity.name).trim().slice(0, 100) || null : null,
        variant: 'social',
        socialProvider: provider.id,
        socialSubject: identity.subject,
      },
      now,
    );
    if (!user) throw new ApiError(409, 'The account is already being created', { detail: 'Try again' });
    created = true;
    const meta = requestMeta(request);
    await recordEvent(
      ctx.db,
      {
        brandId: brand.id,
        userId: user.id,
        kind: 'registration',
        ip: meta.ip,
        userAgent: meta.userAgent,
        detail: { variant: 'social', provider: provider.id, age },
      },
      now,
    );
  }
  const result = await finishFirstFactor(ctx, request, reply, user, `social:${provider.id}`);
  const language = resolved.language;
  // A fragment never reaches servers or their logs: the page reads it and asks for the app code.
  if (result.status === 'two_factor_required')
    return `/${language}#two_factor_token=${encodeURIComponent(result.two_factor_token)}`;
  // A new account sees the welcome page (welcome modal, then registration.redirectAfter), like the registration form.
  return created ? `/${language}/welcome` : `/${language}`;
}
