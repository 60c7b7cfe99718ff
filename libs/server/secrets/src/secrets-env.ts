/** Server secrets read from the environment, kept apart from the plain settings (which are logged and tested as such). */
export interface ServerSecretSettings {
  /** ACCOUNT_SECRET_KEY: seals two-factor secrets, keys code hashes and user tokens. */
  accountSecretKey: string | undefined;
  /** PAYMENT_CALLBACK_SECRET: the HMAC key of the sandbox provider's signed callbacks. */
  paymentCallbackSecret: string | undefined;
  /** OPERATOR_TOKEN: the bearer token of the explain endpoint and /ready's details; unset, only loopback clients get them. */
  operatorToken: string | undefined;
}

/** The shortest secret production accepts (characters): 32, the length of 16 random bytes in hex. */
export const MIN_SECRET_LENGTH = 32;

/**
 * Reads the server secrets. Production refuses to start, naming every missing or too short variable, rather than
 * fall back to the public development key (docs/adr/0134); elsewhere an unset secret stays undefined and the
 * modules use their development defaults. An operator token is never shorter than {@link MIN_SECRET_LENGTH}.
 */
export function readSecrets(
  env: Readonly<Record<string, string | undefined>>,
  settings: { mode: 'development' | 'test' | 'production'; paymentProvider: 'none' | 'sandbox' },
): ServerSecretSettings {
  const secrets: ServerSecretSettings = {
    accountSecretKey: env['ACCOUNT_SECRET_KEY'] || undefined,
    paymentCallbackSecret: env['PAYMENT_CALLBACK_SECRET'] || undefined,
    operatorToken: env['OPERATOR_TOKEN'] || undefined,
  };
  if (secrets.operatorToken !== undefined && secrets.operatorToken.length < MIN_SECRET_LENGTH) {
    throw new Error(`OPERATOR_TOKEN is shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  if (settings.mode !== 'production') return secrets;
  const required: [string, string | undefined][] = [['ACCOUNT_SECRET_KEY', secrets.accountSecretKey]];
  if (settings.paymentProvider === 'sandbox') required.push(['PAYMENT_CALLBACK_SECRET', secrets.paymentCallbackSecret]);
  const problems = required
    .filter(([, value]) => value === undefined || value.length < MIN_SECRET_LENGTH)
    .map(([name, value]) =>
      value === undefined ? `${name} is not set` : `${name} is shorter than ${MIN_SECRET_LENGTH} characters`,
    );
  if (problems.length > 0) {
    throw new Error(
      `production needs its secrets: ${problems.join('; ')} (generate one with: node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))")`,
    );
  }
  return secrets;
}
