import type { BrandPayload } from './brand-payload';
import { liveConfigUrl } from './live-site-config';

/**
 * What a page's document says of its brand. The rest of the brand payload (configuration, theme, dictionary: about
 * 21 KB gzip, the largest part of a page's document) is not in the document: the page preloads the site configuration
 * beside it and the client entry reads it from there before hydrating (apps/web README, "The site configuration
 * beside the document").
 */
export type BrandRef = Pick<BrandPayload, 'brandId' | 'country' | 'language'>;

/** Options of {@link fetchBrandPayload}; tests pass their own fetch and a sleep that does not wait. */
export interface FetchBrandPayloadOptions {
  fetch?: typeof fetch;
  /** Tries in all, for a network failure, a 408, 429 or 5xx; 4 by default. */
  attempts?: number;
  /** The wait before the second try, doubled before each further one; 500 ms by default. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The answer of GET /web-api/site-config, as far as it is read here. */
interface SiteConfigAnswer {
  brand?: { id?: unknown };
  country?: unknown;
  language?: unknown;
  config?: BrandPayload['config'];
  theme?: BrandPayload['theme'];
  dictionary?: BrandPayload['dictionary'];
}

/** A site configuration answer that is not the one the page needs; not worth asking again. */
export class BrandPayloadMismatch extends Error {
  override readonly name = 'BrandPayloadMismatch';
}

function isRetryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** The brand payload from a site configuration answer, which must be the page's brand, country and language. */
export function brandPayloadFrom(ref: BrandRef, answer: SiteConfigAnswer): BrandPayload {
  const { config, theme, dictionary } = answer;
  if (answer.brand?.id !== ref.brandId || answer.country !== ref.country || answer.language !== ref.language)
    throw new BrandPayloadMismatch(
      `site configuration of ${String(answer.brand?.id)}/${String(answer.country)}/${String(answer.language)}, ` +
        `the page is ${ref.brandId}/${ref.country}/${ref.language}`,
    );
  if (!config || !theme || !dictionary)
    throw new BrandPayloadMismatch('site configuration without config, theme or dictionary');
  return { brandId: ref.brandId, country: ref.country, language: ref.language, config, theme, dictionary };
}

/**
 * The page's brand payload, from the site configuration the document preloaded (the same address, credentials and
 * mode, so the browser hands over the preloaded answer instead of asking again). A network failure, a 408, 429 or 5xx
 * is tried again after 0.5, 1 and 2 s; another status, or an answer for another brand, country or language, fails at
 * once. The page stays as the server rendered it until this resolves.
 */
export async function fetchBrandPayload(ref: BrandRef, options: FetchBrandPayloadOptions = {}): Promise<BrandPayload> {
  const doFetch = options.fetch ?? fetch;
  const attempts = Math.max(1, options.attempts ?? 4);
  const delay = options.retryDelayMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const url = liveConfigUrl(ref);
  let failure: unknown = new Error('site configuration not asked');
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(delay * 2 ** (attempt - 1));
    let res: Response;
    try {
      res = await doFetch(url, { credentials: 'same-origin' });
    } catch (error) {
      failure = error;
      continue;
    }
    if (!res.ok) {
      failure = new Error(`site configuration answered ${res.status}`);
      if (isRetryable(res.status)) continue;
      break;
    }
    return brandPayloadFrom(ref, (await res.json()) as SiteConfigAnswer);
  }
  throw failure;
}
