import {
  authCalls,
  toAccountError,
  useAccountText,
  usePasswordStrengthTexts,
  type AccountError,
} from '@tessera/account/data-access-session';
import {
  FormAlert,
  PasswordStrengthMeter,
  StyledForm,
  TextField,
  focusFirstError,
  usePasswordStrength,
} from '@tessera/account/ui';
import { passwordUserInputs, validateRequired } from '@tessera/account/util-validation';
import { useSiteConfig } from '@tessera/shared/data-access-brand';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { type FormEvent, useId, useRef, useState } from 'react';

/** Props of {@link PasswordResetConfirmForm}. */
export interface PasswordResetConfirmFormProps {
  /** The token of the reset message (`/passwordreset?token=`). */
  token: string;
}

/** Sets a new password with the token of the reset message; an expired or used token says so (HTTP 410). */
export function PasswordResetConfirmForm({ token }: PasswordResetConfirmFormProps) {
  const client = useApiClient();
  const { ta, validation, errorText } = useAccountText();
  const [values, setValues] = useState({ password: '', passwordConfirmation: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const [error, setError] = useState<AccountError | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const config = useSiteConfig();
  const strengthTexts = usePasswordStrengthTexts();
  const meterId = useId();
  // The server adds the account's own words to these (util-validation README, "Password strength, not composition").
  const strength = usePasswordStrength(
    values.password,
    passwordUserInputs([config.global.brandName, ...(config.global.domains ?? [])]),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      password: validation(validateRequired(values.password, ta('field.newPassword'))) ?? validation(strength.check()),
      passwordConfirmation: values.password === values.passwordConfirmation ? undefined : ta('error.passwordMismatch'),
    };
    setFieldErrors(errors);
    if (Object.values(errors).some(Boolean)) {
      queueMicrotask(() => focusFirstError(formRef.current));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await client.send(authCalls.passwordResetConfirm, {
        token,
        password: values.password,
        password_confirmation: values.passwordConfirmation,
      });
      setDone(true);
    } catch (caught) {
      const classified = toAccountError(caught, 'code');
      const refused = classified.fields['password'];
      if (refused) setFieldErrors({ password: strengthTexts.serverMessage(refused) });
      else setError(classified);
    } finally {
      setBusy(false);
    }
  };

  if (done) return <FormAlert tone="success">{ta('password.done')}</FormAlert>;
  return (
    <StyledForm ref={formRef} onSubmit={submit} noValidate aria-labelledby="reset-confirm-title">
      <h2 id="reset-confirm-title">{ta('reset.title')}</h2>
      <FormAlert>{errorText(error)}</FormAlert>
      <TextField
        label={ta('field.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={ta('hint.password')}
        value={values.password}
        onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
        error={fieldErrors['password']}
        aria-describedby={meterId}
        onFocus={strength.load}
      />
      <PasswordStrengthMeter id={meterId} state={strength} texts={strengthTexts} />
      <TextField
        label={ta('field.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        value={values.passwordConfirmation}
        onChange={(e) => setValues((v) => ({ ...v, passwordConfirmation: e.target.value }))}
        error={fieldErrors['passwordConfirmation']}
      />
      <Button type="submit" loading={busy}>
        {ta('password.submit')}
      </Button>
    </StyledForm>
  );
}
