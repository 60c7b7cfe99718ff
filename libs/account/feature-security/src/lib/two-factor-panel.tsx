import { twoFactorMachine } from '@tessera/account/data-access-security';
import { accountKeys, twoFactorAdapter, useAccountText } from '@tessera/account/data-access-session';
import { FormAlert, StyledForm, StyledPanel, TextField } from '@tessera/account/ui';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button } from '@tessera/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useMemo, useState } from 'react';
import { securityErrorKey } from './security-error-text';

/** Props of {@link TwoFactorPanel}. */
export interface TwoFactorPanelProps {
  /** Whether two-factor is on now. */
  enabled: boolean;
  /** Whether enabling also asks for an SMS code (the account has a confirmed phone). */
  smsRequired: boolean;
}

/** Two-factor authentication (RFC 6238): QR code, enable with the app code (+ SMS code when asked), disable with the hash. */
export function TwoFactorPanel({ enabled, smsRequired }: TwoFactorPanelProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { ta } = useAccountText();
  const [hash, setHash] = useState<string | null>(null);
  const api = useMemo(() => twoFactorAdapter(client, setHash), [client]);
  const actor = useActorRef(twoFactorMachine, { input: { api, enabled, smsRequired } });
  const view = useSelector(actor, (s) => ({
    state:
      s.matches('active') || s.matches('disabling')
        ? 'active'
        : s.matches('inactive') || s.matches('loadingQr')
          ? 'inactive'
          : 'setup',
    loading: s.matches('loadingQr') || s.matches('disabling') || s.matches({ setup: { form: 'enabling' } }),
    sending: s.matches({ setup: { sms: 'sending' } }),
    canSendSms: s.can({ type: 'sms.send' }),
    qr: s.context.qr,
    error: s.context.error,
  }));
  const [appCode, setAppCode] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [disableHash, setDisableHash] = useState('');
  const errorFor = (field: string) =>
    view.error && view.error.field === field ? ta(securityErrorKey(view.error)) : undefined;
  const formError =
    view.error && !['appCode', 'smsCode', 'hash'].includes(view.error.field)
      ? ta(securityErrorKey(view.error))
      : undefined;

  const enable = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'code.submit', appCode, ...(smsRequired ? { smsCode } : {}) });
  };
  const disable = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'hash.submit', hash: disableHash });
    void queryClient.invalidateQueries({ queryKey: accountKeys.session() });
  };

  return (
    <StyledPanel aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{ta('twoFactor.title')}</h2>
      <p role="status">{view.state === 'active' ? ta('twoFactor.stateOn') : ta('twoFactor.stateOff')}</p>
      <FormAlert>{formError}</FormAlert>
      {view.state === 'active' && hash ? <FormAlert tone="success">{ta('twoFactor.hash', { hash })}</FormAlert> : null}
      {view.state === 'inactive' ? (
        <Button loading={view.loading} onClick={() => actor.send({ type: 'twoFactor.start' })}>
          {ta('twoFactor.start')}
        </Button>
      ) : null}
      {view.state === 'setup' && view.qr ? (
        <StyledForm onSubmit={enable} noValidate>
          <img src={view.qr.qr_code_url} alt={ta('twoFactor.qrAlt')} width={200} height={200} />
          <p>{ta('twoFactor.secret', { code: view.qr.code })}</p>
          <TextField
            label={ta('field.appCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={appCode}
            onChange={(e) => setAppCode(e.target.value)}
            error={errorFor('appCode')}
          />
          {smsRequired ? (
            <>
              <Button
                variant="secondary"
                loading={view.sending}
                disabled={!view.canSendSms}
                onClick={() => actor.send({ type: 'sms.send' })}
              >
                {ta('twoFactor.sendSms')}
              </Button>
              <TextField
                label={ta('field.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={smsCode}
                onChange={(e) => setSmsCode(e.target.value)}
                error={errorFor('smsCode')}
              />
            </>
          ) : null}
          <Button type="submit" loading={view.loading}>
            {ta('twoFactor.enable')}
          </Button>
          <Button variant="ghost" onClick={() => actor.send({ type: 'twoFactor.cancel' })}>
            {ta('common.cancel')}
          </Button>
        </StyledForm>
      ) : null}
      {view.state === 'active' ? (
        <StyledForm onSubmit={disable} noValidate>
          <TextField
            label={ta('field.hash')}
            autoComplete="off"
            value={disableHash}
            onChange={(e) => setDisableHash(e.target.value)}
            error={errorFor('hash')}
          />
          <Button type="submit" variant="secondary" loading={view.loading}>
            {ta('twoFactor.disable')}
          </Button>
        </StyledForm>
      ) : null}
    </StyledPanel>
  );
}
