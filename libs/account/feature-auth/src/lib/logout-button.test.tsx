import { fakeAccountApi } from '@tessera/account/data-access-session';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LogoutButton } from './logout-button';

describe('LogoutButton', () => {
  it('signs the session out, then leaves the page', async () => {
    const { client, requests } = fakeAccountApi({
      'POST /web-api/user/disconnect': { body: { message: 'Signed out' } },
    });
    const onSignedOut = vi.fn();
    const { t } = renderWithProviders(<LogoutButton client={client} onSignedOut={onSignedOut} />);
    await userEvent.click(screen.getByRole('button', { name: t('account:logout') }));
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /web-api/user/disconnect']);
  });

  it('leaves the page even when the call fails, so the server decides the session again', async () => {
    const { client } = fakeAccountApi({ 'POST /web-api/user/disconnect': { status: 500, body: { message: 'Boom' } } });
    const onSignedOut = vi.fn();
    const { t } = renderWithProviders(<LogoutButton client={client} onSignedOut={onSignedOut} />);
    await userEvent.click(screen.getByRole('button', { name: t('account:logout') }));
    await waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1));
  });
});
