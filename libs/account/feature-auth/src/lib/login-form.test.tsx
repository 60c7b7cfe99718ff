import { AccountApiProvider, fakeAccountApi } from '@tessera/account/data-access-session';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

const brand = (auth: Record<string, unknown> = {}) => testBrandPayload({ country: 'gb', config: { auth: { defaultMethod: 'email', ...auth } } });

function setup(routes: Parameters<typeof fakeAccountApi>[0], auth?: Record<string, unknown>) {
  const api = fakeAccountApi(routes);
  const onSignedIn = vi.fn();
  const view = renderWithProviders(
    <AccountApiProvider client={api.client}>
      <LoginForm returnTo="/en/" onSignedIn={onSignedIn} />
    </AccountApiProvider>,
    { brand: brand(auth) },
  );
  return { ...view, ...api, onSignedIn };
}

describe('LoginForm', () => {
  it('offers the enabled methods as tabs, with the configured one first selected', () => {
    const { t } = setup({}, { methods: { id: { enabled: false }, sms: { enabled: true } } });
    const group = screen.getByRole('group', { name: t('account:login.methods') });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('account:login.tab.email') })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: t('account:login.tab.sms') })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t('account:login.tab.id') })).not.toBeInTheDocument();
  });

  it('checks the fields before sending, links the errors and focuses the first one', async () => {
    const { t, requests } = setup({});
    await userEvent.click(screen.getByRole('button', { name: t('account:login.submit') }));
    const email = screen.getByLabelText(t('account:field.email'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(t('account:validation.required', { label: `"${t('account:field.email')}"` }));
    await waitFor(() => expect(email).toHaveFocus());
    await userEvent.type(email, 'bettor@gmial.com');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.submit') }));
    expect(email).toHaveAccessibleDescription(t('account:validation.validationEmailTypo', { suggestion: 'bettor@gmail.com' }));
    expect(requests).toHaveLength(0);
  });

  it('signs in with e-mail and password and reports the answer', async () => {
    const { t, requests, onSignedIn } = setup({ 'POST /web-api/user/auth': { body: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } } } });
    await userEvent.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.submit') }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ status: 'authorised', user: { id: '1001', displayName: 'Ada' } }));
    expect(requests[0]?.body).toEqual({ login: 'ada@example.com', password: 'secret123', login_type: 'email' });
  });

  it('shows one wording for every credential failure, so the form never tells whether an account exists', async () => {
    let release: () => void = () => undefined;
    const { t } = setup({
      'POST /web-api/user/auth': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 401, body: { message: 'No such user' } });
        }),
    });
    await userEvent.type(screen.getByLabelText(t('account:field.email')), 'nobody@example.com');
    await userEvent.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.submit') }));
    // Disabled while the call runs, so a double click cannot send twice.
    expect(screen.getByRole('button', { name: t('account:login.submit') })).toBeDisabled();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account:error.credentials'));
    expect(screen.queryByText('No such user')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('account:login.submit') })).toBeEnabled();
  });

  it('asks for the app code when the account has two-factor on, and sends it with the token', async () => {
    const { t, requests, onSignedIn } = setup({
      'POST /web-api/user/auth': { body: { status: 'two_factor_required', two_factor_token: 'tok-1' } },
      'POST /web-api/user/twoauth': (request) =>
        (request.body as { code: string }).code === '123456' ? { body: { status: 'authorised', user: { id: '7', displayName: 'B' } } } : { status: 401, body: { message: 'Wrong' } },
    });
    await userEvent.type(screen.getByLabelText(t('account:field.email')), 'b@example.com');
    await userEvent.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.submit') }));
    const code = await screen.findByLabelText(t('account:field.appCode'));
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.twoFactor.submit') }));
    expect(code).toHaveAccessibleDescription(t('account:validation.codeLength', { length: 6 }));
    await userEvent.type(code, '9');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.twoFactor.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account:error.wrongCode'));
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.twoFactor.submit') }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requests.at(-1)?.body).toEqual({ two_factor_token: 'tok-1', code: '123456' });
  });

  it('signs in by SMS: sends the code, then checks it', async () => {
    const { t, requests, onSignedIn } = setup(
      {
        'POST /web-api/sms-auth/send-code': { body: { message: 'sent', code_length: 6 } },
        'POST /web-api/sms-auth/check-code': { body: { status: 'authorised', user: { id: '9', displayName: 'C' } } },
      },
      { methods: { sms: { enabled: true } }, defaultMethod: 'sms' },
    );
    await userEvent.type(screen.getByLabelText(t('account:field.phone')), '7400123456');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.sms.send') }));
    expect(await screen.findByText(t('account:login.sms.sent'))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(t('account:field.code')), '654321');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.sms.submit') }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requests.map((r) => r.path)).toEqual(['/web-api/sms-auth/send-code', '/web-api/sms-auth/check-code']);
    expect(requests[1]?.body).toEqual({ phone: '7400123456', country_code: 'GB', code: '654321' });
  });
});
