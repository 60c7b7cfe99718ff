import type { BrandRegistry } from '@tessera/server/brand-registry';
import { siteVerifyCaptcha } from '@tessera/server/captcha';
import type { Database } from '@tessera/server/db';
import { createMessenger, unconfiguredSender } from '@tessera/server/messaging';
import { createServerSecrets, DEVELOPMENT_SECRET_KEY } from '@tessera/server/secrets';
import type { AccountsLogger, SessionContext } from './context';

/** What reading sessions outside the accounts module needs: the same server key and clock as the accounts. */
export interface SessionReaderOptions {
  database: Database;
  registry: BrandRegistry;
  mode: 'development' | 'test' | 'production';
  /** The server key the accounts sign user tokens with (ACCOUNT_SECRET_KEY); the development key without it. */
  secretKey?: string;
  clock: () => Date;
  log: AccountsLogger;
}

/**
 * A session context for modules that only read who is signed in (`requireSession`, `readSession`): player
 * protection, verification. It sends nothing: no message gateway, no captcha secret.
 */
export function sessionReader(options: SessionReaderOptions): SessionContext {
  return {
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
}
