import { AccountApiProvider, fakeAccountApi } from '@tessera/account/data-access-session';
import { ModalQueueProvider, useModalQueue } from '@tessera/shared/data-access-modal';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PasswordResetForm } from './password-reset-form';
import { WELCOME_MODAL, WelcomeModal } from './welcome-modal';

function Opener({ args }: { args: Record<string, unknown> }) {
  const modals = useModalQueue();
  return (
    <button type="button" onClick={() => modals.open(WELCOME_MODAL, args)}>
      open
    </button>
  );
}

describe('WelcomeModal', () => {
  it('opens through the modal queue, shows the one-time password, and leads to the redirect in the page language', async () => {
    const onDone = vi.fn();
    const answer = {
      user: { id: '77', displayName: '77' },
      account_id: '77',
      password: 'k3Xy9PqR2m',
      welcome: { modal: true, redirect: '/office/recharge' },
    };
    const { t } = renderWithProviders(
      <ModalQueueProvider>
        <Opener args={answer} />
        <WelcomeModal localise={(path) => `/en${path}`} onDone={onDone} />
      </ModalQueueProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: t('account:welcome.title') });
    expect(dialog).toHaveTextContent(t('account:welcome.text', { id: '77' }));
    expect(dialog).toHaveTextContent(t('account:welcome.password', { password: 'k3Xy9PqR2m' }));
    await userEvent.click(screen.getByRole('button', { name: t('account:welcome.continue') }));
    expect(onDone).toHaveBeenCalledWith('/en/office/recharge');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('PasswordResetForm', () => {
  it('asks for the login, then shows the same answer whatever the server knows', async () => {
    const { client, requests } = fakeAccountApi({
      'POST /web-api/api/internal/v1/user/passwordreset': { body: { message: 'If an account exists…' } },
    });
    const { t } = renderWithProviders(
      <AccountApiProvider client={client}>
        <PasswordResetForm />
      </AccountApiProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: t('account:reset.submit') }));
    expect(screen.getByLabelText(t('account:reset.login'))).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(t('account:reset.login')), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: t('account:reset.submit') }));
    expect(await screen.findByRole('status')).toHaveTextContent(t('account:reset.done'));
    expect(requests[0]?.body).toEqual({ data: { attributes: { login: 'ada@example.com' } } });
  });
});
