import {
  authCalls,
  reloadInto,
  toAccountError,
  useAccountText,
  useCaptchaGate,
  type AccountError,
  type LoginAnswer,
} from '@tessera/account/data-access-session';
import { FormAlert, PhoneField, StyledButtonRow, StyledForm, TextField, focusFirstError } from '@tessera/account/ui';
import {
  loadPhoneValidator,
  phoneRulesFromSettings,
  validateEmail,
  validateRequired,
  validateSmsCode,
} from '@tessera/account/util-validation';
import { HTTPError, useApiClient } from '@tessera/shared/data-access-api';
import { useBrand, useSiteConfig } from '@tessera/shared/data-access-brand';
import { Button } from '@tessera/shared/ui';
import { type FormEvent, useRef, useState } from 'react';

/** The sign-in methods of the form, in tab order. */
export type LoginMethod = 'email' | 'phone' | 'id' | 'sms';

/** Props of {@link LoginForm}. */
export interface LoginFormProps {
  /** Where to go once signed in (an in-site address with the language prefix). */
  returnTo: string;
  /** Called instead of the page load after sign-in (tests). */
  onSignedIn?: (answer: LoginAnswer) => void;
  /** Opens the password reset. */
  onForgotPassword?: () => void;
}

type Step = { kind: 'credentials' } | { kind: 'twoFactor'; token: string };

function enabledMethods(config: ReturnType<typeof useSiteConfig>): LoginMethod[] {
  const m = config.auth.methods;
  const all: Array<[LoginMethod, boolean]> = [
    ['email', m.email?.enabled !== false],
    ['phone', m.phone?.enabled !== false],
    ['id', m.id?.enabled !== false],
    ['sms', m.sms?.enabled === true],
  ];
  return all.filter(([, on]) => on).map(([method]) => method);
}

/**
 * Sign-in by e-mail, phone or account id with a password, or by an SMS code; then the app code when the account
 * has two-factor on. Every failure of the credentials reads the same, so the form never tells whether an account
 * exists (spec section 8, ADR 0071).
 */
export function LoginForm({ returnTo, onSignedIn, onForgotPassword }: LoginFormProps) {
  const config = useSiteConfig();
  const brand = useBrand();
  const phoneRules = phoneRulesFromSettings(config.registration.phone);
  const client = useApiClient();
  const { ta, validation, errorText } = useAccountText();
  const captcha = useCaptchaGate('login');
  const methods = enabledMethods(config);
  const [method, setMethod] = useState<LoginMethod>(
    methods.includes(config.auth.defaultMethod) ? config.auth.defaultMethod : (methods[0] ?? 'email'),
  );
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [values, setValues] = useState({ login: '', password: '', code: '', appCode: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<AccountError | null>(null);
  const [busy, setBusy] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const country = brand.country.toUpperCase();

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const finish = (answer: LoginAnswer) => {
    if (answer.status === 'two_factor_required' && answer.two_factor_token) {
      setStep({ kind: 'twoFactor', token: answer.two_factor_token });
      return;
    }
    if (onSignedIn) onSignedIn(answer);
    else reloadInto(returnTo);
  };

  const showErrors = (errors: Record<string, string | undefined>) => {
    setFieldErrors(errors);
    const failed = Object.values(errors).some(Boolean);
    if (failed) queueMicrotask(() => focusFirstError(formRef.current));
    return failed;
  };

  const loginLabel =
    method === 'email' ? ta('field.email') : method === 'id' ? ta('field.accountId') : ta('field.phone');

  const phoneMethod = method === 'phone' || method === 'sms';

  // What the submit will need, loaded when the person starts on the form rather than with the page: the captcha's
  // code, and the phone metadata when a phone is asked for.
  const prepare = () => {
    captcha.prepare();
    if (phoneMethod) loadPhoneValidator().catch(() => undefined);
  };

  /** The login's error; a phone number's check needs the phone metadata, so it answers once that has loaded. */
  const checkLogin = (): string | undefined | Promise<string | undefined> => {
    const required = validation(validateRequired(values.login, loginLabel));
    if (method === 'email') return required ?? validation(validateEmail(values.login));
    if (method === 'id') return required ?? (/^\d+$/.test(values.login.trim()) ? undefined : ta('error.invalid'));
    if (required) return required;
    // Without the metadata (it could not load) the server checks the number.
    return loadPhoneValidator().then(
      (validatePhone) =>
        validation(validatePhone(values.login, { country, required: true, label: loginLabel, rules: phoneRules })),
      () => undefined,
    );
  };

  const run = async (send: () => Promise<LoginAnswer | void>, meaning: 'credentials' | 'code') => {
    setBusy(true);
    setError(null);
    try {
      const answer = await send();
      if (answer) finish(answer);
    } catch (caught) {
      setError(toAccountError(caught, meaning));
    } finally {
      setBusy(false);
    }
  };

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    const loginCheck = checkLogin();
    const loginError = loginCheck instanceof Promise ? await loginCheck : loginCheck;
    if (method === 'sms') {
      if (
        showErrors({
          login: loginError,
          code: codeSent
            ? validation(validateSmsCode(values.code, { length: 6, mask: 'numbers', label: ta('field.code') }))
            : undefined,
        })
      )
        return;
      if (!codeSent) {
        await run(async () => {
          // The server protects the code's sending with the login captcha (it costs an SMS).
          const headers = await captcha.run();
          await client.send(authCalls.smsSendCode, { phone: values.login, country_code: country }, { headers });
          setCodeSent(true);
        }, 'code');
        return;
      }
      await run(
        () =>
          client.send(authCalls.smsCheckCode, { phone: values.login, country_code: country, code: values.code.trim() }),
        'code',
      );
      return;
    }
    if (
      showErrors({
        login: loginError,
        password: validation(validateRequired(values.password, ta('field.password'))),
      })
    )
      return;
    await run(async () => {
      const body = {
        login: values.login.trim(),
        password: values.password,
        login_type: method,
        ...(method === 'phone' ? { country_code: country } : {}),
      };
      const headers = await captcha.run();
      try {
        return await client.send(authCalls.login, body, { headers });
      } catch (caught) {
        // After failed sign-ins the server asks a device it does not know for the brand's captcha (428, libs/server/accounts README, "Sign-in lockout").
        if (!(caught instanceof HTTPError) || caught.status !== 428) throw caught;
        return client.send(authCalls.login, body, { headers: await captcha.run({ demanded: true }) });
      }
    }, 'credentials');
  };

  const submitTwoFactor = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'twoFactor') return;
    if (
      showErrors({
        appCode: /^\d{6}$/.test(values.appCode.trim()) ? undefined : ta('validation.codeLength', { count: 6 }),
      })
    )
      return;
    await run(
      () => client.send(authCalls.twoFactorLogin, { two_factor_token: step.token, code: values.appCode.trim() }),
      'code',
    );
  };

  if (step.kind === 'twoFactor') {
    return (
      <StyledForm ref={formRef} onSubmit={submitTwoFactor} noValidate aria-labelledby="login-two-factor-title">
        <h2 id="login-two-factor-title">{ta('login.twoFactor.title')}</h2>
        <p>{ta('login.twoFactor.text')}</p>
        <FormAlert>{errorText(error)}</FormAlert>
        <TextField
          label={ta('field.appCode')}
          name="appCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={values.appCode}
          onChange={set('appCode')}
          error={fieldErrors['appCode']}
          autoFocus
        />
        <Button type="submit" loading={busy}>
          {ta('login.twoFactor.submit')}
        </Button>
      </StyledForm>
    );
  }

  return (
    <StyledForm ref={formRef} onSubmit={submitCredentials} onFocus={prepare} noValidate aria-label={ta('login.submit')}>
      {methods.length > 1 ? (
        <StyledButtonRow role="group" aria-label={ta('login.methods')}>
          {methods.map((m) => (
            <Button
              key={m}
              variant={m === method ? 'primary' : 'ghost'}
              size="small"
              aria-pressed={m === method}
              onClick={() => {
                setMethod(m);
                setError(null);
                setFieldErrors({});
                setCodeSent(false);
              }}
            >
              {ta(`login.tab.${m}`)}
            </Button>
          ))}
        </StyledButtonRow>
      ) : null}
      <FormAlert>{errorText(error)}</FormAlert>
      {codeSent && !error ? <FormAlert tone="success">{ta('login.sms.sent')}</FormAlert> : null}
      {phoneMethod ? (
        <PhoneField
          key={method}
          label={loginLabel}
          name="login"
          autoComplete="tel-national"
          country={country}
          rules={phoneRules}
          value={values.login}
          onDigits={(digits) => setValues((v) => ({ ...v, login: digits }))}
          error={fieldErrors['login']}
        />
      ) : (
        <TextField
          key={method}
          label={loginLabel}
          name="login"
          type={method === 'email' ? 'email' : 'text'}
          inputMode={method === 'id' ? 'numeric' : undefined}
          autoComplete={method === 'email' ? 'email' : 'username'}
          value={values.login}
          onChange={set('login')}
          error={fieldErrors['login']}
        />
      )}
      {method === 'sms' ? (
        codeSent ? (
          <TextField
            label={ta('field.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={values.code}
            onChange={set('code')}
            error={fieldErrors['code']}
          />
        ) : null
      ) : (
        <TextField
          label={ta('field.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={fieldErrors['password']}
        />
      )}
      <Button type="submit" loading={busy}>
        {method === 'sms' ? (codeSent ? ta('login.sms.submit') : ta('login.sms.send')) : ta('login.submit')}
      </Button>
      {onForgotPassword ? (
        <Button variant="ghost" size="small" onClick={onForgotPassword}>
          {ta('reset.link')}
        </Button>
      ) : null}
      {captcha.dialog}
    </StyledForm>
  );
}
