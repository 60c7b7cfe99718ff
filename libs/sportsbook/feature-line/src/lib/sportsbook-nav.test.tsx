import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SportsbookNav } from './sportsbook-nav';

describe('SportsbookNav', () => {
  it('links search and favourites where the brand switches them on (boolean.search, boolean.favourites)', () => {
    const { t } = renderWithProviders(<SportsbookNav />, {
      brand: testBrandPayload({ config: { boolean: { search: true, favourites: true } } }),
      route: '/en/line',
    });
    expect(screen.getByRole('link', { name: t('sportsbook:nav.search') })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('sportsbook:nav.favorites') })).toBeInTheDocument();
  });

  it('leaves them out where the brand switches them off', () => {
    const { t } = renderWithProviders(<SportsbookNav />, {
      brand: testBrandPayload({ config: { boolean: { search: false, favourites: false } } }),
      route: '/en/line',
    });
    expect(screen.queryByRole('link', { name: t('sportsbook:nav.search') })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t('sportsbook:nav.favorites') })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: t('sportsbook:nav.line') })).toBeInTheDocument();
  });
});
