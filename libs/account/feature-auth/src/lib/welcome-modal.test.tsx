import { AccountApiProvider, fakeAccountApi } from '@tessera/account/data-access-session';
import { ModalQueueProvider, useModalQueue } from '@tessera/shared/data-access-modal';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen, waitFor, within } from '@testing-library/react';
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

  it('offers to copy the generated password and to save it, with the account id, as a file', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const answer = {
      user: { id: '77', displayName: '77' },
      account_id: '77',
      password: 'k3Xy&9PqR2m',
      welcome: { modal: true, redirect: '/office/recharge' },
    };
    const { t } = renderWithProviders(
      <ModalQueueProvider>
        <Opener args={answer} />
        <WelcomeModal localise={(path) => `/en${path}`} onDone={vi.fn()} />
      </ModalQueueProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: t('account:welcome.title') });
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
    expect(within(dialog).getByText('k3Xy&9PqR2m').tagName).toBe('CODE');
    await user.click(within(dialog).getByRole('button', { name: t('coupon:registration.copy') }));
    expect(writeText).toHaveBeenCalledWith('k3Xy&9PqR2m');
    expect(within(dialog).getByRole('status')).toHaveTextContent(t('coupon:registration.copied'));
    const save = within(dialog).getByRole('link', { name: t('coupon:registration.save') });
    expect(save).toHaveAttribute('download', expect.stringMatching(/-77\.txt$/));
    const text = decodeURIComponent((save.getAttribute('href') ?? '').replace(/^data:text\/plain;charset=utf-8,/, ''));
    expect(text).toContain('77');
    expect(text).toContain('k3Xy&9PqR2m');
  });

  it('says how to copy by hand where the browser refuses the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { t } = renderWithProviders(
      <ModalQueueProvider>
        <Opener args={{ account_id: '78', password: 'Zz9yXx8wVv', welcome: { modal: true, redirect: '/' } }} />
        <WelcomeModal localise={(path) => `/en${path}`} onDone={vi.fn()} />
      </ModalQueueProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(await screen.findByRole('button', { name: t('coupon:registration.copy') }));
    expect(screen.getByRole('status')).toHaveTextContent(t('coupon:registration.copyFailed'));
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
