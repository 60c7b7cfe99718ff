import type { SiteConfig } from '@tessera/shared/util-config';
import { useEffect, useMemo, useState } from 'react';
import type { BrandPayload } from './brand-payload';

/** How often an open page asks whether its configuration changed (a 304 while it did not). */
export const LIVE_CONFIG_INTERVAL_MS = 2000;

/** Options of {@link useLiveBrandPayload}; tests pass their own fetch and interval. */
export interface LiveConfigOptions {
  /** Off: the payload as given (the server's render, tests). */
  enabled?: boolean;
  intervalMs?: number;
  fetch?: typeof fetch;
}

/**
 * The site configuration address of a page's brand, country and language. The brand is named too: where the host
 * decides the brand (production) the server ignores it; on a development host, where a visitor picks the brand with
 * `?brand=` and a cookie remembers the last one, it keeps a tab of one brand from reading another tab's.
 */
export function liveConfigUrl(payload: Pick<BrandPayload, 'brandId' | 'country' | 'language'>): string {
  return `/web-api/site-config?lng=${encodeURIComponent(payload.language)}&country=${encodeURIComponent(payload.country)}&brand=${encodeURIComponent(payload.brandId)}`;
}

/**
 * The brand payload of an open page, kept current (ADR 0310): every two seconds while the page is visible (and at once
 * when it becomes visible again) the page revalidates its site configuration; the server answers 304 until a change
 * is published, then the new configuration, which replaces the page's. What reads `useFeature`/`useSiteConfig`
 * re-renders: a switched-off feature disappears without a reload. Nothing runs on the server.
 */
export function useLiveBrandPayload(payload: BrandPayload, options: LiveConfigOptions = {}): BrandPayload {
  const [config, setConfig] = useState<SiteConfig | undefined>(undefined);
  const intervalMs = options.intervalMs ?? LIVE_CONFIG_INTERVAL_MS;
  const fetchFn = options.fetch;
  const enabled = options.enabled ?? true;
  const { brandId, country, language } = payload;
  useEffect(() => {
    const doFetch = fetchFn ?? (typeof fetch === 'function' ? fetch : undefined);
    if (!enabled || typeof document === 'undefined' || !doFetch) return;
    const url = liveConfigUrl({ brandId, country, language });
    let seen: string | null = null;
    let busy = false;
    let stopped = false;
    const check = async (): Promise<void> => {
      if (busy || document.visibilityState === 'hidden') return;
      busy = true;
      try {
        // no-cache: the browser revalidates with the ETag it holds; an unchanged configuration is a 304.
        const res = await doFetch(url, { cache: 'no-cache', credentials: 'same-origin' });
        if (!res.ok) return;
        const tag = res.headers.get('etag');
        if (tag !== null && tag === seen) return;
        const body = (await res.json()) as { config?: SiteConfig };
        seen = tag;
        if (stopped || !body.config) return;
        const next = body.config;
        setConfig((previous) =>
          JSON.stringify(previous ?? payload.config) === JSON.stringify(next) ? previous : next,
        );
      } catch {
        // Offline or a deploy in progress: the next tick asks again.
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(() => void check(), intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
    // payload.config is the server's first answer (only compared against); later ones come through setConfig.
  }, [enabled, brandId, country, language, intervalMs, fetchFn]);
  return useMemo(() => (config ? { ...payload, config } : payload), [payload, config]);
}
