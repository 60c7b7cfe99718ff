/* eslint-disable @nx/enforce-module-boundaries -- test-only helper composing every layer; see docs/adr/0236. */
import { useSession } from '@tessera/account/data-access-session';
import { useBrand, useFeature, useT } from '@tessera/shared/data-access-brand';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { testBrandPayload } from './brand-fixture';
import { renderWithProviders } from './render-with-providers';

function Probe() {
  const brand = useBrand();
  const session = useSession();
  const sale = useFeature('coupon.sale');
  const { t } = useT();
  const location = useLocation();
  return (
    <main>
      <h1>{brand.name}</h1>
      <button type="button">{t('header:auth.login')}</button>
      <p>{`${session.status} ${sale ? 'sale-on' : 'sale-off'} ${location.pathname}`}</p>
    </main>
  );
}

describe('renderWithProviders', () => {
  it('provides brand, session, features, router and the pseudo-language', () => {
    const brand = testBrandPayload({ brandName: 'Probebet', config: { coupon: { features: { sale: true } } } });
    const { t } = renderWithProviders(<Probe />, { brand, route: '/en/line' });
    expect(screen.getByRole('heading', { name: 'Probebet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('header:auth.login') })).toHaveTextContent('⟦Ĺöğ íñ⟧');
    expect(screen.getByText('guest sale-on /en/line')).toBeInTheDocument();
  });

  it('renders real copy on request', () => {
    renderWithProviders(<Probe />, { brand: testBrandPayload({ language: 'de' }), realLanguage: true });
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
  });
});
