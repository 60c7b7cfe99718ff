import {
  authCalls,
  toAccountError,
  useAccountText,
  useCaptchaGate,
  type AccountError,
} from '@tessera/account/data-access-session';
import { FormAlert, StyledForm, TextField, focusFirstError } from '@tessera/account/ui';
import { validateRequired } from '@tessera/account/util-validation';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useBrand } from '@tessera/shared/data-access-brand';
import { Button } from '@tessera/shared/ui';
import { type FormEvent, useRef, useState } from 'react';

/** Props of {@link PasswordResetForm}. */
export interface PasswordResetFormProps {
  /** Back to the sign-in form. */
  onBack?: () => void;
}

/** Asks for a password reset by e-mail or phone; the answer is the same whether or not the login exists. */
export function PasswordResetForm({ onBack }: PasswordResetFormProps) {
  const client = useApiClient();
  const brand = useBrand();
  const { ta, validation, errorText } = useAccountText();
  const captcha = useCaptchaGate('passwordReset');
  const [login, setLogin] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<AccountError | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validation(validateRequired(login, ta('reset.login')));
    setFieldError(problem);
    if (problem) {
      queueMicrotask(() => focusFirstError(formRef.current));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const headers = await captcha.run();
      const isEmail = login.includes('@');
      await client.send(
        authCalls.passwordResetRequest,
        { login: login.trim(), ...(isEmail ? {} : { country_code: brand.country.toUpperCase() }) },
        { headers },
      );
      setDone(true);
    } catch (caught) {
      setError(toAccountError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <StyledForm ref={formRef} onSubmit={submit} onFocus={captcha.prepare} noValidate aria-labelledby="reset-title">
      <h2 id="reset-title">{ta('reset.title')}</h2>
      <FormAlert>{errorText(error)}</FormAlert>
      {done ? <FormAlert tone="success">{ta('reset.done')}</FormAlert> : null}
      <TextField
        label={ta('reset.login')}
        name="login"
        autoComplete="username"
        value={login}
        onChange={(e) => setLogin(e.target.value)}
        error={fieldError}
      />
      <Button type="submit" loading={busy}>
        {ta('reset.submit')}
      </Button>
      {onBack ? (
        <Button variant="ghost" size="small" onClick={onBack}>
          {ta('reset.back')}
        </Button>
      ) : null}
      {captcha.dialog}
    </StyledForm>
  );
}
