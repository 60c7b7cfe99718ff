import { useState } from 'react';
import { LoginForm, type LoginFormProps } from './login-form';
import { PasswordResetForm } from './password-reset-form';

/** Props of {@link LoginPanel}. */
export type LoginPanelProps = Omit<LoginFormProps, 'onForgotPassword'>;

/** The sign-in form with its "forgot password" switch: what the login page shows. */
export function LoginPanel(props: LoginPanelProps) {
  const [resetting, setResetting] = useState(false);
  return resetting ? (
    <PasswordResetForm onBack={() => setResetting(false)} />
  ) : (
    <LoginForm {...props} onForgotPassword={() => setResetting(true)} />
  );
}
