import { WEAK_PASSWORD_MESSAGE_PREFIX } from '@tessera/account/util-validation';
import { useMemo } from 'react';
import { useAccountText } from './use-account-text';

/** The translated texts of a password strength meter (`account:passwordStrength.*`; util-validation README, "Password strength, not composition"). */
export function usePasswordStrengthTexts(): {
  level: (score: number) => string;
  /** While the estimator loads: "Password strength: Loading…" (the meter's label with the account's loading word). */
  checking: string;
  /** When the estimator could not load: the strength is judged on submit (the server checks it). */
  unavailable: string;
  feedback: (kind: 'warning' | 'suggestion', key: string) => string;
  /** A server message for the password field in the reader's language: the weak-password refusal is recognised. */
  serverMessage: (message: string) => string;
} {
  const { ta } = useAccountText();
  return useMemo(
    () => ({
      level: (score: number) => ta('passwordStrength.label', { level: ta(`passwordStrength.level.${score}`) }),
      checking: ta('passwordStrength.label', { level: ta('common.loading') }),
      unavailable: ta('passwordStrength.unavailable'),
      feedback: (kind: 'warning' | 'suggestion', key: string) => ta(`passwordStrength.${kind}.${key}`),
      serverMessage: (message: string) =>
        message.startsWith(WEAK_PASSWORD_MESSAGE_PREFIX) ? ta('validation.passwordTooWeak') : message,
    }),
    [ta],
  );
}
