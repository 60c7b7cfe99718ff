import { AccountApiProvider, fakeAccountApi } from '@tessera/account/data-access-session';
import { renderWithProviders, testBrandPayload } from '@tessera/shared/util-testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPasswordStrengthChecker } from '@tessera/account/util-validation';
import { ChangePasswordForm } from './change-password-form';
import { PhonePanel } from './phone-panel';
import { ReauthProvider } from './reauth-provider';
import { SecureQuestionPanel } from './secure-question-panel';
import { SessionsPanel } from './sessions-panel';
import { TwoFactorPanel } from './two-factor-panel';

function setup(ui: ReactElement, routes: Parameters<typeof fakeAccountApi>[0]) {
  const api = fakeAccountApi(routes);
  const view = renderWithProviders(<AccountApiProvider client={api.client}>{ui}</AccountApiProvider>, {
    brand: testBrandPayload({ country: 'gb', config: { global: { countries: ['gb'], defaultCountry: 'gb' } } }),
    session: { status: 'authorised', user: { id: '42', displayName: 'Ada' } },
  });
  return { ...view, ...api };
}

// The strength estimator's dictionaries load once per page (here: once per file) before the forms are used.
beforeAll(async () => {
  await loadPasswordStrengthChecker();
}, 60_000);

describe('ChangePasswordForm', { timeout: 20_000 }, () => {
  it('sends the three fields base64-encoded with the choice to end other sessions', async () => {
    const { t, requests } = setup(<ChangePasswordForm />, {
      'PUT /web-api/api/web/user/v1/password': { body: { message: 'ok' } },
    });
    await userEvent.type(screen.getByLabelText(t('account:field.oldPassword')), 'old12345');
    await userEvent.type(screen.getByLabelText(t('account:field.newPassword')), 'k3Xy9Pеq2ü');
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'k3Xy9Pеq2ü');
    await userEvent.click(screen.getByRole('button', { name: t('account:password.submit') }));
    expect(await screen.findByRole('status')).toHaveTextContent(t('account:password.done'));
    const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    expect(requests[0]?.body).toEqual({
      data: {
        attributes: {
          old_password: encode('old12345'),
          password: encode('k3Xy9Pеq2ü'),
          password_confirmation: encode('k3Xy9Pеq2ü'),
          end_other_sessions: true,
        },
      },
    });
  });

  it('marks a wrong current password and keeps the form usable', async () => {
    const { t } = setup(<ChangePasswordForm />, {
      'PUT /web-api/api/web/user/v1/password': {
        status: 422,
        body: {
          message: 'Wrong current password',
          validation_errors: [{ field: 'data.attributes.old_password', message: 'no' }],
        },
      },
    });
    await userEvent.type(screen.getByLabelText(t('account:field.oldPassword')), 'bad12345');
    await userEvent.type(screen.getByLabelText(t('account:field.newPassword')), 'k3Xy9PqR2m');
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'k3Xy9PqR2m');
    await userEvent.click(screen.getByRole('button', { name: t('account:password.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('account:error.invalid'));
    expect(screen.getByLabelText(t('account:field.oldPassword'))).toHaveAccessibleDescription(
      t('account:error.credentials'),
    );
    expect(screen.getByRole('button', { name: t('account:password.submit') })).toBeEnabled();
  });

  it('refuses mismatching passwords without a call', async () => {
    const { t, requests } = setup(<ChangePasswordForm />, {});
    await userEvent.type(screen.getByLabelText(t('account:field.oldPassword')), 'old12345');
    await userEvent.type(screen.getByLabelText(t('account:field.newPassword')), 'k3Xy9PqR2m');
    await userEvent.type(screen.getByLabelText(t('account:field.passwordConfirmation')), 'k3Xy9PqR2n');
    await userEvent.click(screen.getByRole('button', { name: t('account:password.submit') }));
    expect(screen.getByLabelText(t('account:field.passwordConfirmation'))).toHaveAccessibleDescription(
      t('account:error.passwordMismatch'),
    );
    expect(requests).toHaveLength(0);
  });
});

describe('TwoFactorPanel', () => {
  const qr = {
    qr_code_url: 'data:image/png;base64,AAAA',
    qr_link: 'otpauth://totp/x',
    code: 'JBSWY3DPEHPK3PXP',
    sms_required: true,
  };

  it('enables with the app code and the SMS code, shows a wrong SMS code (error_code 2) under its field, then the hash', async () => {
    let attempts = 0;
    const { t, requests } = setup(<TwoFactorPanel enabled={false} smsRequired />, {
      'POST /officeapi/gettwofactorqrcodeurl': { body: qr },
      'POST /officeapi/sendSmsForTwoFactorActivation': { body: { message: 'sent', code_length: 6 } },
      'POST /officeapi/twofactorauthenable': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 422, body: { message: 'Wrong SMS code', error_code: 2 } }
          : { body: { message: 'on', hash: 'HASH1234' } };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: t('account:twoFactor.start') }));
    expect(await screen.findByRole('img', { name: t('account:twoFactor.qrAlt') })).toHaveAttribute(
      'src',
      qr.qr_code_url,
    );
    expect(screen.getByText(t('account:twoFactor.secret', { code: qr.code }))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t('account:twoFactor.sendSms') }));
    await waitFor(() => expect(screen.getByRole('button', { name: t('account:twoFactor.sendSms') })).toBeDisabled());
    await userEvent.type(screen.getByLabelText(t('account:field.appCode')), '123456');
    await userEvent.type(screen.getByLabelText(t('account:field.code')), '111111');
    await userEvent.click(screen.getByRole('button', { name: t('account:twoFactor.enable') }));
    await waitFor(() =>
      expect(screen.getByLabelText(t('account:field.code'))).toHaveAccessibleDescription(t('account:error.wrongCode')),
    );
    await userEvent.click(screen.getByRole('button', { name: t('account:twoFactor.enable') }));
    expect(await screen.findByText(t('account:twoFactor.hash', { hash: 'HASH1234' }))).toBeInTheDocument();
    expect(screen.getByText(t('account:twoFactor.stateOn'))).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/officeapi/twofactorauthenable').at(-1)?.body).toEqual({
      app_code: '123456',
      sms_code: '111111',
    });
  });

  it('disables with the hash', async () => {
    const { t, requests } = setup(<TwoFactorPanel enabled smsRequired={false} />, {
      'POST /officeapi/twofactorauthdisable': { body: { message: 'off' } },
    });
    await userEvent.type(screen.getByLabelText(t('account:field.hash')), 'HASH1234');
    await userEvent.click(screen.getByRole('button', { name: t('account:twoFactor.disable') }));
    expect(await screen.findByText(t('account:twoFactor.stateOff'))).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ hash: 'HASH1234' });
  });
});

describe('SessionsPanel', () => {
  it('lists the sessions, closes another one and refreshes the list', async () => {
    let closed = false;
    const session = (id: string, current: boolean) => ({
      session_id: id,
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
      ip: '10.0.0.1',
      created_at: '2026-01-01T10:00:00Z',
      last_seen_at: '2026-01-01T10:00:00Z',
      current,
    });
    const { t, requests } = setup(<SessionsPanel />, {
      'POST /officeapi/getusersessions': () => ({
        body: { sessions: closed ? [session('a', true)] : [session('a', true), session('b', false)] },
      }),
      'POST /officeapi/closesession': () => {
        closed = true;
        return { body: { message: 'closed' } };
      },
    });
    const list = await screen.findByRole('list', { name: t('account:sessions.title') });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(list).getByText(new RegExp(t('account:sessions.current').replace(/[[\]()]/g, '.'))),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t('account:sessions.close') }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('status')).toHaveTextContent(t('account:sessions.closed'));
    expect(requests.find((r) => r.path === '/officeapi/closesession')?.body).toEqual({ session_id: 'b' });
    expect(screen.queryByRole('button', { name: t('account:sessions.closeAll') })).not.toBeInTheDocument();
  });
});

describe('ReauthProvider', () => {
  const qr = {
    qr_code_url: 'data:image/png;base64,AAAA',
    qr_link: 'otpauth://totp/x',
    code: 'JBSWY3DPEHPK3PXP',
    sms_required: false,
  };
  const reauthRequired = { status: 403, body: { message: 'Confirm your password to continue', error_code: 4031 } };

  it('item 9: a change refused for want of a recent sign-in asks for the password in a dialog, then is retried', async () => {
    let proven = false;
    const { t, requests } = setup(
      <ReauthProvider>
        <TwoFactorPanel enabled={false} smsRequired={false} />
      </ReauthProvider>,
      {
        'POST /officeapi/gettwofactorqrcodeurl': () => (proven ? { body: qr } : reauthRequired),
        'POST /web-api/user/reauth': (r) => {
          proven = (r.body as { password: string }).password === 'Right-pass-1';
          return proven
            ? { body: { message: 'ok' } }
            : {
                status: 422,
                body: { message: 'Wrong password', validation_errors: [{ field: 'password', message: 'no' }] },
              };
        },
      },
    );
    await userEvent.click(screen.getByRole('button', { name: t('account:twoFactor.start') }));
    const dialog = await screen.findByRole('dialog', { name: t('account:reauth.title') });
    const password = within(dialog).getByLabelText(t('account:field.password'));
    // Focus moves into the dialog (it is named by its title), the page behind is inert to Tab.
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.type(password, 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: t('account:reauth.submit') }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(t('account:error.credentials')));
    await userEvent.clear(password);
    await userEvent.type(password, 'Right-pass-1');
    await userEvent.click(within(dialog).getByRole('button', { name: t('account:reauth.submit') }));
    expect(await screen.findByRole('img', { name: t('account:twoFactor.qrAlt') })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual([
      '/officeapi/gettwofactorqrcodeurl',
      '/web-api/user/reauth',
      '/web-api/user/reauth',
      '/officeapi/gettwofactorqrcodeurl',
    ]);
  });

  it('item 9: cancelled, the change is not made and the panel says the password is needed', async () => {
    const { t, requests } = setup(
      <ReauthProvider>
        <TwoFactorPanel enabled smsRequired={false} />
      </ReauthProvider>,
      { 'POST /officeapi/twofactorauthdisable': reauthRequired },
    );
    await userEvent.type(screen.getByLabelText(t('account:field.hash')), 'HASH1234');
    await userEvent.click(screen.getByRole('button', { name: t('account:twoFactor.disable') }));
    const dialog = await screen.findByRole('dialog', { name: t('account:reauth.title') });
    await userEvent.click(within(dialog).getByRole('button', { name: t('account:common.cancel') }));
    expect(await screen.findByText(t('account:error.reauthRequired'))).toBeInTheDocument();
    expect(screen.getByText(t('account:twoFactor.stateOn'))).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/officeapi/twofactorauthdisable')).toHaveLength(1);
  });
});

describe('PhonePanel', () => {
  it('changes the phone: code to the current number, check, secure answer, the new number, the code it received', async () => {
    const { t, requests } = setup(<PhonePanel hasPhone hasSecureQuestion />, {
      'POST /web-api/api/internal/v1/phoneActions/updatePhoneNumber/sendCode': {
        body: { message: 'sent', code_length: 6 },
      },
      'POST /web-api/api/internal/v3/phone-number/update/check-confirm-code': { body: { message: 'ok' } },
      'POST /web-api/api/internal/v3/phone-number/update/check-user-answer': (r) =>
        (r.body as { user_answer: string }).user_answer === 'Rex'
          ? { body: { message: 'ok' } }
          : { status: 422, body: { message: 'Wrong answer' } },
      'POST /web-api/api/internal/v2/phone-actions/update-phone-number': { body: { message: 'sent', code_length: 6 } },
      'POST /web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm': (r) =>
        (r.body as { confirm_code: string }).confirm_code === '654321'
          ? { body: { message: 'changed' } }
          : { status: 422, body: { message: 'Wrong code' } },
    });
    await userEvent.click(screen.getByRole('button', { name: t('account:phone.change') }));
    await userEvent.click(screen.getByRole('button', { name: t('account:phone.sendCode') }));
    await userEvent.type(await screen.findByLabelText(t('account:field.code')), '123456');
    await userEvent.click(screen.getByRole('button', { name: t('account:phone.checkCode') }));
    const answer = await screen.findByLabelText(t('account:field.secureAnswer'));
    await userEvent.type(answer, 'Max');
    await userEvent.click(screen.getByRole('button', { name: t('account:phone.checkAnswer') }));
    await waitFor(() => expect(answer).toHaveAccessibleDescription(t('account:error.wrongAnswer')));
    await userEvent.clear(answer);
    await userEvent.type(answer, 'Rex');
    await userEvent.click(screen.getByRole('button', { name: t('account:phone.checkAnswer') }));
    await userEvent.type(await screen.findByLabelText(t('account:field.newPhone')), '7400999888');
    await userEvent.click(screen.getByRole('button', { name: t('account:phone.changeSubmit') }));
    // Not changed yet: the new number's code is asked.
    expect(await screen.findByText(t('account:phone.newCodeSent'))).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({
      phone_number: '7400999888',
      confirm_code: '123456',
      user_answer: 'Rex',
      country_code: 'GB',
    });
    expect(screen.queryByText(t('account:phone.changed'))).not.toBeInTheDocument();
    const newCode = screen.getByLabelText(t('account:field.code'));
    expect(newCode).toHaveValue('');
    await userEvent.type(newCode, '111111');
    await userEvent.click(screen.getByRole('button', { name: t('account:phone.confirmSubmit') }));
    await waitFor(() => expect(newCode).toHaveAccessibleDescription(t('account:error.wrongCode')));
    await userEvent.clear(newCode);
    await userEvent.type(newCode, '654321');
    await userEvent.click(screen.getByRole('button', { name: t('account:phone.confirmSubmit') }));
    expect(await screen.findByText(t('account:phone.changed'))).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({
      path: '/web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm',
      body: { confirm_code: '654321' },
    });
  });
});

describe('SecureQuestionPanel', () => {
  const questionRoutes = {
    'GET /officeapi/getsecurequestions': {
      body: { questions: [{ id: 2, key: 'secure_question_first_pet', text: 'What was the name of your first pet?' }] },
    },
    'POST /officeapi/getUserSecureQuestion': { body: { secure_question: null } },
  };

  it('refuses an answer with hidden characters before sending, then saves a clean one', async () => {
    const { t, requests } = setup(<SecureQuestionPanel />, {
      ...questionRoutes,
      'POST /officeapi/setanswertosecurequestion': { body: { message: 'ok' } },
    });
    await screen.findByRole('option', { name: 'What was the name of your first pet?' });
    const answer = screen.getByLabelText(t('account:field.answer'));
    await userEvent.type(answer, 'Bar\u202Esik');
    await userEvent.type(screen.getByLabelText(t('account:field.answerRepeat')), 'Bar\u202Esik');
    await userEvent.click(screen.getByRole('button', { name: t('account:question.submit') }));
    expect(answer).toHaveAccessibleDescription(t('account:validation.validationHiddenSymbols'));
    expect(requests.filter((r) => r.path === '/officeapi/setanswertosecurequestion')).toHaveLength(0);
    await userEvent.clear(answer);
    await userEvent.type(answer, 'Barsik');
    await userEvent.clear(screen.getByLabelText(t('account:field.answerRepeat')));
    await userEvent.type(screen.getByLabelText(t('account:field.answerRepeat')), 'Barsik');
    await userEvent.click(screen.getByRole('button', { name: t('account:question.submit') }));
    expect(await screen.findByText(t('account:question.done'))).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/officeapi/setanswertosecurequestion')?.body).toEqual({
      question_id: 2,
      answer: 'Barsik',
      answer_repeat: 'Barsik',
    });
  });
});
