import { describe, expect, it } from 'vitest';
import { BrandPayloadMismatch, fetchBrandPayload, type BrandRef } from './fetch-brand-payload';

const ref: BrandRef = { brandId: 'polar-bet', country: 'ru', language: 'en' };

function answer(overrides: Record<string, unknown> = {}): Response {
  return new Response(
    JSON.stringify({
      brand: { id: 'polar-bet', name: 'PolarBet' },
      country: 'ru',
      language: 'en',
      config: { global: { brandName: 'PolarBet' } },
      theme: { mode: 'dark' },
      dictionary: { common: { greeting: 'Hello' } },
      ...overrides,
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}

/** A fetch that answers from a script, one entry per call, recording what was asked and how. */
function scripted(...steps: Array<Response | Error>) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchFn = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const step = steps.shift();
    if (!step) throw new Error('no more answers scripted');
    if (step instanceof Error) throw step;
    return step;
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

const slept: number[] = [];
const sleep = async (ms: number) => {
  slept.push(ms);
};

describe('fetchBrandPayload', () => {
  it('reads the preloaded site configuration of the page: same address and credentials as the preload', async () => {
    const { fetchFn, calls } = scripted(answer());
    const brand = await fetchBrandPayload(ref, { fetch: fetchFn, sleep });
    expect(brand).toEqual({
      brandId: 'polar-bet',
      country: 'ru',
      language: 'en',
      config: { global: { brandName: 'PolarBet' } },
      theme: { mode: 'dark' },
      dictionary: { common: { greeting: 'Hello' } },
    });
    expect(calls).toEqual([
      { url: '/web-api/site-config?lng=en&country=ru&brand=polar-bet', init: { credentials: 'same-origin' } },
    ]);
  });

  it('asks again after a network failure and a 503, waiting longer each time', async () => {
    slept.length = 0;
    const { fetchFn, calls } = scripted(new TypeError('Failed to fetch'), new Response('', { status: 503 }), answer());
    const brand = await fetchBrandPayload(ref, { fetch: fetchFn, sleep, retryDelayMs: 100 });
    expect(brand.dictionary['common']?.['greeting']).toBe('Hello');
    expect(calls).toHaveLength(3);
    expect(slept).toEqual([100, 200]);
  });

  it('gives up after the last try with the last failure', async () => {
    const { fetchFn, calls } = scripted(
      new Response('', { status: 502 }),
      new Response('', { status: 502 }),
      new Response('', { status: 504 }),
    );
    await expect(fetchBrandPayload(ref, { fetch: fetchFn, sleep, attempts: 3 })).rejects.toThrow(
      'site configuration answered 504',
    );
    expect(calls).toHaveLength(3);
  });

  it('does not ask again for a 404: the brand is not served here', async () => {
    const { fetchFn, calls } = scripted(new Response('', { status: 404 }), answer());
    await expect(fetchBrandPayload(ref, { fetch: fetchFn, sleep })).rejects.toThrow('site configuration answered 404');
    expect(calls).toHaveLength(1);
  });

  it("refuses another brand's, country's or language's configuration rather than hydrate with it", async () => {
    for (const wrong of [{ brand: { id: 'sahra-bet' } }, { country: 'de' }, { language: 'ar' }]) {
      const { fetchFn } = scripted(answer(wrong));
      await expect(fetchBrandPayload(ref, { fetch: fetchFn, sleep })).rejects.toBeInstanceOf(BrandPayloadMismatch);
    }
  });

  it('refuses an answer without the dictionary', async () => {
    const { fetchFn } = scripted(answer({ dictionary: undefined }));
    await expect(fetchBrandPayload(ref, { fetch: fetchFn, sleep })).rejects.toBeInstanceOf(BrandPayloadMismatch);
  });
});
