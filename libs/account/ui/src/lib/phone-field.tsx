import { DEFAULT_PHONE_RULES, findPhoneCountryRule, phoneInputView } from '@tessera/account/util-validation';
import { useMemo, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** Props of {@link PhoneField}. */
export interface PhoneFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'placeholder'> {
  /** The national digits (what the form keeps and submits). */
  value: string;
  /** Receives the national digits the input keeps. */
  onDigits: (digits: string) => void;
  /** ISO alpha-2 country of the number: picks the mask and the first-digit rules. */
  country: string;
}

/**
 * A phone input as spec section 5 describes: the country's mask as placeholder (# slots while focused, * otherwise),
 * digits laid out in the mask's groups, a pasted +calling code removed, KZ and RU first-digit rules applied.
 */
export function PhoneField({ value, onDigits, country, hint, onFocus, onBlur, ...rest }: PhoneFieldProps) {
  const [focused, setFocused] = useState(false);
  const rule = useMemo(() => findPhoneCountryRule(DEFAULT_PHONE_RULES, country), [country]);
  const view = phoneInputView(value, { ...(rule ? { rule } : {}), iso: country, focused });
  const prefix = rule ? `+${rule.PhoneCode}` : undefined;
  return (
    <TextField
      {...rest}
      type="tel"
      inputMode="tel"
      value={view.formatted}
      placeholder={view.mask}
      hint={[prefix, hint].filter(Boolean).join(' · ') || undefined}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      onChange={(event) => onDigits(phoneInputView(event.target.value, { ...(rule ? { rule } : {}), iso: country, focused: true }).digits)}
    />
  );
}
