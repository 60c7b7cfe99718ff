import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAccountsModule, ssrSession, type AccountsModuleOptions } from '@tessera/server/accounts';
import type { SsrSession } from '@tessera/shared/contract-api';
import { accountRoutes } from '../account/account.routes';
import { COUNTRY_COOKIE } from '../config/site-context';
import { authRoutes } from './auth.routes';
import { captchaRoutes } from './captcha.routes';
import { socialRoutes } from './social.routes';
import type { Messenger } from '@tessera/server/messaging';

/** What {@link registerAccounts} needs: the accounts' settings (libs/server/accounts) but the request side. */
export type AccountsOptions = Omit<AccountsModuleOptions, 'log' | 'countryCookie'>;

/** Registers the accounts and security routes; answers the session identity for server-side rendering. */
export function registerAccounts(
  app: FastifyInstance,
  options: AccountsOptions,
): {
  sessionFor: (request: FastifyRequest) => Promise<SsrSession>;
  messageChannels: { email: boolean; sms: boolean };
  /** The accounts' messenger (its gateways and per-recipient limit), for other modules that tell a player something. */
  messenger: Messenger;
} {
  const { ctx, providers, devIdentity, messageChannels } = createAccountsModule({
    ...options,
    log: app.log,
    countryCookie: COUNTRY_COOKIE,
  });
  authRoutes(app, ctx);
  captchaRoutes(app, ctx);
  devIdentity?.register(app);
  socialRoutes(app, ctx, providers);
  accountRoutes(app, ctx);
  return { sessionFor: (request) => ssrSession(ctx, request), messageChannels, messenger: ctx.messenger };
}
