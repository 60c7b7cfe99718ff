import { useEffect, useRef, useState } from 'react';
import type { AltchaChallenge } from './captcha.types';

/** Loads the altcha web component (`<altcha-widget>`) and its strings in a language; injectable for tests. */
export type AltchaWidgetLoader = (language: string) => Promise<void>;

// The widget's own translations of the languages the platform speaks; any other language falls back to English, which
// the widget bundles. Imported on demand, so pages without a captcha never download the widget (about 34 kB gzip).
const ALTCHA_STRINGS: Readonly<Record<string, () => Promise<unknown>>> = {
  ar: () => import('altcha/i18n/ar'),
  de: () => import('altcha/i18n/de'),
  fa: () => import('altcha/i18n/fa'),
  ru: () => import('altcha/i18n/ru'),
};

/**
 * Runs `load` while the page's style nonce is where the altcha bundle looks for it (`meta[name="csp-nonce"]`): the
 * bundle writes its stylesheet when it is first evaluated, and the page's CSP admits only styles with the nonce. The
 * page carries the nonce as styled-components reads it (`meta[property="csp-nonce"]`, in the element's nonce), so a
 * copy is made for the moment of the import and removed afterwards.
 */
async function withStyleNonce<T>(load: () => Promise<T>): Promise<T> {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  const meta = nonce ? document.createElement('meta') : null;
  if (meta && nonce) {
    meta.name = 'csp-nonce';
    meta.content = nonce;
    document.head.appendChild(meta);
  }
  try {
    return await load();
  } finally {
    meta?.remove();
  }
}

/** The browser's altcha widget with its strings in `language` (the widget solves in workers made from a blob). */
export const loadAltchaWidget: AltchaWidgetLoader = async (language) => {
  await withStyleNonce(() => import('altcha'));
  await ALTCHA_STRINGS[language]?.();
};

/** Props of AltchaCheck. */
export interface AltchaCheckProps {
  challenge: AltchaChallenge;
  /** The page's language: the widget's label and messages. */
  language: string;
  /** Called once with the widget's payload when the proof of work is done. */
  onPayload(payload: string): void;
  /** The server is judging the payload. */
  busy?: boolean;
  /** Said while the widget loads. */
  loadingLabel?: string;
  loadWidget?: AltchaWidgetLoader;
}

/**
 * The built-in ALTCHA check (ADR 0210): the widget starts its proof of work as soon as it shows, announces its progress
 * in the page's language, and hands the payload on for the server to judge. Nothing to see, drag or hear, so it is
 * the accessible path beside the slider puzzle and the platform's stand-in for a third-party captcha.
 */
export function AltchaCheck({
  challenge,
  language,
  onPayload,
  busy = false,
  loadingLabel = 'Loading the security check…',
  loadWidget = loadAltchaWidget,
}: AltchaCheckProps) {
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const report = useRef(onPayload);
  report.current = onPayload;

  useEffect(() => {
    let live = true;
    void loadWidget(language).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [language, loadWidget]);

  useEffect(() => {
    const container = host.current;
    if (!ready || !container) return undefined;
    // Made by hand rather than in JSX: the element reads its attributes once, when it is defined and connected.
    const widget = container.ownerDocument.createElement('altcha-widget');
    widget.setAttribute('challenge', JSON.stringify(challenge.challenge));
    widget.setAttribute('language', language);
    widget.setAttribute('auto', 'onload');
    widget.setAttribute('name', 'altcha');
    widget.setAttribute('configuration', JSON.stringify({ hideFooter: true }));
    let sent = false;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      if (!sent && detail?.state === 'verified' && typeof detail.payload === 'string' && detail.payload !== '') {
        sent = true;
        report.current(detail.payload);
      }
    };
    widget.addEventListener('statechange', onState);
    container.replaceChildren(widget);
    return () => {
      widget.removeEventListener('statechange', onState);
      widget.remove();
    };
  }, [ready, challenge, language]);

  return (
    <div aria-busy={busy || !ready}>
      {ready ? null : <p role="status">{loadingLabel}</p>}
      <div ref={host} data-testid="altcha-check" />
    </div>
  );
}
