import { AccountApiProvider, fakeAccountApi } from '@tessera/account/data-access-session';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPasswordStrengthChecker } from '@tessera/account/util-validation';
import { RegistrationForm } from './registration-form';

const currencies = {
  EUR: { id: 1, code: 'EUR', symbol: '€', name: 'Euro' },
  GBP: { id: 2, code: 'GBP', symbol: '£', name: 'Pound' },
};

function setup(
  registration: Record<string, unknown>,
  routes: Parameters<typeof fakeAccountApi>[0] = {},
  captcha?: Record<string, unknown>,
  auth?: Record<string, unknown>,
) {
  const api = fakeAccountApi(routes);
  const onRegistered = vi.fn();
  const view = renderWithProviders(
    <AccountApiProvider client={api.client}>
      <RegistrationForm onRegistered={onRegistered} />
    </AccountApiProvider>,
    {
      brand: testBrandPayload({
        country: 'gb',
        config: {
          registration,
          global: { currencies, defaultCurrency: 'GBP', countries: ['gb'], defaultCountry: 'gb' },
          ...(captcha ? { captcha } : {}),
          ...(auth ? { auth } : {}),
        },
      }),
    },
  );
  return { ...view, ...api, onRegistered };
}

const answer = { user: { id: '5', displayName: '5' }, account_id: '5', welcome: { modal: true, redirect: '/office' } };

// The strength estimator's dictionaries load once per page (here: once per file) before the forms are used.
beforeAll(async () => {
  await loadPasswordStrengthChecker();
}, 60_000);

// Forms with a strength meter do more per keystroke; this shared 2-core host runs them slowly.
describe('RegistrationForm', { timeout: 20_000 }, () => {
  it('offers only the variants the configuration switches on, in their order', () => {
    const { t } = setup({
      defaultVariant: 'full',
      variants: {
        fast: { order: 3 },
        phone: { enabled: false },
        full: { order: 1 },
        short: { enabled: true, order: 2 },
      },
    });
    const tabs = screen.getAllByRole('button', { pressed: undefined }).filter((b) => b.hasAttribute('aria-pressed'));
    expect(tabs.map((b) => b.textContent)).toEqual([
      t('account:registration.variant.full'),
      t('account:registration.variant.short'),
      t('account:registration.variant.fast'),
    ]);
    expect(screen.getByRole('button', { name: t('account:registration.variant.full') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('item 11: shows the strength and the feedback as the person types, and refuses a weak password before sending', async () => {
    const { t, requests } = setup({ defaultVariant: 'short', variants: { short: { enabled: true } } });
    const field = screen.getByLabelText(t('account:field.password'));
    await userEvent.type(field, 'qwerty123');
    // In words (a polite live region), not by colour alone; the field names the meter in its description.
    const level = await screen.findByText(
      t('account:passwordStrength.label', { level: t('account:passwordStrength.level.0') }),
    );
    expect(level).toHaveAttribute('aria-live', 'polite');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(t('account:passwordStrength.warning.common')));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(t('account:passwordStrength.suggestion.anotherWord')),
    );
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'qwerty123');
    await userEvent.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: t('account:registration.ageConfirm', { count: 18 }) }));
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(t('account:validation.passwordTooWeak')));
    expect(requests).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'correct horse battery staple');
    expect(
      await screen.findByText(t('account:passwordStrength.label', { level: t('account:passwordStrength.level.4') })),
    ).toBeInTheDocument();
  });

  it('says so when registration is closed', () => {
    const { t } = setup({ enabled: false });
    expect(screen.getByRole('alert')).toHaveTextContent(t('account:registration.closed'));
  });

  it('registers by phone: the code first, then the account with the chosen currency and codes', async () => {
    const { t, requests, onRegistered } = setup(
      { defaultVariant: 'phone' },
      {
        'POST /web-api/user/registration/send-code': { body: { message: 'sent', code_length: 6 } },
        'POST /web-api/user/registration': { status: 201, body: answer },
      },
    );
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.sendCode') }));
    // The description holds the error, then the calling code hint of the masked phone input.
    const required = t('account:validation.required', { label: `"${t('account:field.phone')}"` });
    expect(screen.getByLabelText(t('account:field.phone'))).toHaveAccessibleDescription(`${required} +44`);
    await userEvent.type(screen.getByLabelText(t('account:field.phone')), '7400123456');
    await userEvent.click(screen.getByRole('checkbox', { name: t('account:registration.ageConfirm', { count: 18 }) }));
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.sendCode') }));
    await userEvent.type(await screen.findByLabelText(t('account:field.code')), '123456');
    await userEvent.type(screen.getByLabelText(t('account:field.password')), 'k3Xy9PqR2m');
    await userEvent.selectOptions(screen.getByLabelText(t('account:field.currency')), 'EUR');
    await userEvent.type(
      screen.getByLabelText(t('account:field.optional', { label: t('account:field.promoCode') })),
      'WELCOME',
    );
    await userEvent.type(
      screen.getByLabelText(t('account:field.optional', { label: t('account:field.refCode') })),
      'FRIEND1',
    );
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(answer));
    expect(requests[0]?.body).toEqual({ phone: '7400123456', country_code: 'GB' });
    expect(requests[1]?.body).toEqual({
      variant: 'phone',
      country: 'gb',
      currency: 'EUR',
      promo_code: 'WELCOME',
      ref_code: 'FRIEND1',
      age_confirmed: true,
      phone: '7400123456',
      country_code: 'GB',
      confirm_code: '123456',
      password: 'k3Xy9PqR2m',
    });
  });

  it('on a puzzle captcha brand, a phone registration solves one puzzle: its token goes with the code sending only', async () => {
    const user = userEvent.setup();
    const { t, requests, onRegistered } = setup(
      { defaultVariant: 'phone' },
      {
        'POST /web-api/captcha/puzzle/challenge': {
          body: {
            challenge_id: 'challenge-0123456789',
            track_width: 280,
            piece_width: 40,
            image: 'data:image/png;base64,',
            expires_in: 120,
          },
        },
        'POST /web-api/captcha/puzzle/verify': (request) =>
          (request.body as { position: number }).position === 60
            ? { body: { token: 'puzzle-token', expires_in: 120 } }
            : { status: 403, body: { message: 'Captcha check failed' } },
        'POST /web-api/user/registration/send-code': { body: { message: 'sent', code_length: 6 } },
        'POST /web-api/user/registration': { status: 201, body: answer },
      },
      { type: 'painPuzzle' },
    );
    await user.type(screen.getByLabelText(t('account:field.phone')), '7400123456');
    await user.click(screen.getByRole('checkbox', { name: t('account:registration.ageConfirm', { count: 18 }) }));
    await user.click(screen.getByRole('button', { name: t('account:registration.sendCode') }));
    const dialog = await screen.findByRole('dialog', { name: t('account:captcha.title') });
    const slider = await within(dialog).findByRole('slider', { name: t('account:captcha.slider') });
    await waitFor(() => expect(slider).toHaveFocus());
    await user.keyboard('{PageUp>6/}{Enter}');
    await user.type(await screen.findByLabelText(t('account:field.code')), '123456');
    await user.type(screen.getByLabelText(t('account:field.password')), 'k3Xy9PqR2m');
    await user.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(answer));
    const sendCode = requests.find((r) => r.path === '/web-api/user/registration/send-code');
    const registration = requests.find((r) => r.path === '/web-api/user/registration');
    expect(sendCode?.headers.get('x-captcha-token')).toBe('puzzle-token');
    expect(registration?.headers.get('x-captcha-token')).toBeNull();
    expect(requests.filter((r) => r.path === '/web-api/captcha/puzzle/challenge')).toHaveLength(1);
  });

  it('refuses a birth date under the minimum age before sending, and hides the promo code when switched off', async () => {
    const { t, requests } = setup({ defaultVariant: 'full', minAge: 21, promoCodeField: false });
    expect(
      screen.queryByLabelText(t('account:field.optional', { label: t('account:field.promoCode') })),
    ).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(t('account:field.password')), 'k3Xy9PqR2m');
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'k3Xy9PqR2m');
    await userEvent.type(screen.getByLabelText(t('account:field.firstName')), 'Ada');
    await userEvent.type(screen.getByLabelText(t('account:field.lastName')), 'Lovelace');
    const young = new Date();
    young.setFullYear(young.getFullYear() - 20);
    await userEvent.type(screen.getByLabelText(t('account:field.birthDate')), young.toISOString().slice(0, 10));
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    const birthDate = screen.getByLabelText(t('account:field.birthDate'));
    expect(birthDate).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(birthDate).toHaveFocus());
    expect(requests).toHaveLength(0);
  });

  it('shows and requires the fields named by the variant requiredFields (wire names, as the server reads them)', async () => {
    const { t, requests, onRegistered } = setup(
      {
        defaultVariant: 'fast',
        promoCodeField: false,
        variants: {
          fast: { requiredFields: ['birth_date', 'promo_code'] },
          phone: { enabled: false },
          full: { enabled: false },
        },
      },
      { 'POST /web-api/user/registration': { status: 201, body: answer } },
    );
    const birthDate = screen.getByLabelText(t('account:field.birthDate'));
    // Required by configuration: the promo code field shows without the "optional" label although promoCodeField is off.
    const promoCode = screen.getByLabelText(t('account:field.promoCode'));
    expect(screen.queryByLabelText(t('account:field.email'))).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    expect(birthDate).toHaveAttribute('aria-invalid', 'true');
    expect(promoCode).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
    await userEvent.type(birthDate, '1990-05-17');
    await userEvent.type(promoCode, 'SPRING');
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(answer));
    expect(requests[0]?.body).toEqual({
      variant: 'fast',
      country: 'gb',
      currency: 'GBP',
      promo_code: 'SPRING',
      birth_date: '1990-05-17',
    });
    // The birth date states the age: no confirmation box.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('asks a phone registration for an e-mail address when the brand requires one', async () => {
    const { t } = setup({ defaultVariant: 'phone', variants: { phone: { requiredFields: ['email'] } } });
    expect(screen.getByLabelText(t('account:field.email'))).toBeInTheDocument();
    expect(screen.queryByLabelText(t('account:field.firstName'))).not.toBeInTheDocument();
  });

  it('shows the server field errors beside their fields', async () => {
    const { t } = setup(
      { defaultVariant: 'short', variants: { short: { enabled: true } } },
      {
        'POST /web-api/user/registration': {
          status: 400,
          body: {
            message: 'Invalid request',
            validation_errors: [{ field: 'email', message: 'validation_enter_correct_email' }],
          },
        },
      },
    );
    await userEvent.type(screen.getByLabelText(t('account:field.email')), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(t('account:field.password')), 'k3Xy9PqR2m');
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'k3Xy9PqR2m');
    await userEvent.click(screen.getByRole('checkbox', { name: t('account:registration.ageConfirm', { count: 18 }) }));
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account:error.invalid'));
    expect(screen.getByLabelText(t('account:field.email'))).toHaveAccessibleDescription(
      t('account:validation.validationEnterCorrectEmail'),
    );
  });

  it('asks a variant without a birth date to confirm the minimum age, and sends the confirmation', async () => {
    const { t, requests, onRegistered } = setup(
      { defaultVariant: 'fast', minAge: 21, variants: { phone: { enabled: false }, full: { enabled: false } } },
      { 'POST /web-api/user/registration': { status: 201, body: answer } },
    );
    const box = screen.getByRole('checkbox', { name: t('account:registration.ageConfirm', { count: 21 }) });
    expect(box).toBeRequired();
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(t('account:registration.ageConfirmRequired', { count: 21 }));
    await waitFor(() => expect(box).toHaveFocus());
    expect(requests).toHaveLength(0);
    await userEvent.click(box);
    expect(box).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(answer));
    expect(requests[0]?.body).toEqual({ variant: 'fast', country: 'gb', currency: 'GBP', age_confirmed: true });
  });

  it('shows the server refusal of a missing age confirmation on the box', async () => {
    const { t } = setup(
      { defaultVariant: 'fast', variants: { phone: { enabled: false }, full: { enabled: false } } },
      {
        'POST /web-api/user/registration': {
          status: 422,
          body: {
            message: 'Confirm that you are at least 18 years old',
            validation_errors: [{ field: 'age_confirmed', message: 'required' }],
          },
        },
      },
    );
    const box = screen.getByRole('checkbox', { name: t('account:registration.ageConfirm', { count: 18 }) });
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(box).toHaveAccessibleDescription(t('account:registration.ageConfirmRequired', { count: 18 }));
  });

  it('keeps the social providers out of reach until the age is confirmed, saying why', async () => {
    const user = userEvent.setup();
    const { t } = setup({ defaultVariant: 'social', variants: { social: { enabled: true } } }, {}, undefined, {
      social: { enabled: true, providers: ['vk'] },
    });
    const link = screen.getByRole('link', { name: t('account:registration.social.with', { provider: 'vk' }) });
    expect(link).not.toHaveAttribute('href');
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(link).toHaveAccessibleDescription(t('account:registration.social.confirmFirst'));
    await user.click(screen.getByRole('checkbox', { name: t('account:registration.ageConfirm', { count: 18 }) }));
    const ready = screen.getByRole('link', { name: t('account:registration.social.with', { provider: 'vk' }) });
    const href = new URL(ready.getAttribute('href') ?? '', 'http://site.example');
    expect(href.pathname).toBe('/web-api/socauth/vk/start');
    expect(Object.fromEntries(href.searchParams)).toEqual({ currency: 'GBP', country: 'gb', age_confirmed: 'true' });
    expect(ready).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText(t('account:registration.social.confirmFirst'))).not.toBeInTheDocument();
  });
  it('registers by e-mail through the address: the "check your e-mail" step takes the code and finishes (ADR 0202)', async () => {
    const user = userEvent.setup();
    const pending = { status: 'confirmation_sent', message: 'Check your e-mail', code_length: 6, resend_after: 60 };
    const { t, requests, onRegistered } = setup(
      {
        defaultVariant: 'short',
        variants: {
          short: { enabled: true },
          phone: { enabled: false },
          full: { enabled: false },
          fast: { enabled: false },
        },
      },
      {
        'POST /web-api/user/registration': { status: 202, body: pending },
        'POST /web-api/user/registration/confirm': { status: 201, body: answer },
      },
    );
    await user.type(screen.getByLabelText(t('account:field.email')), 'new.player@example.com');
    await user.type(screen.getByLabelText(t('account:field.password')), 'k3Xy9PqR2m');
    await user.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'k3Xy9PqR2m');
    await user.click(screen.getByRole('checkbox', { name: t('account:registration.ageConfirm', { count: 18 }) }));
    await user.click(screen.getByRole('button', { name: t('account:registration.submit') }));
    expect(await screen.findByRole('heading', { name: t('account:registration.emailSent.title') })).toBeInTheDocument();
    expect(
      screen.getByText(t('account:registration.emailSent.text', { email: 'new.player@example.com' })),
    ).toBeInTheDocument();
    expect(onRegistered).not.toHaveBeenCalled();
    const code = screen.getByLabelText(t('account:registration.emailSent.code'));
    await user.click(screen.getByRole('button', { name: t('account:registration.emailSent.submit') }));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: t('account:registration.emailSent.submit') }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith(answer));
    expect(requests.map((r) => r.path)).toEqual(['/web-api/user/registration', '/web-api/user/registration/confirm']);
    expect(requests[1]?.body).toEqual({ email: 'new.player@example.com', code: '123456' });
  });
});
