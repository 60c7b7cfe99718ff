export { FormAlert } from './lib/form-alert';
export type { FormAlertProps } from './lib/form-alert';
export { StyledButtonRow, StyledForm, StyledPanel } from './lib/form-layout';
export { focusFirstError } from './lib/focus-first-error';
export { useHydrated } from './lib/use-hydrated';
export { CheckboxField } from './lib/checkbox-field';
export type { CheckboxFieldProps } from './lib/checkbox-field';
export { TextField } from './lib/text-field';
export type { TextFieldProps } from './lib/text-field';
export { PhoneField } from './lib/phone-field';
export type { PhoneFieldProps } from './lib/phone-field';
export { PasswordStrengthMeter, usePasswordStrength } from './lib/password-strength-meter';
export type {
  PasswordStrengthMeterProps,
  PasswordStrengthState,
  PasswordStrengthTexts,
} from './lib/password-strength-meter';
