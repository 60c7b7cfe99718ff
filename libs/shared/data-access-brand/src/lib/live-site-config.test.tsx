import { resolveSiteConfig } from '@tessera/shared/util-config';
import { createI18n, platformDictionaries } from '@tessera/shared/util-i18n';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandProvider, useFeature } from './brand-context';
import type { BrandPayload } from './brand-payload';
import { useLiveBrandPayload } from './live-site-config';

function payloadWith(sale: boolean): BrandPayload {
  const { config } = resolveSiteConfig([
    {
      name: 'brand',
      file: 'test/brand.json',
      data: {
        global: {
          brandName: 'Testbet',
          languages: ['en'],
          mainLanguage: { id: 1, title: 'x', code: 'en', locale: 'x' },
        },
        coupon: { features: { sale } },
      },
    },
  ]);
  return {
    brandId: 'testbet',
    country: 'de',
    language: 'en',
    config,
    theme: {} as BrandPayload['theme'],
    dictionary: platformDictionaries.en,
  };
}

/** A server that answers the site configuration with an ETag; `publish` changes what it serves. */
function configServer(initial: BrandPayload) {
  let served = initial.config;
  let version = 1;
  const urls: string[] = [];
  const fetchFn = (async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify({ config: served }), {
      status: 200,
      headers: { etag: `W/"v${version}"`, 'content-type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  return {
    fetchFn,
    urls,
    publish(next: BrandPayload) {
      served = next.config;
      version++;
    },
  };
}

function Sale() {
  return <p>{useFeature('coupon.sale') ? 'sale offered' : 'no sale'}</p>;
}

function Page({ payload, fetchFn, enabled }: { payload: BrandPayload; fetchFn: typeof fetch; enabled?: boolean }) {
  const live = useLiveBrandPayload(payload, { fetch: fetchFn, intervalMs: 20, enabled });
  return (
    <BrandProvider payload={live} i18n={createI18n({ language: 'en', dictionary: platformDictionaries.en })}>
      <Sale />
    </BrandProvider>
  );
}

describe('an open page keeps its configuration current', () => {
  it('drops a feature switched off after the page loaded, without a reload', async () => {
    const first = payloadWith(true);
    const server = configServer(first);
    render(<Page payload={first} fetchFn={server.fetchFn} />);
    expect(screen.getByText('sale offered')).toBeInTheDocument();
    server.publish(payloadWith(false));
    expect(await screen.findByText('no sale')).toBeInTheDocument();
    // It asks for its own brand, country and language.
    expect(server.urls[0]).toBe('/web-api/site-config?lng=en&country=de&brand=testbet');
  });

  it('asks nothing when switched off (the server render, tests)', async () => {
    const first = payloadWith(true);
    const server = configServer(first);
    server.publish(payloadWith(false));
    render(<Page payload={first} fetchFn={server.fetchFn} enabled={false} />);
    // Several intervals' worth of renders: the page keeps what it was given.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByText('sale offered')).toBeInTheDocument();
    expect(server.urls).toEqual([]);
  });
});
