import { AccountApiProvider, fakeAccountApi } from '@tessera/account/data-access-session';
import { renderWithProviders } from '@tessera/shared/util-testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EmailActivation } from './email-activation';
import { PasswordResetConfirmForm } from './password-reset-confirm-form';

describe('PasswordResetConfirmForm', () => {
  it('sets the new password with the token', async () => {
    const { client, requests } = fakeAccountApi({ 'POST /web-api/api/internal/v1/user/passwordreset': { body: { message: 'changed' } } });
    const { t } = renderWithProviders(
      <AccountApiProvider client={client}>
        <PasswordResetConfirmForm token="tok" />
      </AccountApiProvider>,
    );
    await userEvent.type(screen.getByLabelText(t('account:field.newPassword')), 'short1');
    await userEvent.click(screen.getByRole('button', { name: t('account:password.submit') }));
    expect(screen.getByLabelText(t('account:field.newPassword'))).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(t('account:field.newPassword')), '2345');
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'short12345');
    await userEvent.click(screen.getByRole('button', { name: t('account:password.submit') }));
    expect(await screen.findByRole('status')).toHaveTextContent(t('account:password.done'));
    expect(requests[0]?.body).toEqual({ data: { attributes: { token: 'tok', password: 'short12345', password_confirmation: 'short12345' } } });
  });

  it('says when the link expired or was used', async () => {
    const { client } = fakeAccountApi({ 'POST /web-api/api/internal/v1/user/passwordreset': { status: 410, body: { message: 'expired' } } });
    const { t } = renderWithProviders(
      <AccountApiProvider client={client}>
        <PasswordResetConfirmForm token="old" />
      </AccountApiProvider>,
    );
    await userEvent.type(screen.getByLabelText(t('account:field.newPassword')), 'abcd12345');
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'abcd12345');
    await userEvent.click(screen.getByRole('button', { name: t('account:password.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account:error.expiredCode'));
  });
});

describe('EmailActivation', () => {
  it('spends the token only when the bettor confirms', async () => {
    const { client, requests } = fakeAccountApi({ 'POST /web-api/api/internal/v1/user/activate': { body: { message: 'ok' } } });
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
