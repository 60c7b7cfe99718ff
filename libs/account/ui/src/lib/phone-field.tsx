import {
  findPhoneCountryRule,
  loadCountryCallingCode,
  phoneInputView,
  type PhoneRules,
} from '@tessera/account/util-validation';
import { useEffect, useMemo, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** Props of {@link PhoneField}. */
export interface PhoneFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'placeholder'> {
  /** The national digits (what the form keeps and submits). */
  value: string;
  /** Receives the national digits the input keeps. */
  onDigits: (digits: string) => void;
  /** ISO alpha-2 country of the number: picks the mask and the first-digit rules. */
  country: string;
  /** The site's phone rules (configuration's registration.phone through phoneRulesFromSettings), as the server applies them. */
  rules: PhoneRules;
}

/**
 * A phone input as spec section 5 describes: the country's mask as placeholder (# slots while focused, * otherwise),
 * digits laid out in the mask's groups, a pasted +calling code removed, KZ and RU first-digit rules applied. It paints
 * from the configured country rule alone; only a country without one loads the phone metadata for its calling code.
 */
export function PhoneField({ value, onDigits, country, rules, hint, onFocus, onBlur, ...rest }: PhoneFieldProps) {
  const [focused, setFocused] = useState(false);
  const rule = useMemo(() => findPhoneCountryRule(rules, country), [rules, country]);
  const [loadedCode, setLoadedCode] = useState<{ country: string; code: string | undefined }>();
  const needsCode = !rule?.PhoneCode;
  useEffect(() => {
    if (!needsCode) return;
    let live = true;
    loadCountryCallingCode(country).then(
      (code) => live && setLoadedCode({ country, code }),
      // Without the metadata a pasted +code stays in the digits, and the form's check or the server says so.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needsCode, country]);
  const callingCode = loadedCode?.country === country ? loadedCode.code : undefined;
  const limits = {
    ...(rule ? { rule } : {}),
    iso: country,
    ...(rules.maxDigits === undefined ? {} : { maxDigits: rules.maxDigits }),
    ...(callingCode === undefined ? {} : { callingCode }),
  };
  const view = phoneInputView(value, { ...limits, focused });
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
      onChange={(event) => onDigits(phoneInputView(event.target.value, { ...limits, focused: true }).digits)}
    />
  );
}
