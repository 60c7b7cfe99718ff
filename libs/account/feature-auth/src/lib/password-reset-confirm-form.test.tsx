import { AccountApiProvider, fakeAccountApi } from '@tessera/account/data-access-session';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPasswordStrengthChecker } from '@tessera/account/util-validation';
import { EmailActivation } from './email-activation';
import { PasswordResetConfirmForm } from './password-reset-confirm-form';

// The strength estimator's dictionaries load once per page (here: once per file) before the forms are used.
beforeAll(async () => {
  await loadPasswordStrengthChecker();
}, 60_000);

describe('PasswordResetConfirmForm', { timeout: 20_000 }, () => {
  it('sets the new password with the token', async () => {
    const { client, requests } = fakeAccountApi({
      'POST /web-api/api/internal/v1/user/passwordreset': { body: { message: 'changed' } },
    });
    const { t } = renderWithProviders(
      <AccountApiProvider client={client}>
        <PasswordResetConfirmForm token="tok" />
      </AccountApiProvider>,
    );
    await userEvent.type(screen.getByLabelText(t('account:field.newPassword')), 'short1');
    await userEvent.click(screen.getByRole('button', { name: t('account:password.submit') }));
    expect(screen.getByLabelText(t('account:field.newPassword'))).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(t('account:field.newPassword')));
    await userEvent.type(screen.getByLabelText(t('account:field.newPassword')), 'k3Xy9PqR2m');
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'k3Xy9PqR2m');
    await userEvent.click(screen.getByRole('button', { name: t('account:password.submit') }));
    expect(await screen.findByRole('status')).toHaveTextContent(t('account:password.done'));
    expect(requests[0]?.body).toEqual({
      data: { attributes: { token: 'tok', password: 'k3Xy9PqR2m', password_confirmation: 'k3Xy9PqR2m' } },
    });
  });

  it('says when the link expired or was used', async () => {
    const { client } = fakeAccountApi({
      'POST /web-api/api/internal/v1/user/passwordreset': { status: 410, body: { message: 'expired' } },
    });
    const { t } = renderWithProviders(
      <AccountApiProvider client={client}>
        <PasswordResetConfirmForm token="old" />
      </AccountApiProvider>,
    );
    await userEvent.type(screen.getByLabelText(t('account:field.newPassword')), 'k3Xy9PqR2m');
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'k3Xy9PqR2m');
    await userEvent.click(screen.getByRole('button', { name: t('account:password.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account:error.expiredCode'));
  });
});

describe('EmailActivation', () => {
  it('spends the token only when the bettor confirms', async () => {
    const { client, requests } = fakeAccountApi({
      'POST /web-api/api/internal/v1/user/activate': { body: { message: 'ok' } },
    });
    const { t } = renderWithProviders(
      <AccountApiProvider client={client}>
        <EmailActivation token="act" />
      </AccountApiProvider>,
    );
    expect(requests).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: t('account:activation.submit') }));
    expect(await screen.findByRole('status')).toHaveTextContent(t('account:activation.done'));
    expect(requests[0]?.body).toEqual({ data: { attributes: { token: 'act' } } });
  });
});
