import { resolveSiteConfig } from '@tessera/shared/util-config';
import { createI18n, platformDictionaries, type PlatformLanguage } from '@tessera/shared/util-i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BrandProvider, useBrand, useFeature, useSiteConfig } from './brand-context';
import type { BrandPayload } from './brand-payload';
import { useNavigateSkipCurrent } from './use-navigate-skip-current';

// util-testing builds on this library, so these tests build their own small payload instead of importing it.
function testBrandPayload(
  options: {
    brandName?: string;
    language?: PlatformLanguage;
    languages?: string[];
    config?: Record<string, unknown>;
  } = {},
): BrandPayload {
  const language = options.language ?? 'en';
  const languages = options.languages ?? [language];
  const layer = {
    ...options.config,
    global: {
      brandName: options.brandName ?? 'Testbet',
      languages,
      mainLanguage: { id: 1, title: 'x', code: languages[0], locale: 'x' },
    },
  };
  const { config } = resolveSiteConfig([
    { name: 'brand', file: 'test/brand.json', data: JSON.parse(JSON.stringify(layer)) },
  ]);
  return {
    brandId: 'testbet',
    country: 'gb',
    language,
    config,
    theme: {} as BrandPayload['theme'],
    dictionary: platformDictionaries[language],
  };
}

function renderWithProviders(ui: ReactElement, { brand, route }: { brand?: BrandPayload; route: string }) {
  const payload = brand ?? testBrandPayload();
  const router = createMemoryRouter([{ path: '/:lng/*', element: ui }], { initialEntries: [route] });
  render(
    <BrandProvider payload={payload} i18n={createI18n({ language: payload.language, dictionary: payload.dictionary })}>
      <RouterProvider router={router} />
    </BrandProvider>,
  );
  return { router };
}

function Navigator() {
  const navigate = useNavigateSkipCurrent();
  const [results, setResults] = useState<boolean[]>([]);
  return (
    <button type="button" onClick={() => setResults((r) => [...r, navigate('/line')])}>
      {results.join(',') || 'go'}
    </button>
  );
}

function Features() {
  const config = useSiteConfig();
  const sale = useFeature('coupon.sale');
  const teleport = useFeature('coupon.teleport');
  const { dir, defaultLanguage, languages } = useBrand();
  return <p>{`${config.global.brandName} ${sale} ${teleport} ${dir} ${defaultLanguage} ${languages.join('/')}`}</p>;
}

describe('brand hooks', () => {
  it('read the resolved configuration and features', () => {
    const brand = testBrandPayload({
      brandName: 'Sahra',
      language: 'ar',
      languages: ['ar', 'en'],
      config: { coupon: { features: { sale: true } } },
    });
    renderWithProviders(<Features />, { brand, route: '/ar/' });
    expect(screen.getByText('Sahra true false rtl ar ar/en')).toBeInTheDocument();
  });

  it("throw 'config is absent' outside a BrandProvider", () => {
    expect(() => render(<Features />)).toThrow('config is absent');
  });
});

describe('useNavigateSkipCurrent', () => {
  it('navigates with the language prefix and skips navigating to the address already shown', async () => {
    const { router } = renderWithProviders(<Navigator />, {
      route: '/de/',
      brand: testBrandPayload({ language: 'de' }),
    });
    await userEvent.click(screen.getByRole('button'));
    expect(router.state.location.pathname).toBe('/de/line');
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('true,false');
    expect(router.state.location.pathname).toBe('/de/line');
  });
});
