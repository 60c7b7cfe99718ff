import { untranslatedText } from '@tessera/shared/util-i18n';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

describe('Footer', () => {
  it('renders the configured link sections in order, without disabled links', () => {
    const brand = testBrandPayload({
      config: { footer: { sections: { information: { links: { rules: { enabled: false } } } } } },
    });
    const { t } = renderWithProviders(<Footer year={2026} />, { brand });
    const info = screen.getByRole('navigation', { name: t('footer:nav.label') });
    expect(
      within(info)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/en/information/about',
      '/en/information/contacts',
      '/en/information/responsiblegaming',
      '/en/information/payment',
      '/en/information/howbet',
      '/en/information/privacyPolicy',
      '/en/information/cookies',
    ]);
    // Results have no page yet (issue 16): the betting column links the line and live only.
    const betting = screen.getByRole('navigation', { name: t('header:menu.line') });
    expect(within(betting).queryByRole('link', { name: t('header:menu.results') })).not.toBeInTheDocument();
  });

  it('shows the age notice with the configured minimum age and the copyright', () => {
    const brand = testBrandPayload({ brandName: 'Northbet', config: { registration: { minAge: 21 } } });
    const { t } = renderWithProviders(<Footer year={2031} />, { brand });
    expect(screen.getByText(t('footer:age.notice', { age: 21 }))).toBeInTheDocument();
    expect(screen.getByText(t('footer:copyright', { year: 2031, brand: 'Northbet' }))).toBeInTheDocument();
  });

  it('links the licence number to its validation page where the brand gives one (licence.url)', () => {
    const brand = testBrandPayload({
      config: { licence: { number: 'GC-1', issuer: 'Gambling Commission', url: 'https://example.org/licence/gc-1' } },
    });
    renderWithProviders(<Footer year={2026} />, { brand });
    expect(screen.getByRole('link', { name: 'GC-1' })).toHaveAttribute('href', 'https://example.org/licence/gc-1');
  });

  it('shows the licence number as text without a validation page', () => {
    const brand = testBrandPayload({ config: { licence: { number: 'GC-1', issuer: 'Gambling Commission' } } });
    renderWithProviders(<Footer year={2026} />, { brand });
    expect(screen.queryByRole('link', { name: 'GC-1' })).not.toBeInTheDocument();
    expect(screen.getByText(/GC-1/)).toBeInTheDocument();
  });

  it('has no untranslated text', () => {
    const brand = testBrandPayload({ brandName: 'Northbet' });
    renderWithProviders(<Footer year={2026} />, { brand });
    expect(untranslatedText(screen.getByRole('contentinfo').textContent ?? '', ['Northbet'])).toEqual([]);
  });
});
