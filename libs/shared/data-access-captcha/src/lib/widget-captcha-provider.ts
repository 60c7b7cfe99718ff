import type { CaptchaConfig, CaptchaKind, CaptchaProvider } from './captcha.types';
import { loadScriptGlobal, SCRIPT_POLL } from './script-loader';

/** The part of the hCaptcha and reCAPTCHA browser APIs the provider uses; both share it. */
export interface WidgetCaptchaApi {
  render(container: HTMLElement, params: Record<string, unknown>): string | number;
  execute(widgetId: string | number): unknown;
  remove?(widgetId: string | number): void;
  reset?(widgetId: string | number): void;
}

/** Options of createWidgetCaptchaProvider. */
export interface WidgetCaptchaProviderOptions {
  kind: CaptchaKind;
  /** Script URL for the config (language, render mode). */
  scriptUrl(config: CaptchaConfig): string;
  /** Reads the provider's global once the script ran (window.hcaptcha, window.grecaptcha). */
  readGlobal(): WidgetCaptchaApi | undefined;
  /** Name of the close callback parameter; reCAPTCHA has none. */
  closeCallbackName?: string;
  /** The document to use; tests pass jsdom's. */
  doc?: Document;
}

/**
 * A provider for invisible widget captchas (hCaptcha, reCAPTCHA): load the script on demand, render hidden, execute.
 * Loading fails at once when the script is refused (CSP, blocker, network) and after the polling budget when it never
 * becomes ready; the machine then offers a retry instead of going on without a token (ADR 0210).
 */
export function createWidgetCaptchaProvider(options: WidgetCaptchaProviderOptions): CaptchaProvider {
  let api: WidgetCaptchaApi | undefined;
  return {
    kind: options.kind,
    async load(config, signal) {
      const doc = options.doc ?? document;
      api = await loadScriptGlobal(
        options.scriptUrl(config),
        options.readGlobal,
        signal,
        config.scriptPoll ?? SCRIPT_POLL,
        doc,
      );
      return null;
    },
    execute(session) {
      const doc = options.doc ?? document;
      const widgetApi = api ?? options.readGlobal();
      if (!widgetApi) {
        session.onClose();
        return () => undefined;
      }
      // The widget shows its own popup; the hidden container only anchors it and is removed afterwards.
      const container = doc.createElement('div');
      container.hidden = true;
      doc.body.appendChild(container);
      const params: Record<string, unknown> = {
        sitekey: session.config.publicKey ?? '',
        size: 'invisible',
        hl: widgetLanguage(session.config),
        callback: (token: string) => session.onToken(token),
        'expired-callback': () => session.onExpired(),
      };
      if (options.closeCallbackName) params[options.closeCallbackName] = () => session.onClose();
      const widgetId = widgetApi.render(container, params);
      widgetApi.execute(widgetId);
      return () => {
        widgetApi.remove?.(widgetId);
        container.remove();
      };
    },
  };
}

declare global {
  interface Window {
    hcaptcha?: WidgetCaptchaApi;
    grecaptcha?: WidgetCaptchaApi;
  }
}

/** The widget's language: the brand's `captcha.lng`, else the page's, else English (the `hl` parameter). */
function widgetLanguage(config: CaptchaConfig): string {
  return config.lng ?? config.pageLanguage ?? 'en';
}

/** hCaptcha through its public script. */
export function createHCaptchaProvider(doc?: Document): CaptchaProvider {
  return createWidgetCaptchaProvider({
    kind: 'hcaptcha',
    scriptUrl: (config) =>
      `https://js.hcaptcha.com/1/api.js?render=explicit&hl=${encodeURIComponent(widgetLanguage(config))}`,
    readGlobal: () => (typeof window === 'undefined' ? undefined : window.hcaptcha),
    closeCallbackName: 'close-callback',
    ...(doc ? { doc } : {}),
  });
}

/** Google reCAPTCHA v2 invisible through its public script. */
export function createRecaptchaProvider(doc?: Document): CaptchaProvider {
  return createWidgetCaptchaProvider({
    kind: 'recaptcha',
    scriptUrl: (config) =>
      `https://www.google.com/recaptcha/api.js?render=explicit&hl=${encodeURIComponent(widgetLanguage(config))}`,
    readGlobal: () => (typeof window === 'undefined' ? undefined : window.grecaptcha),
    ...(doc ? { doc } : {}),
  });
}
