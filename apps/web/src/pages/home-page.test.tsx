import type { Session } from '@tessera/account/data-access-session';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HomePage } from './home-page';

vi.setConfig({ testTimeout: 20_000 });

const signedIn: Session = { status: 'authorised', user: { id: '1001', displayName: 'Sam' } };

function promotionsShown(guestsSeeOffers: boolean, session?: Session): boolean {
  const brand = testBrandPayload({ config: { promo: { enabled: true, guestsSeeOffers } } });
  const { t, unmount } = renderWithProviders(<HomePage />, { brand, route: '/en', ...(session ? { session } : {}) });
  const shown = screen.queryByRole('heading', { name: t('pages:home.promos') }) !== null;
  unmount();
  return shown;
}

describe('the home page promotions area (promo.guestsSeeOffers)', () => {
  it('ONAGCO-ADV-1: offers are shown to signed-in players only where guests may not see them', () => {
    expect(promotionsShown(false)).toBe(false);
    expect(promotionsShown(false, signedIn)).toBe(true);
  });

  it('shows the promotions area to every visitor by default', () => {
    expect(promotionsShown(true)).toBe(true);
    expect(promotionsShown(true, signedIn)).toBe(true);
  });
});
