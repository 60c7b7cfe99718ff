import { useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Input, Skeleton } from '@tessera/shared/ui';
import { useMachine } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useEffect, useId, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { LanguageSelect } from '../app/language-select';
import { type ConsoleTranslate, useConsoleTranslate } from '../app/use-console-translate';
import { consoleKeys } from '../api/console.queries';
import { signInApi } from '../api/session.api';
import type { SignInErrorKind } from './sign-in-error';
import { signInMachine } from './sign-in.machine';

// The QR code's encoder is only needed by an operator who enrols, once: it loads with that step.
const TotpQrCode = lazy(() => import('./totp-qr-code').then((m) => ({ default: m.TotpQrCode })));

const StyledPage = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space(4)};
`;

const StyledCard = styled.div`
  inline-size: min(440px, 100%);
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.base};
  h1 {
    font-size: ${({ theme }) => theme.typography.size.h3};
    margin: 0;
  }
  h2 {
    font-size: ${({ theme }) => theme.typography.size.large};
    margin: 0;
  }
  p {
    margin: 0;
  }
`;

const StyledTop = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledEnrolment = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  > div {
    inline-size: 100%;
  }
`;

const StyledSecret = styled(Input)`
  /* The key reads left to right in every language, in groups of four; a read-only field, easy to select and copy. */
  direction: ltr;
  font-family: ${({ theme }) => theme.typography.mono};
  font-size: ${({ theme }) => theme.typography.size.large};
  letter-spacing: 0.05em;
  text-align: center;
`;

const StyledAlert = styled.p`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-inline-start: 4px solid ${({ theme }) => theme.color.status.danger.base};
  background: ${({ theme }) => theme.color.surface.raised};
`;

function errorText(t: ConsoleTranslate, error: SignInErrorKind, step: 'password' | 'code'): string {
  switch (error) {
    case 'refused':
      return step === 'password' ? t('backoffice:signIn.error.credentials') : t('backoffice:signIn.error.code');
    case 'format':
      return t('backoffice:signIn.error.format');
    case 'throttled':
      return t('backoffice:signIn.error.throttled');
    case 'expired':
      return t('backoffice:signIn.error.expired');
    case 'offline':
      return t('backoffice:signIn.error.offline');
    default:
      return t('backoffice:signIn.error.failed');
  }
}

/** Steps that wait for the server (or, signed in, for the console to open): the submit button is busy. */
const PENDING_STEPS = new Set([
  'checkingPassword',
  'startingEnrolment',
  'confirmingEnrolment',
  'confirmingCode',
  'signedIn',
]);

/** Groups a base32 secret in fours, as authenticator apps print it. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Where the operator was going before being sent to sign in; only console paths (never another site). */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** Sign-in: e-mail and password, then the authenticator code; an operator without one enrols first (mandatory). */
export function SignInPage() {
  const t = useConsoleTranslate();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const api = useMemo(() => signInApi(client), [client]);
  const [snapshot, send] = useMachine(signInMachine, { input: { api } });
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const step = snapshot.value;
  const error = snapshot.context.error;

  useEffect(() => {
    if (step !== 'signedIn') return;
    void queryClient
      .invalidateQueries({ queryKey: consoleKeys.all })
      .then(() => navigate(returnPath(location.state), { replace: true }));
  }, [step, queryClient, navigate, location.state]);

  useEffect(() => {
    // Each step starts at its field; a refused code is selected so the next one replaces it, a refused password is
    // emptied.
    if (step === 'code' || step === 'enrolment') codeRef.current?.select();
    if (step === 'password' && error && passwordRef.current) {
      passwordRef.current.value = '';
      passwordRef.current.focus();
    }
  }, [step, error]);

  const onPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    send({
      type: 'password.submit',
      email: String(data.get('email') ?? ''),
      password: String(data.get('password') ?? ''),
    });
  };
  const onCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'code.submit', code: String(new FormData(event.currentTarget).get('code') ?? '') });
  };

  const passwordStep = step === 'password' || step === 'checkingPassword' || step === 'startingEnrolment';
  const enrolStep = step === 'enrolment' || step === 'confirmingEnrolment';
  const codeStep = step === 'code' || step === 'confirmingCode';
  const pending = PENDING_STEPS.has(String(step));
  const enrolment = snapshot.context.enrolment;
  const codeTitle = enrolStep ? t('backoffice:signIn.enrol.title') : t('backoffice:signIn.code.title');

  return (
    <StyledPage>
      <StyledCard aria-labelledby={headingId} role="region">
        <StyledTop>
          <h1 id={headingId}>{t('backoffice:app.name')}</h1>
          <LanguageSelect />
        </StyledTop>
        {passwordStep ? (
          <StyledForm onSubmit={onPassword} aria-label={t('backoffice:signIn.password.title')} noValidate>
            <h2>{t('backoffice:signIn.password.title')}</h2>
            {error ? <StyledAlert role="alert">{errorText(t, error, 'password')}</StyledAlert> : null}
            <Field label={t('backoffice:signIn.email')}>
              <Input name="email" type="email" autoComplete="username" required defaultValue={snapshot.context.email} />
            </Field>
            <Field label={t('backoffice:signIn.password')}>
              <Input ref={passwordRef} name="password" type="password" autoComplete="current-password" required />
            </Field>
            <StyledActions>
              <Button type="submit" loading={pending}>
                {t('backoffice:signIn.continue')}
              </Button>
            </StyledActions>
          </StyledForm>
        ) : null}
        {(enrolStep && enrolment) || codeStep ? (
          <StyledForm onSubmit={onCode} aria-label={codeTitle} noValidate>
            <h2>{codeTitle}</h2>
            {enrolStep && enrolment ? (
              <>
                <p>{t('backoffice:signIn.enrol.intro')}</p>
                <StyledEnrolment>
                  <Suspense
                    fallback={<Skeleton label={t('backoffice:signIn.enrol.qrLoading')} width="184px" height="184px" />}
                  >
                    <TotpQrCode value={enrolment.otpauthUrl} label={t('backoffice:signIn.enrol.qrLabel')} />
                  </Suspense>
                  <Field label={t('backoffice:signIn.enrol.secretLabel')}>
                    <StyledSecret
                      readOnly
                      value={groupSecret(enrolment.secret)}
                      onFocus={(event) => event.currentTarget.select()}
                    />
                  </Field>
                </StyledEnrolment>
              </>
            ) : null}
            {error ? <StyledAlert role="alert">{errorText(t, error, 'code')}</StyledAlert> : null}
            <Field label={t('backoffice:signIn.code')} hint={t('backoffice:signIn.code.hint')}>
              <Input
                ref={codeRef}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                maxLength={7}
                dir="ltr"
              />
            </Field>
            <StyledActions>
              <Button type="submit" loading={pending}>
                {enrolStep ? t('backoffice:signIn.enrol.confirm') : t('backoffice:signIn.submit')}
              </Button>
              <Button variant="secondary" onClick={() => send({ type: 'flow.restart' })} disabled={pending}>
                {t('backoffice:signIn.restart')}
              </Button>
            </StyledActions>
          </StyledForm>
        ) : null}
        {step === 'signedIn' ? <Skeleton label={t('backoffice:signIn.opening')} height="2.5em" /> : null}
      </StyledCard>
    </StyledPage>
  );
}
