import {
  securityCalls,
  toAccountError,
  toBase64,
  useAccountText,
  useCaptchaGate,
  usePasswordStrengthTexts,
  useSession,
  type AccountError,
} from '@tessera/account/data-access-session';
import {
  FormAlert,
  PasswordStrengthMeter,
  StyledForm,
  StyledPanel,
  TextField,
  focusFirstError,
  usePasswordStrength,
} from '@tessera/account/ui';
import { passwordUserInputs, validateRequired } from '@tessera/account/util-validation';
import { useSiteConfig } from '@tessera/shared/data-access-brand';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Checkbox } from '@tessera/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@tessera/account/data-access-session';
import { type FormEvent, useId, useRef, useState } from 'react';

const EMPTY = { oldPassword: '', password: '', passwordConfirmation: '' };

/** Changes the password; the fields travel base64-encoded, and the bettor may end every other session with it. */
export function ChangePasswordForm() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { ta, validation, errorText } = useAccountText();
  const captcha = useCaptchaGate('passwordChange');
  const [values, setValues] = useState(EMPTY);
  const [endOthers, setEndOthers] = useState(true);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [error, setError] = useState<AccountError | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const config = useSiteConfig();
  const session = useSession();
  // The new password's strength as the person types, against their own words and the site's (util-validation README, "Password strength, not composition").
  const strengthTexts = usePasswordStrengthTexts();
  const meterId = useId();
  const user = session.status === 'authorised' ? session.user : undefined;
  const strength = usePasswordStrength(
    values.password,
    passwordUserInputs([
      user?.id,
      user?.displayName,
      values.oldPassword,
      config.global.brandName,
      ...(config.global.domains ?? []),
    ]),
  );
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const fail = (errors: Partial<Record<keyof typeof EMPTY, string>>) => {
    setFieldErrors(errors);
    const failed = Object.values(errors).some(Boolean);
    if (failed) queueMicrotask(() => focusFirstError(formRef.current));
    return failed;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const errors = {
      oldPassword: validation(validateRequired(values.oldPassword, ta('field.oldPassword'))),
      password: validation(validateRequired(values.password, ta('field.newPassword'))) ?? validation(strength.check()),
      passwordConfirmation: values.password === values.passwordConfirmation ? undefined : ta('error.passwordMismatch'),
    };
    if (fail(errors)) return;
    setBusy(true);
    setError(null);
    try {
      const headers = await captcha.run();
      await client.send(
        securityCalls.changePassword,
        {
          old_password: toBase64(values.oldPassword),
          password: toBase64(values.password),
          password_confirmation: toBase64(values.passwordConfirmation),
          end_other_sessions: endOthers,
        },
        { headers },
      );
      setValues(EMPTY);
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    } catch (caught) {
      const classified = toAccountError(caught);
      setError(classified);
      if (classified.fields['old_password']) fail({ oldPassword: ta('error.credentials') });
      const refused = classified.fields['password'];
      if (refused) fail({ password: strengthTexts.serverMessage(refused) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <StyledPanel aria-labelledby="password-title">
      <h2 id="password-title">{ta('password.title')}</h2>
      <StyledForm ref={formRef} onSubmit={submit} onFocus={captcha.prepare} noValidate>
        <FormAlert>{errorText(error)}</FormAlert>
        {done ? <FormAlert tone="success">{ta('password.done')}</FormAlert> : null}
        <TextField
          label={ta('field.oldPassword')}
          type="password"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={set('oldPassword')}
          error={fieldErrors.oldPassword}
        />
        <TextField
          label={ta('field.newPassword')}
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={fieldErrors.password}
          hint={ta('hint.password')}
          aria-describedby={meterId}
          onFocus={strength.load}
        />
        <PasswordStrengthMeter id={meterId} state={strength} texts={strengthTexts} />
        <TextField
          label={ta('field.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          value={values.passwordConfirmation}
          onChange={set('passwordConfirmation')}
          error={fieldErrors.passwordConfirmation}
        />
        <Checkbox
          label={ta('password.endOthers')}
          checked={endOthers}
          onChange={(e) => setEndOthers(e.target.checked)}
        />
        <Button type="submit" loading={busy}>
          {ta('password.submit')}
        </Button>
      </StyledForm>
      {captcha.dialog}
    </StyledPanel>
  );
}
