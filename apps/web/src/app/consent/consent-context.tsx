import { useBrand } from '@tessera/shared/data-access-brand';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createAnalytics, beaconTransport, type Analytics } from './analytics';
import { CONSENT_COOKIE, consentCookie, readConsent, type ConsentLevel } from './consent';

/** What the shell's consent gives its parts (the banner, the footer's settings button, analytics). */
export interface ConsentState {
  /** The level in force: the visitor's remembered choice, else the brand's default. */
  level: ConsentLevel;
  /** The visitor has a remembered choice. */
  chosen: boolean;
  /** The banner is open (first visit, or opened from the footer). */
  open: boolean;
  /** Remembers a choice for `rememberDays` and closes the banner. */
  choose(level: ConsentLevel): void;
  /** Opens the banner to change the choice. */
  openSettings(): void;
  /** Closes the banner without choosing (Escape): the level in force stays, nothing is remembered. */
  dismiss(): void;
  /** Records an analytics event (kept only while analytics is on and the level allows marketing). */
  track(name: string, data?: Readonly<Record<string, string | number | boolean>>): void;
}

const ConsentContext = createContext<ConsentState | null>(null);

/** The consent of the page; outside a {@link ConsentProvider} nothing is allowed and nothing opens. */
export function useConsent(): ConsentState | null {
  return useContext(ConsentContext);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The raw consent cookie of the request the page was rendered for (the server's request; in the browser, the one the
 * payload carries), so the first HTML and hydration agree on whether the banner shows.
 */
export const RenderedConsentContext = createContext<string | undefined>(undefined);

/**
 * Shows the banner where the brand asks (`customize.cookieConsent.banner`) and no choice is remembered, and runs
 * analytics under the consent (ADR 0371). The first state comes from the cookie the server rendered with, so the
 * banner is in the first HTML: shown only after hydration it was the page's largest paint, seconds late on a phone
 * (the vitals bench saw LCP 2.6-3.7 s). After hydration the browser's own cookie is read again, and decides.
 */
export function ConsentProvider({ children }: { children?: ReactNode }) {
  const { config } = useBrand();
  const settings = config.customize.cookieConsent;
  const rendered = useContext(RenderedConsentContext);
  const [state, setState] = useState<{ level: ConsentLevel; chosen: boolean; open: boolean }>(() => {
    const stored =
      rendered === undefined
        ? undefined
        : readConsent(`${CONSENT_COOKIE}=${rendered}`, settings.rememberDays, nowSeconds());
    return {
      level: stored?.level ?? (settings.defaultLevel as ConsentLevel),
      chosen: stored !== undefined,
      open: settings.banner && stored === undefined,
    };
  });
  const analytics = useRef<Analytics | null>(null);

  useEffect(() => {
    const stored = readConsent(document.cookie, settings.rememberDays, nowSeconds());
    const level = stored?.level ?? (settings.defaultLevel as ConsentLevel);
    setState({ level, chosen: stored !== undefined, open: settings.banner && stored === undefined });
    const { enabled, sendIntervalMs, eventsPerSend } = config.thirdParty.analytics;
    analytics.current = createAnalytics({ enabled, sendIntervalMs, eventsPerSend }, level, beaconTransport());
    return () => analytics.current?.stop();
  }, [settings.rememberDays, settings.defaultLevel, settings.banner, config.thirdParty.analytics]);

  const choose = useCallback(
    (level: ConsentLevel) => {
      document.cookie = consentCookie(
        level,
        settings.rememberDays,
        nowSeconds(),
        window.location.protocol === 'https:',
      );
      analytics.current?.setConsent(level);
      setState({ level, chosen: true, open: false });
    },
    [settings.rememberDays],
  );
  const openSettings = useCallback(() => setState((s) => ({ ...s, open: true })), []);
  const dismiss = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const track = useCallback<ConsentState['track']>((name, data) => analytics.current?.track(name, data), []);
  const value = useMemo(
    () => ({ ...state, choose, openSettings, dismiss, track }),
    [state, choose, openSettings, dismiss, track],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}
