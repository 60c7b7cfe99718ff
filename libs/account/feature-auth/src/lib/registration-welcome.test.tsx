import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyRegistrationWelcome, preloadRegistrationWelcome } from './lazy-registration-welcome';

describe('LazyRegistrationWelcome', () => {
  it('opens the welcome with the one-time password once its chunk is there, in a modal queue of its own', async () => {
    preloadRegistrationWelcome();
    const answer = {
      user: { id: '77', displayName: '77' },
      account_id: '77',
      password: 'k3Xy9PqR2m',
      welcome: { modal: true, redirect: '/office' },
    };
    const { t } = renderWithProviders(
      <Suspense fallback={<p>loading</p>}>
        <LazyRegistrationWelcome answer={answer} localise={(path) => `/en${path}`} />
      </Suspense>,
    );
    const dialog = await screen.findByRole('dialog', { name: t('account:welcome.title') });
    expect(dialog).toHaveTextContent(t('account:welcome.text', { id: '77' }));
    expect(dialog).toHaveTextContent(t('account:welcome.password', { password: 'k3Xy9PqR2m' }));
  });
});
