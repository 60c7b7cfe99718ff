import { AccountApiProvider, fakeAccountApi } from '@tessera/account/data-access-session';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';

const brand = (auth: Record<string, unknown> = {}) =>
  testBrandPayload({ country: 'gb', config: { auth: { defaultMethod: 'email', ...auth } } });

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
    expect(email).toHaveAccessibleDescription(
      t('account:validation.required', { label: `"${t('account:field.email')}"` }),
    );
    await waitFor(() => expect(email).toHaveFocus());
    await userEvent.type(email, 'bettor@gmial.com');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.submit') }));
    expect(email).toHaveAccessibleDescription(
      t('account:validation.validationEmailTypo', { suggestion: 'bettor@gmail.com' }),
    );
    expect(requests).toHaveLength(0);
  });

  it('signs in with e-mail and password and reports the answer', async () => {
    const { t, requests, onSignedIn } = setup({
      'POST /web-api/user/auth': { body: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } } },
    });
    await userEvent.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.submit') }));
    await waitFor(() =>
      expect(onSignedIn).toHaveBeenCalledWith({ status: 'authorised', user: { id: '1001', displayName: 'Ada' } }),
    );
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
        (request.body as { code: string }).code === '123456'
          ? { body: { status: 'authorised', user: { id: '7', displayName: 'B' } } }
          : { status: 401, body: { message: 'Wrong' } },
    });
    await userEvent.type(screen.getByLabelText(t('account:field.email')), 'b@example.com');
    await userEvent.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.submit') }));
    const code = await screen.findByLabelText(t('account:field.appCode'));
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: t('account:login.twoFactor.submit') }));
    expect(code).toHaveAccessibleDescription(t('account:validation.codeLength', { count: 6 }));
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

describe('LoginForm on a brand with the built-in puzzle captcha', () => {
  // The fake server plays the platform's puzzle routes: the gap of each challenge is known here, never to the page.
  function puzzleServer(options: { actions?: string[]; auth?: Parameters<typeof fakeAccountApi>[0][string] } = {}) {
    let issued = 0;
    const gaps = new Map<string, number>();
    const routes: Parameters<typeof fakeAccountApi>[0] = {
      'POST /web-api/captcha/puzzle/challenge': () => {
        issued += 1;
        const id = `challenge-${issued}-0123456789`;
        gaps.set(id, 140);
        return {
          body: {
            challenge_id: id,
            track_width: 280,
            piece_width: 40,
            image: 'data:image/png;base64,iVBORw0KGgo=',
            expires_in: 120,
          },
        };
      },
      'POST /web-api/captcha/puzzle/verify': (request) => {
        const { challenge_id, position, moves } = request.body as {
          challenge_id: string;
          position: number;
          moves: number;
        };
        const gap = gaps.get(challenge_id);
        gaps.delete(challenge_id);
        return gap !== undefined && Math.abs(position - gap) <= 4 && moves > 0
          ? { body: { token: `token-of-${challenge_id}`, expires_in: 120 } }
          : { status: 403, body: { message: 'Captcha check failed', detail: 'Not quite. Solve a new puzzle.' } };
      },
      'POST /web-api/user/auth': options.auth ?? {
        body: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } },
      },
    };
    const api = fakeAccountApi(routes);
    const onSignedIn = vi.fn();
    const view = renderWithProviders(
      <AccountApiProvider client={api.client}>
        <LoginForm returnTo="/en/" onSignedIn={onSignedIn} />
      </AccountApiProvider>,
      {
        brand: testBrandPayload({
          country: 'gb',
          config: {
            auth: { defaultMethod: 'email' },
            captcha: { type: 'huntCaptcha', ...(options.actions ? { actions: options.actions } : {}) },
          },
        }),
      },
    );
    return { ...view, ...api, onSignedIn };
  }

  it("shows the brand's puzzle when the server asks for it (428 after failed sign-ins, see the sign-in lockout of the libs/server/accounts README) and signs in with its token", async () => {
    const user = userEvent.setup();
    const { t, requests, onSignedIn } = puzzleServer({
      actions: ['registration'],
      auth: (request) =>
        request.headers.get('x-captcha-token')
          ? { body: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } } }
          : {
              status: 428,
              body: {
                message: 'Captcha required',
                validation_errors: [{ field: 'x-captcha-token', message: 'required' }],
              },
            },
    });
    await user.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await user.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await user.click(screen.getByRole('button', { name: t('account:login.submit') }));
    const dialog = await screen.findByRole('dialog', { name: t('account:captcha.title') });
    const slider = await within(dialog).findByRole('slider', { name: t('account:captcha.slider') });
    await waitFor(() => expect(slider).toHaveFocus());
    await user.keyboard('{PageUp>14/}');
    await user.click(within(dialog).getByRole('button', { name: t('account:captcha.check') }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(requests.map((r) => r.path)).toEqual([
      '/web-api/user/auth',
      '/web-api/captcha/puzzle/challenge',
      '/web-api/captcha/puzzle/verify',
      '/web-api/user/auth',
    ]);
    expect(requests[0]?.headers.get('x-captcha-token')).toBeNull();
    expect(requests[3]?.headers.get('x-captcha-token')).toBe('token-of-challenge-1-0123456789');
  });

  it('shows the server puzzle, solved with the keyboard, and sends its token with the sign-in', async () => {
    const user = userEvent.setup();
    const { t, requests, onSignedIn } = puzzleServer();
    await user.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await user.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await user.click(screen.getByRole('button', { name: t('account:login.submit') }));
    const dialog = await screen.findByRole('dialog', { name: t('account:captcha.title') });
    const slider = await within(dialog).findByRole('slider', { name: t('account:captcha.slider') });
    await waitFor(() => expect(slider).toHaveFocus());
    // A wrong answer first: the server refuses it and a new puzzle comes.
    await user.keyboard('{PageUp}{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(t('account:captcha.wrong'));
    await waitFor(() => expect(within(dialog).getByRole('slider')).toHaveAttribute('aria-valuenow', '0'));
    await user.keyboard('{PageUp>14/}');
    await user.click(within(dialog).getByRole('button', { name: t('account:captcha.check') }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual([
      '/web-api/captcha/puzzle/challenge',
      '/web-api/captcha/puzzle/verify',
      '/web-api/captcha/puzzle/challenge',
      '/web-api/captcha/puzzle/verify',
      '/web-api/user/auth',
    ]);
    expect(requests[3]?.body).toEqual({ challenge_id: 'challenge-2-0123456789', position: 140, moves: 14 });
    expect(requests[4]?.headers.get('x-captcha-token')).toBe('token-of-challenge-2-0123456789');
  });

  it('offers the check without a puzzle (ALTCHA) beside the slider', async () => {
    const user = userEvent.setup();
    const { t } = puzzleServer();
    await user.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await user.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await user.click(screen.getByRole('button', { name: t('account:login.submit') }));
    const dialog = await screen.findByRole('dialog', { name: t('account:captcha.title') });
    await within(dialog).findByRole('slider');
    expect(within(dialog).getByRole('button', { name: t('account:captcha.useAltcha') })).toBeInTheDocument();
  });

  it('closing the puzzle stops the sign-in with the captcha message and sends nothing', async () => {
    const user = userEvent.setup();
    const { t, requests, onSignedIn } = puzzleServer();
    await user.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await user.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await user.click(screen.getByRole('button', { name: t('account:login.submit') }));
    const dialog = await screen.findByRole('dialog', { name: t('account:captcha.title') });
    await within(dialog).findByRole('slider');
    await user.click(within(dialog).getByRole('button', { name: t('account:captcha.close') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account:error.captcha'));
    expect(requests.map((r) => r.path)).toEqual(['/web-api/captcha/puzzle/challenge']);
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});

describe('LoginForm on a brand whose hCaptcha script cannot load', () => {
  it('item 13: says the check could not load, offers a retry, and never signs in without a token', async () => {
    const user = userEvent.setup();
    const api = fakeAccountApi({
      'POST /web-api/user/auth': { body: { status: 'authorised', user: { id: '1001', displayName: 'Ada' } } },
    });
    const onSignedIn = vi.fn();
    const { t } = renderWithProviders(
      <AccountApiProvider client={api.client}>
        <LoginForm returnTo="/en/" onSignedIn={onSignedIn} />
      </AccountApiProvider>,
      // The script never becomes ready here (nothing serves it), so the brand's short polling budget runs out.
      {
        brand: testBrandPayload({
          country: 'gb',
          config: {
            auth: { defaultMethod: 'email' },
            captcha: { type: 'hcaptcha', publicKey: 'site-key', scriptPollMs: 10, scriptPollTries: 3 },
          },
        }),
      },
    );
    await user.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await user.type(screen.getByLabelText(t('account:field.password')), 'secret123');
    await user.click(screen.getByRole('button', { name: t('account:login.submit') }));
    const dialog = await screen.findByRole('dialog', { name: t('account:captcha.title') });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(t('account:captcha.unavailable'));
    expect(within(dialog).getByRole('button', { name: t('account:captcha.retry') })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: t('account:captcha.useAltcha') })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: t('account:captcha.close') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account:error.captcha'));
    expect(api.requests.map((r) => r.path)).toEqual([]);
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
