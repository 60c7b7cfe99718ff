import {
  authCalls,
  isRegistrationPending,
  validationKey,
  toAccountError,
  useAccountText,
  useCaptchaGate,
  usePasswordStrengthTexts,
  type AccountError,
  type RegistrationAnswer,
} from '@tessera/account/data-access-session';
import {
  CheckboxField,
  FormAlert,
  PasswordStrengthMeter,
  PhoneField,
  StyledButtonRow,
  StyledForm,
  TextField,
  focusFirstError,
  usePasswordStrength,
} from '@tessera/account/ui';
import {
  latestBirthDate,
  loadPhoneValidator,
  passwordUserInputs,
  phoneRulesFromSettings,
  validateDate,
  validateEmail,
  validateName,
  validateRequired,
  validateSmsCode,
} from '@tessera/account/util-validation';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useBrand, useSiteConfig } from '@tessera/shared/data-access-brand';
import { Button, Field, Select } from '@tessera/shared/ui';
import type { RegistrationField } from '@tessera/shared/util-config';
import { type FormEvent, useId, useRef, useState } from 'react';

/** Registration variants this form offers, as the configuration names them. */
export type RegistrationVariant = 'fast' | 'phone' | 'full' | 'short' | 'social';

const FORM_VARIANTS: readonly RegistrationVariant[] = ['fast', 'phone', 'full', 'short', 'social'];

/** The variants a resolved configuration switches on, in their configured order (spec section 2). */
export function enabledRegistrationVariants(
  registration: ReturnType<typeof useSiteConfig>['registration'],
): RegistrationVariant[] {
  if (!registration.enabled) return [];
  return FORM_VARIANTS.filter(
    (v) => registration.variants[v]?.enabled !== false && registration.variants[v] !== undefined,
  ).sort((a, b) => (registration.variants[a]?.order ?? 0) - (registration.variants[b]?.order ?? 0));
}

/** Props of {@link RegistrationForm}. */
export interface RegistrationFormProps {
  /** Called with the new account; the page opens the welcome modal or redirects. */
  onRegistered: (answer: RegistrationAnswer) => void;
  /** Called when the person starts on the form (its focus): the page loads what it shows after a registration. */
  onStart?: () => void;
}

const EMPTY = {
  phone: '',
  code: '',
  email: '',
  password: '',
  passwordConfirmation: '',
  firstName: '',
  lastName: '',
  birthDate: '',
  promoCode: '',
  refCode: '',
};
type Values = typeof EMPTY;
/** What can carry an error: the text fields and the age confirmation box. */
type FieldName = keyof Values | 'ageConfirmed';

/** The form value of each field a brand may require by configuration (`requiredFields` name the wire fields). */
const FIELD_VALUE: Readonly<Record<RegistrationField, keyof Values>> = {
  email: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
  birth_date: 'birthDate',
  promo_code: 'promoCode',
  ref_code: 'refCode',
};

/** The fields a variant asks for by itself, before the configured `requiredFields`. */
const VARIANT_FIELDS: Readonly<Record<RegistrationVariant, readonly RegistrationField[]>> = {
  fast: [],
  phone: [],
  full: ['email', 'first_name', 'last_name', 'birth_date'],
  short: ['email'],
  social: [],
};

/** Fields the form shows and requires for a variant: its own plus the configured `requiredFields` (spec section 2). */
export function requiredRegistrationFields(
  registration: ReturnType<typeof useSiteConfig>['registration'],
  variant: RegistrationVariant,
): ReadonlySet<RegistrationField> {
  return new Set<RegistrationField>([
    ...VARIANT_FIELDS[variant],
    ...(registration.variants[variant]?.requiredFields ?? []),
  ]);
}

/**
 * Registration in the variants the brand and country switch on: one click, phone with an SMS code, full e-mail
 * form, short e-mail form, and social sign-in through the configured identity providers. The minimum age, the
 * currency choice, promo and referral codes follow the configuration; the server checks everything again.
 */
export function RegistrationForm({ onRegistered, onStart }: RegistrationFormProps) {
  const config = useSiteConfig();
  const brand = useBrand();
  const client = useApiClient();
  const { ta, validation, errorText } = useAccountText();
  const captcha = useCaptchaGate('registration');
  const variants = enabledRegistrationVariants(config.registration);
  const preferred = config.registration.defaultVariant as RegistrationVariant;
  const [variant, setVariant] = useState<RegistrationVariant | undefined>(
    variants.includes(preferred) ? preferred : variants[0],
  );
  const currencies = Object.entries(config.global.currencies)
    .filter(([, c]) => !(c as { hide?: boolean }).hide)
    .map(([code]) => code);
  const [currency, setCurrency] = useState(config.global.defaultCurrency);
  const [values, setValues] = useState<Values>(EMPTY);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<AccountError | null>(null);
  const [busy, setBusy] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  // A registration with an e-mail address waits for the code sent to it (ADR 0202): the address and the request to
  // send again.
  const [emailStep, setEmailStep] = useState<{
    email: string;
    resend: (headers: Record<string, string>) => Promise<unknown>;
  } | null>(null);
  const [emailCode, setEmailCode] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const currencyId = useId();
  const socialHintId = useId();
  const country = brand.country.toUpperCase();
  const minAge = config.registration.minAge;
  const phoneRules = phoneRulesFromSettings(config.registration.phone);
  // The password's strength as the person types, against their own words and the site's (util-validation README, "Password strength, not composition").
  const strengthTexts = usePasswordStrengthTexts();
  const meterId = useId();
  const strength = usePasswordStrength(
    values.password,
    passwordUserInputs([
      values.email,
      values.firstName,
      values.lastName,
      values.phone,
      config.global.brandName,
      ...(config.global.domains ?? []),
    ]),
  );

  if (!variant) return <FormAlert>{ta('registration.closed')}</FormAlert>;

  const required = requiredRegistrationFields(config.registration, variant);
  const asks = (name: RegistrationField) => required.has(name);
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const optional = (key: string) => ta('field.optional', { label: ta(key) });
  // A brand that requires the promo code shows its field even when the optional one is switched off.
  const showsPromoCode = config.registration.promoCodeField || asks('promo_code');
  // Every account states the age: a variant without a birth date asks for an explicit confirmation (libs/server/accounts README, "Every registration states the minimum age").
  const confirmsAge = variant === 'social' || !asks('birth_date');
  const ageConfirmRequired = ta('registration.ageConfirmRequired', { count: minAge });

  // What the form's checks and its submit will need, loaded when the person starts on the form rather than with the
  // page: the captcha's code, and the phone metadata of the phone variant.
  const prepare = () => {
    onStart?.();
    captcha.prepare();
    if (variant === 'phone') loadPhoneValidator().catch(() => undefined);
  };

  const check = (): Partial<Record<FieldName, string>> => {
    const errors: Partial<Record<FieldName, string>> = {};
    const need = (name: keyof Values, label: string) => validation(validateRequired(values[name], label));
    // Until the estimator has loaded (or if it cannot), the server's check decides.
    const password = () => need('password', ta('field.password')) ?? validation(strength.check());
    if (variant === 'phone') {
      // The number itself is checked with the phone metadata (checkPhone), once it is there.
      errors.phone = need('phone', ta('field.phone'));
      if (codeSent)
        errors.code = validation(validateSmsCode(values.code, { length: 6, mask: 'numbers', label: ta('field.code') }));
      if (codeSent) errors.password = password();
    }
    if (variant === 'full' || variant === 'short') {
      errors.password = password();
      errors.passwordConfirmation =
        values.passwordConfirmation === values.password ? undefined : ta('error.passwordMismatch');
    }
    if (asks('email')) errors.email = need('email', ta('field.email')) ?? validation(validateEmail(values.email));
    if (asks('first_name'))
      errors.firstName = need('firstName', ta('field.firstName')) ?? validation(validateName(values.firstName));
    if (asks('last_name'))
      errors.lastName = need('lastName', ta('field.lastName')) ?? validation(validateName(values.lastName));
    if (asks('birth_date')) {
      errors.birthDate =
        need('birthDate', ta('field.birthDate')) ??
        (validateDate(values.birthDate, { max: { date: latestBirthDate(new Date(), minAge) } }).valid
          ? undefined
          : ta('registration.minAge', { count: minAge }));
    }
    if (asks('promo_code')) errors.promoCode = need('promoCode', ta('field.promoCode'));
    if (asks('ref_code')) errors.refCode = need('refCode', ta('field.refCode'));
    if (confirmsAge && !ageConfirmed) errors.ageConfirmed = ageConfirmRequired;
    return errors;
  };

  /** The phone rules with libphonenumber's metadata, loaded on demand; without it (it could not load) the server checks. */
  const checkPhone = async (): Promise<string | undefined> => {
    const validatePhone = await loadPhoneValidator().catch(() => undefined);
    return validatePhone
      ? validation(
          validatePhone(values.phone, { country, required: true, label: ta('field.phone'), rules: phoneRules }),
        )
      : undefined;
  };

  const fail = (errors: Partial<Record<FieldName, string>>) => {
    setFieldErrors(errors);
    const failed = Object.values(errors).some(Boolean);
    if (failed) queueMicrotask(() => focusFirstError(formRef.current));
    return failed;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (variant === 'social') return;
    const errors = check();
    if (variant === 'phone' && !errors.phone) errors.phone = await checkPhone();
    if (fail(errors)) return;
    setBusy(true);
    setError(null);
    try {
      if (variant === 'phone' && !codeSent) {
        // The code's sending is the protected step of a phone registration; the code then proves it (ADR 0160).
        const sendHeaders = await captcha.run();
        await client.send(
          authCalls.registrationSendCode,
          { phone: values.phone, country_code: country },
          { headers: sendHeaders },
        );
        setCodeSent(true);
        return;
      }
      const headers = variant === 'phone' ? {} : await captcha.run();
      const extras = {
        country: brand.country,
        currency,
        ...(showsPromoCode && values.promoCode.trim() ? { promo_code: values.promoCode.trim() } : {}),
        ...(values.refCode.trim() ? { ref_code: values.refCode.trim() } : {}),
        ...(asks('email') ? { email: values.email.trim() } : {}),
        ...(asks('first_name') ? { first_name: values.firstName.trim() } : {}),
        ...(asks('last_name') ? { last_name: values.lastName.trim() } : {}),
        ...(asks('birth_date') ? { birth_date: values.birthDate } : { age_confirmed: true }),
      };
      const body =
        variant === 'phone'
          ? {
              variant,
              ...extras,
              phone: values.phone,
              country_code: country,
              confirm_code: values.code.trim(),
              password: values.password,
            }
          : variant === 'fast'
            ? { variant, ...extras }
            : { variant, ...extras, password: values.password, password_confirmation: values.passwordConfirmation };
      const answer = await client.send(authCalls.register, body, { headers });
      if (isRegistrationPending(answer)) {
        setEmailStep({
          email: values.email.trim(),
          resend: (again) => client.send(authCalls.register, body, { headers: again }),
        });
        setEmailCode('');
        return;
      }
      onRegistered(answer);
    } catch (caught) {
      const classified = toAccountError(caught);
      setError(classified);
      const serverFields: Partial<Record<FieldName, string>> = {};
      for (const [field, message] of Object.entries(classified.fields)) {
        if (field === 'age_confirmed') {
          serverFields.ageConfirmed = ageConfirmRequired;
          continue;
        }
        const name = (
          { phone: 'phone', confirm_code: 'code', password: 'password', ...FIELD_VALUE } as Readonly<
            Record<string, keyof Values | undefined>
          >
        )[field];
        // Server messages are util-validation keys where it used them (e-mail, names, phone), else plain text.
        const key = `validation.${validationKey(message)}`;
        if (name)
          serverFields[name] =
            name === 'password' ? strengthTexts.serverMessage(message) : ta(key) === key ? message : ta(key);
      }
      fail(serverFields);
    } finally {
      setBusy(false);
    }
  };

  const confirmEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (!emailStep) return;
    const codeError = validation(
      validateSmsCode(emailCode, { length: 6, mask: 'numbers', label: ta('registration.emailSent.code') }),
    );
    if (fail({ code: codeError })) return;
    setBusy(true);
    setError(null);
    try {
      onRegistered(
        await client.send(authCalls.registrationConfirm, { email: emailStep.email, code: emailCode.trim() }),
      );
    } catch (caught) {
      setError(toAccountError(caught, 'code'));
    } finally {
      setBusy(false);
    }
  };

  const resendEmail = async () => {
    if (!emailStep) return;
    setBusy(true);
    setError(null);
    try {
      // Each registration request is protected on its own (a captcha token is used once).
      const headers = await captcha.run();
      await emailStep.resend(headers);
    } catch (caught) {
      setError(toAccountError(caught));
    } finally {
      setBusy(false);
    }
  };

  if (emailStep) {
    return (
      <StyledForm ref={formRef} onSubmit={confirmEmail} noValidate aria-labelledby="registration-email-title">
        <h2 id="registration-email-title">{ta('registration.emailSent.title')}</h2>
        <p>{ta('registration.emailSent.text', { email: emailStep.email })}</p>
        <FormAlert>{errorText(error)}</FormAlert>
        <TextField
          label={ta('registration.emailSent.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={emailCode}
          onChange={(event) => setEmailCode(event.target.value)}
          error={fieldErrors.code}
          autoFocus
        />
        <Button type="submit" loading={busy}>
          {ta('registration.emailSent.submit')}
        </Button>
        <StyledButtonRow>
          <Button variant="ghost" size="small" onClick={resendEmail} disabled={busy}>
            {ta('registration.emailSent.resend')}
          </Button>
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              setEmailStep(null);
              setError(null);
              setFieldErrors({});
            }}
          >
            {ta('registration.emailSent.change')}
          </Button>
        </StyledButtonRow>
        {captcha.dialog}
      </StyledForm>
    );
  }

  const ageBox = (
    <CheckboxField
      label={ta('registration.ageConfirm', { count: minAge })}
      name="ageConfirmed"
      required
      checked={ageConfirmed}
      onChange={(event) => {
        setAgeConfirmed(event.target.checked);
        setFieldErrors((errors) => ({ ...errors, ageConfirmed: undefined }));
      }}
      error={fieldErrors.ageConfirmed}
    />
  );

  const field = (name: keyof Values, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={set(name)}
      error={fieldErrors[name]}
      {...extra}
    />
  );

  return (
    <StyledForm ref={formRef} onSubmit={submit} onFocus={prepare} noValidate aria-label={ta('registration.submit')}>
      {variants.length > 1 ? (
        <StyledButtonRow role="group" aria-label={ta('registration.methods')}>
          {variants.map((v) => (
            <Button
              key={v}
              size="small"
              variant={v === variant ? 'primary' : 'ghost'}
              aria-pressed={v === variant}
              onClick={() => {
                setVariant(v);
                setError(null);
                setFieldErrors({});
                setCodeSent(false);
                setAgeConfirmed(false);
              }}
            >
              {ta(`registration.variant.${v}`)}
            </Button>
          ))}
        </StyledButtonRow>
      ) : null}
      <FormAlert>{errorText(error)}</FormAlert>
      {variant === 'social' ? (
        <>
          {ageBox}
          {ageConfirmed ? null : <p id={socialHintId}>{ta('registration.social.confirmFirst')}</p>}
          <StyledButtonRow>
            {config.auth.social.providers.map((provider) =>
              // The server refuses a start without the confirmation; until it is ticked the link leads nowhere.
              ageConfirmed ? (
                <a
                  key={provider}
                  href={`/web-api/socauth/${provider}/start?${new URLSearchParams({ currency, country: brand.country, age_confirmed: 'true' }).toString()}`}
                >
                  {ta('registration.social.with', { provider })}
                </a>
              ) : (
                <a key={provider} role="link" aria-disabled="true" aria-describedby={socialHintId}>
                  {ta('registration.social.with', { provider })}
                </a>
              ),
            )}
          </StyledButtonRow>
        </>
      ) : null}
      {variant === 'phone' ? (
        <>
          <PhoneField
            label={ta('field.phone')}
            name="phone"
            autoComplete="tel-national"
            country={country}
            rules={phoneRules}
            readOnly={codeSent}
            value={values.phone}
            onDigits={(digits) => setValues((v) => ({ ...v, phone: digits }))}
            error={fieldErrors.phone}
          />
          {codeSent ? <FormAlert tone="success">{ta('registration.codeSent')}</FormAlert> : null}
          {codeSent ? field('code', ta('field.code'), { inputMode: 'numeric', autoComplete: 'one-time-code' }) : null}
          {codeSent
            ? field('password', ta('field.password'), {
                type: 'password',
                autoComplete: 'new-password',
                hint: ta('hint.password'),
                'aria-describedby': meterId,
                onFocus: strength.load,
              })
            : null}
          {codeSent ? <PasswordStrengthMeter id={meterId} state={strength} texts={strengthTexts} /> : null}
        </>
      ) : null}
      {asks('email') ? field('email', ta('field.email'), { type: 'email', autoComplete: 'email' }) : null}
      {variant === 'full' || variant === 'short' ? (
        <>
          {field('password', ta('field.password'), {
            type: 'password',
            autoComplete: 'new-password',
            hint: ta('hint.password'),
            'aria-describedby': meterId,
            onFocus: strength.load,
          })}
          <PasswordStrengthMeter id={meterId} state={strength} texts={strengthTexts} />
          {field('passwordConfirmation', ta('field.passwordConfirmation'), {
            type: 'password',
            autoComplete: 'new-password',
          })}
        </>
      ) : null}
      {asks('first_name') ? field('firstName', ta('field.firstName'), { autoComplete: 'given-name' }) : null}
      {asks('last_name') ? field('lastName', ta('field.lastName'), { autoComplete: 'family-name' }) : null}
      {asks('birth_date')
        ? field('birthDate', ta('field.birthDate'), {
            type: 'date',
            autoComplete: 'bday',
            hint: ta('registration.minAge', { count: minAge }),
          })
        : null}
      {variant !== 'social' ? (
        <>
          <Field label={ta('field.currency')} id={currencyId}>
            <Select name="currency" value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </Field>
          {showsPromoCode
            ? field('promoCode', asks('promo_code') ? ta('field.promoCode') : optional('field.promoCode'))
            : null}
          {field('refCode', asks('ref_code') ? ta('field.refCode') : optional('field.refCode'))}
          {confirmsAge ? ageBox : null}
          <Button type="submit" loading={busy}>
            {variant === 'phone' && !codeSent ? ta('registration.sendCode') : ta('registration.submit')}
          </Button>
        </>
      ) : null}
      {captcha.dialog}
    </StyledForm>
  );
}
