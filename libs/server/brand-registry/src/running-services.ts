import { configuredCaptchaSecrets } from './captcha-overrides';
import { configuredSocialProviders, type PlatformServices } from './platform-overrides';
import type { BrandRegistry } from './types';

/** What a running server's modules found at start-up, and where it reads the secrets its brands name. */
export interface RunningServer {
  registry: Pick<BrandRegistry, 'serverConfig'>;
  production: boolean;
  /** Where the secrets named in server.json are read (captcha.secretKeyEnv). */
  environment: Readonly<Record<string, string | undefined>>;
  /** A trading desk decides VIP bets (ADR 0136). */
  vipDesk: boolean;
  /** A payment provider takes deposits. */
  payments: boolean;
  /** The channels a message gateway delivers on (ADR 0220). */
  messageChannels: { email: boolean; sms: boolean };
  /** Social sign-in providers a test passes for every brand (stand-ins of real OAuth clients). */
  socialStandIns?: readonly string[];
}

/**
 * The services of a running server (ADR 0140): what its modules found, the captcha each brand can have verified
 * here (hCaptcha and reCAPTCHA need their secret, else the built-in check, ADR 0210), and in production only the
 * social providers a brand's server.json configures (or a test's stand-ins); elsewhere the development identity
 * provider serves every provider a brand lists (identity README of libs/server/accounts, "Per-brand configuration").
 */
export function runningServerServices(server: RunningServer): PlatformServices {
  const serverConfig = (brandId: string) => server.registry.serverConfig(brandId);
  const captchaSecrets = configuredCaptchaSecrets(serverConfig, server.environment);
  const configuredSocial = configuredSocialProviders(serverConfig);
  const standIns = server.socialStandIns ?? [];
  return {
    vipDesk: server.vipDesk,
    payments: server.payments,
    sms: server.messageChannels.sms,
    email: server.messageChannels.email,
    ...(server.production
      ? { socialProviders: (brandId: string) => new Set([...configuredSocial(brandId), ...standIns]) }
      : {}),
    captchaVerifiable: (brandId: string) => captchaSecrets(brandId) !== undefined,
  };
}
