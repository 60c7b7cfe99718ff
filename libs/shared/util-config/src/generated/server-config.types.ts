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
     * Environment variable holding the provider's secret key.
     */
    secretKeyEnv?: string;
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
   * Countries refused at the edge (403) regardless of the public block page.
   *
   * Items: Country code.
   */
  geoBlockedCountries: string[];
}
