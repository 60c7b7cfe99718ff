import { randomUUID } from 'node:crypto';
import { stripHiddenCharacters } from '@tessera/account/util-validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import { ref } from '../../http/api-schemas';
import { cookieDefaults } from '../../http/site-context';
import {
  type AccountsContext,
  ageConfirmationMissing,
  type AgeEvidence,
  checkRegistrationCountry,
  findUserBySocial,
  finishFirstFactor,
  type IdentityProvider,
  IdentityProviderError,
  insertUser,
  pkcePair,
  recordEvent,
  requestBrand,
  requestConfig,
  requestMeta,
} from '@tessera/server/accounts';
import { accountsRef } from './accounts.schemas';
import { randomToken, safeEqual, tokenHash } from '@tessera/server/secrets';

/** Binds the OAuth state to the browser that started the sign-in (login CSRF defence). */
export const OAUTH_STATE_COOKIE = 'tessera_oauth_state';
const stateTtlMs = 10 * 60_000;

/** Finds a brand's provider for an id: the brand's configured ones first, else (outside production) the development provider. */
export type ProviderLookup = (brandId: string, id: string) => IdentityProvider | undefined;

function callbackUri(request: FastifyRequest, provider: string): string {
  return `${request.protocol}://${request.host}/web-api/socauth/${provider}/callback`;
}

/** Social sign-in and registration: `GET /web-api/socauth/:provider/start`, then the provider's redirect back. */
export function socialRoutes(app: FastifyInstance, ctx: AccountsContext, providers: ProviderLookup): void {
  const tags = ['auth'];

  const enabledProvider = (request: FastifyRequest, id: string, country?: string): IdentityProvider => {
    const social = requestConfig(ctx, request, country).config.auth.social;
    const provider =
      social.enabled && (social.providers as string[]).includes(id)
        ? providers(requestBrand(request).id, id)
        : undefined;
    if (!provider) throw new ApiError(404, 'This sign-in method is not available');
    return provider;
  };

  app.get<{
    Params: { provider: string };
    Querystring: { currency?: string; country?: string; age_confirmed?: boolean };
  }>(
    '/web-api/socauth/:provider/start',
    {
      schema: {
        summary: 'Start social sign-in: redirects to the provider',
        tags,
        querystring: accountsRef('auth/oauth-start-query'),
        response: { 404: ref('error'), 422: ref('error') },
      },
    },
    async (request, reply) => {
      const brand = requestBrand(request);
      const provider = enabledProvider(request, request.params.provider, request.query.country);
      const { registration } = requestConfig(ctx, request, request.query.country).config;
      // The provider may answer for a person without an account here: opening one needs the age confirmation now,
      // before the browser leaves the site (ADR 0170). It travels in the state to the callback that creates the account.
      const mayRegister = registration.enabled && registration.variants.social?.enabled === true;
      if (mayRegister && request.query.age_confirmed !== true) throw ageConfirmationMissing(registration.minAge);
      const state = randomToken();
      const pkce = pkcePair();
      const now = ctx.clock();
      const age =
        request.query.age_confirmed === true ? { ageConfirmedAt: now.toISOString(), minAge: registration.minAge } : {};
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
            currency: request.query.currency ?? null,
            country: request.query.country ?? null,
            ...age,
          }),
          now,
          new Date(now.getTime() + stateTtlMs),
        ],
      );
      reply.setCookie(OAUTH_STATE_COOKIE, state, { ...cookieDefaults, maxAge: stateTtlMs / 1000 });
      reply.header('cache-control', 'no-store');
      return reply.redirect(
        provider.authorizationUrl({
          state,
          redirectUri: callbackUri(request, provider.id),
          codeChallenge: pkce.challenge,
        }),
        302,
      );
    },
  );

  app.get<{ Params: { provider: string }; Querystring: { code?: string; state?: string; error?: string } }>(
    '/web-api/socauth/:provider/callback',
    {
      schema: {
        summary: 'The provider redirects back here; signs in or registers, then redirects into the site',
        tags,
        querystring: accountsRef('auth/oauth-callback-query'),
        response: { 400: ref('error'), 403: ref('error'), 404: ref('error'), 502: ref('error') },
      },
    },
    async (request, reply) => {
      const brand = requestBrand(request);
      const provider = enabledProvider(request, request.params.provider);
      const { code, state } = request.query;
      const cookieState = request.cookies[OAUTH_STATE_COOKIE];
      reply.clearCookie(OAUTH_STATE_COOKIE, { ...cookieDefaults });
      if (!code || !state || !cookieState || !safeEqual(state, cookieState))
        throw new ApiError(400, 'The sign-in could not be completed', { detail: 'Start the sign-in again' });
      const now = ctx.clock();
      const { rows } = await ctx.db.query<{
        payload: {
          verifier: string;
          currency: string | null;
          country: string | null;
          ageConfirmedAt?: string;
          minAge?: number;
        };
      }>(
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
        const currency =
          global.currencies[wanted] && !global.currencies[wanted]?.hide ? wanted : global.defaultCurrency;
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
      reply.header('cache-control', 'no-store');
      const language = resolved.language;
      if (result.status === 'two_factor_required') {
        // A fragment never reaches servers or their logs: the page reads it and asks for the app code.
        return reply.redirect(`/${language}#two_factor_token=${encodeURIComponent(result.two_factor_token)}`, 302);
      }
      // A new account sees the welcome page (welcome modal, then registration.redirectAfter), like the registration form.
      const target = created ? `/${language}/welcome` : `/${language}`;
      return reply.redirect(target, 302);
    },
  );
}
