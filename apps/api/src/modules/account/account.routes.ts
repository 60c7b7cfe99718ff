import type { AccountsContext } from '@tessera/server/accounts';
import type { FastifyInstance } from 'fastify';
import { passwordRoutes } from './password.routes';
import { phoneRoutes } from './phone.routes';
import { secureQuestionRoutes } from './secure-question.routes';
import { sessionRoutes } from './sessions.routes';
import { twoFactorRoutes } from './two-factor.routes';

/** The security area: password, two-factor, sessions, secure question, phone add and phone change. */
export function accountRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  passwordRoutes(app, ctx);
  twoFactorRoutes(app, ctx);
  sessionRoutes(app, ctx);
  secureQuestionRoutes(app, ctx);
  phoneRoutes(app, ctx);
}
