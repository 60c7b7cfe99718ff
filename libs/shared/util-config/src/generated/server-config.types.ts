/* eslint-disable */
// GENERATED FILE, DO NOT EDIT. Types of the server-only brand settings (server.json).
// Source: schemas/*.schema.json. Regenerate with `npm run codegen`; `npm run codegen:check` fails when this drifts.

/**
 * Server-only settings of a brand (brands/<id>/server.json). Never sent to the browser. Secrets are not written here either: only the names of the environment variables that hold them.
 */
export interface ServerConfig {
  /**
   * Editor hint: path of the JSON Schema this file follows.
   */
  $schema?: string;
  /**
   * Server-side captcha verification.
   */
  captcha: {
    /**
     * Name of the environment variable holding the hCaptcha or reCAPTCHA secret key, with which every token is checked by the provider's siteverify. Unset or empty: the platform switches the brand to the built-in altcha check, explained as layer platform (ADR 0210).
     */
    secretKeyEnv?: string;
  };
  /**
   * Real social sign-in providers of the brand, by provider id (the ids auth.social.providers offers). The server builds them at start-up and refuses to start when a provider's secret variable is not set; a provider offered but not configured here works only through the development provider outside production.
   */
  socialProviders: {
    /**
     * One OAuth 2.0 / OpenID Connect provider (authorisation code with PKCE).
     */
    [k: string]: {
      /**
       * The provider's authorisation endpoint, where the browser is sent.
       */
      authorizeUrl: string;
      /**
       * The provider's token endpoint (code and PKCE verifier for an access token).
       */
      tokenUrl: string;
      /**
       * The provider's user-info endpoint (answers sub or id, and optionally email and name).
       */
      userInfoUrl: string;
      /**
       * The client id the provider issued to this brand.
       */
      clientId: string;
      /**
       * Name of the environment variable holding the client secret (the secret itself never goes in brand files).
       */
      clientSecretEnv: string;
      /**
       * Scopes asked for, space-separated (for example: openid email profile).
       */
      scope: string;
      /**
       * Deadline of each call to the provider's token and user-info endpoints, in milliseconds.
       */
      timeoutMs: number;
    };
  };
  /**
   * Session cookies.
   */
  session: {
    /**
     * Lifetime of a session.
     */
    ttlMinutes: number;
    /**
     * Cookie domain; absent means the request host.
     */
    cookieDomain?: string;
  };
  /**
   * Request rate limits per client.
   */
  rateLimits: {
    /**
     * Sign-in attempts per minute.
     */
    loginPerMinute: number;
    /**
     * API requests per minute.
     */
    apiPerMinute: number;
  };
  /**
   * How the brand's e-mail and SMS are signed when the server has a gateway (apps/api/src/providers/messaging). Absent values use the platform's (SMTP_FROM, SMS_SENDER_ID).
   */
  messaging: {
    /**
     * The sender of the brand's e-mail: an address, or a name and an address (PolarBet <no-reply@polarbet.example>).
     */
    emailFrom?: string;
    /**
     * The sender id of the brand's SMS: up to 11 letters, digits and spaces, or a phone number.
     */
    smsSenderId?: string;
  };
  /**
   * Countries refused at the edge (403) regardless of the public block page.
   *
   * Items: Country code.
   */
  geoBlockedCountries: string[];
  /**
   * The operators' console's rules for this brand (libs/server/backoffice README).
   */
  backoffice: {
    /**
     * Per currency, the largest withdrawal one operator may approve alone; above it a second, different operator must approve too (four-eyes). A currency not listed uses 1000.
     */
    withdrawalFourEyesAbove: {
      /**
       * Major units of that currency.
       */
      [k: string]: number;
    };
    /**
     * Per currency, the largest manual balance adjustment (credit or debit) one operator may make alone; above it the adjustment waits until a second, different operator approves it (four-eyes, ADR 0356). A currency not listed uses 500.
     */
    adjustmentFourEyesAbove: {
      /**
       * Major units of that currency.
       */
      [k: string]: number;
    };
    /**
     * Sections of the site configuration whose console changes a second, different operator must approve before they are published (four-eyes, ADR 0310). A change touching any of them waits for that approval.
     *
     * Items: A section of the site configuration: a top-level key of site-config.schema.json (coupon, responsible, ...).
     */
    configFourEyesSections: string[];
  };
}
