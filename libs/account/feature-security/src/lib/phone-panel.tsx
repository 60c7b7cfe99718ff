import { phoneAddMachine, phoneChangeMachine } from '@tessera/account/data-access-security';
import { accountKeys, phoneAddAdapter, phoneChangeAdapter, useAccountText } from '@tessera/account/data-access-session';
import { FormAlert, PhoneField, StyledButtonRow, StyledForm, StyledPanel, TextField } from '@tessera/account/ui';
import { phoneRulesFromSettings } from '@tessera/account/util-validation';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useBrand, useSiteConfig } from '@tessera/shared/data-access-brand';
import { Button } from '@tessera/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { securityErrorKey } from './security-error-text';

/** Props of {@link PhonePanel}. */
export interface PhonePanelProps {
  /** Whether a confirmed phone is bound: then the change flow, else the add flow. */
  hasPhone: boolean;
  /** Whether the account has a secure question (the change flow asks it). */
  hasSecureQuestion: boolean;
}

/** The phone of the account: add one, or change it through the full flow (code, secure answer, new number, its code). */
export function PhonePanel({ hasPhone, hasSecureQuestion }: PhonePanelProps) {
  const { ta } = useAccountText();
  const [round, setRound] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <StyledPanel aria-labelledby="phone-title">
      <h2 id="phone-title">{ta('phone.title')}</h2>
      <p>{hasPhone ? ta('phone.bound') : ta('phone.none')}</p>
      {open ? (
        hasPhone ? (
          <PhoneChangeFlow
            key={round}
            hasSecureQuestion={hasSecureQuestion}
            onCancel={() => {
              setOpen(false);
              setRound((r) => r + 1);
            }}
          />
        ) : (
          <PhoneAddFlow
            key={round}
            onCancel={() => {
              setOpen(false);
              setRound((r) => r + 1);
            }}
          />
        )
      ) : (
        <Button onClick={() => setOpen(true)}>{hasPhone ? ta('phone.change') : ta('phone.add')}</Button>
      )}
    </StyledPanel>
  );
}

function PhoneChangeFlow({ hasSecureQuestion, onCancel }: { hasSecureQuestion: boolean; onCancel: () => void }) {
  const client = useApiClient();
  const brand = useBrand();
  const phoneRules = phoneRulesFromSettings(useSiteConfig().registration.phone);
  const queryClient = useQueryClient();
  const { ta } = useAccountText();
  const api = useMemo(() => phoneChangeAdapter(client, brand.country.toUpperCase()), [client, brand.country]);
  const actor = useActorRef(phoneChangeMachine, { input: { api, hasSecureQuestion } });
  const view = useSelector(actor, (s) => ({
    step: s.matches('awaitingCode')
      ? 'code'
      : s.matches('awaitingAnswer')
        ? 'answer'
        : s.matches('awaitingPhone')
          ? 'phone'
          : s.matches('awaitingNewCode')
            ? 'newCode'
            : s.matches('changed')
              ? 'changed'
              : 'start',
    busy:
      s.matches('sendingCode') ||
      s.matches({ awaitingCode: { entry: 'checking' } }) ||
      s.matches({ awaitingAnswer: 'checking' }) ||
      s.matches({ awaitingPhone: 'changing' }) ||
      s.matches({ awaitingNewCode: { entry: 'confirming' } }),
    canSend: s.can({ type: 'code.send' }),
    canResend: s.can({ type: 'code.resend' }),
    error: s.context.error,
  }));
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState('');
  const [phone, setPhone] = useState('');
  const [newCode, setNewCode] = useState('');
  useEffect(() => {
    if (view.step === 'changed') void queryClient.invalidateQueries({ queryKey: accountKeys.session() });
  }, [view.step, queryClient]);
  const fieldError = (field: string) =>
    view.error && view.error.field === field ? ta(securityErrorKey(view.error)) : undefined;
  const formError =
    view.error && !['code', 'answer', 'phone'].includes(view.error.field)
      ? ta(securityErrorKey(view.error))
      : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.step === 'code') actor.send({ type: 'code.submit', code });
    if (view.step === 'answer') actor.send({ type: 'answer.submit', answer });
    if (view.step === 'phone') actor.send({ type: 'phone.submit', phoneNumber: phone });
    if (view.step === 'newCode') actor.send({ type: 'code.submit', code: newCode });
  };
  if (view.step === 'changed') return <FormAlert tone="success">{ta('phone.changed')}</FormAlert>;
  return (
    <StyledForm onSubmit={submit} noValidate aria-label={ta('phone.change')}>
      <FormAlert>{formError}</FormAlert>
      {view.step === 'start' ? (
        <Button loading={view.busy} disabled={!view.canSend} onClick={() => actor.send({ type: 'code.send' })}>
          {ta('phone.sendCode')}
        </Button>
      ) : null}
      {view.step === 'code' ? (
        <>
          <p role="status">{ta('phone.codeSent')}</p>
          <TextField
            label={ta('field.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={fieldError('code')}
          />
          <Button type="submit" loading={view.busy}>
            {ta('phone.checkCode')}
          </Button>
          <Button variant="ghost" disabled={!view.canResend} onClick={() => actor.send({ type: 'code.resend' })}>
            {ta('phone.resend')}
          </Button>
        </>
      ) : null}
      {view.step === 'answer' ? (
        <>
          <TextField
            label={ta('field.secureAnswer')}
            autoComplete="off"
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            error={fieldError('answer')}
          />
          <Button type="submit" loading={view.busy}>
            {ta('phone.checkAnswer')}
          </Button>
        </>
      ) : null}
      {view.step === 'phone' ? (
        <>
          <PhoneField
            label={ta('field.newPhone')}
            autoComplete="tel-national"
            country={brand.country.toUpperCase()}
            rules={phoneRules}
            value={phone}
            onDigits={setPhone}
            error={fieldError('phone') ?? fieldError('code')}
          />
          <Button type="submit" loading={view.busy}>
            {ta('phone.changeSubmit')}
          </Button>
        </>
      ) : null}
      {view.step === 'newCode' ? (
        <>
          <p role="status">{ta('phone.newCodeSent')}</p>
          <TextField
            label={ta('field.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={newCode}
            onChange={(e) => setNewCode(e.target.value)}
            error={fieldError('code')}
          />
          <Button type="submit" loading={view.busy}>
            {ta('phone.confirmSubmit')}
          </Button>
          <Button variant="ghost" disabled={!view.canResend} onClick={() => actor.send({ type: 'code.resend' })}>
            {ta('phone.resend')}
          </Button>
          <Button
            variant="ghost"
            disabled={view.busy}
            onClick={() => {
              setNewCode('');
              actor.send({ type: 'phone.edit' });
            }}
          >
            {ta('phone.otherNumber')}
          </Button>
        </>
      ) : null}
      <StyledButtonRow>
        <Button
          variant="ghost"
          onClick={() => {
            actor.send({ type: 'flow.cancel' });
            onCancel();
          }}
        >
          {ta('common.cancel')}
        </Button>
      </StyledButtonRow>
    </StyledForm>
  );
}

function PhoneAddFlow({ onCancel }: { onCancel: () => void }) {
  const client = useApiClient();
  const brand = useBrand();
  const phoneRules = phoneRulesFromSettings(useSiteConfig().registration.phone);
  const queryClient = useQueryClient();
  const { ta } = useAccountText();
  const api = useMemo(() => phoneAddAdapter(client, brand.country.toUpperCase()), [client, brand.country]);
  const actor = useActorRef(phoneAddMachine, { input: { api } });
  const view = useSelector(actor, (s) => ({
    step: s.matches('awaitingCode') ? 'code' : s.matches('added') ? 'added' : 'phone',
    busy: s.matches('creating') || s.matches({ awaitingCode: { entry: 'confirming' } }),
    canResend: s.can({ type: 'code.resend' }),
    error: s.context.error,
  }));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  useEffect(() => {
    if (view.step === 'added') void queryClient.invalidateQueries({ queryKey: accountKeys.session() });
  }, [view.step, queryClient]);
  const fieldError = (field: string) =>
    view.error && view.error.field === field ? ta(securityErrorKey(view.error)) : undefined;
  const formError =
    view.error && !['code', 'phone'].includes(view.error.field) ? ta(securityErrorKey(view.error)) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.step === 'phone') actor.send({ type: 'phone.submit', phoneNumber: phone });
    if (view.step === 'code') actor.send({ type: 'code.submit', code });
  };
  if (view.step === 'added') return <FormAlert tone="success">{ta('phone.added')}</FormAlert>;
  return (
    <StyledForm onSubmit={submit} noValidate aria-label={ta('phone.add')}>
      <FormAlert>{formError}</FormAlert>
      <PhoneField
        label={ta('field.phone')}
        autoComplete="tel-national"
        country={brand.country.toUpperCase()}
        rules={phoneRules}
        value={phone}
        readOnly={view.step === 'code'}
        onDigits={setPhone}
        error={fieldError('phone')}
      />
      {view.step === 'code' ? (
        <>
          <TextField
            label={ta('field.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={fieldError('code')}
          />
          <Button type="submit" loading={view.busy}>
            {ta('phone.confirmSubmit')}
          </Button>
          <Button variant="ghost" disabled={!view.canResend} onClick={() => actor.send({ type: 'code.resend' })}>
            {ta('phone.resend')}
          </Button>
        </>
      ) : (
        <Button type="submit" loading={view.busy}>
          {ta('phone.addSubmit')}
        </Button>
      )}
      <Button
        variant="ghost"
        onClick={() => {
          actor.send({ type: 'flow.cancel' });
          onCancel();
        }}
      >
        {ta('common.cancel')}
      </Button>
    </StyledForm>
  );
}
