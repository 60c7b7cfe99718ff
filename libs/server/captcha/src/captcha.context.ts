import type { Queryable } from '@tessera/server/db';
import type { ServerSecrets } from '@tessera/server/secrets';

/** Checks a captcha token with its provider. Throws when the provider cannot be reached. */
export interface CaptchaVerifier {
  verify(input: { type: 'hcaptcha' | 'grecaptcha'; secret: string; token: string; ip: string }): Promise<boolean>;
}

/** What the captcha services need; the accounts context is one. */
export interface CaptchaContext {
  db: Queryable;
  secrets: Pick<ServerSecrets, 'sign' | 'keyedHash'>;
  /** The siteverify client for hCaptcha and reCAPTCHA. */
  captcha: CaptchaVerifier;
  /** The brand's hCaptcha or reCAPTCHA secret on this server (server.json captcha.secretKeyEnv), if set (ADR 0210). */
  captchaSecret: (brandId: string) => string | undefined;
  clock: () => Date;
  log: { warn(details: object, message: string): void };
}

/** What the captcha check reads of a request: the `x-captcha-token` header and the client address. */
export interface CaptchaRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  ip: string;
}

/** What the captcha check reads of a brand's resolved configuration. */
export interface CaptchaBrand {
  brandId: string;
  config: { captcha: { type?: string; actions: readonly string[] } };
}
