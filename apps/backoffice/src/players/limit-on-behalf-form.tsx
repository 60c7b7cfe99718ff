import { useQueryClient } from '@tanstack/react-query';
import type { BackofficePlayer, BackofficePlayerLimitResponse } from '@tessera/shared/contract-api';
import { defineCall, float, oneOf, str, useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Input, Select } from '@tessera/shared/ui';
import { type FormEvent, useState } from 'react';
import { useConsoleTranslate } from '../app/use-console-translate';
import { consoleKeys } from '../api/console.queries';
import { CONSOLE_API } from '../api/session.api';
import { errorMessage } from '../ui/error-message';
import { ReasonField, reasonTooShort, StyledPanelForm } from '../ui/reason-dialog';
import { useFormat } from '../ui/use-format';

const KINDS = ['deposit', 'loss', 'wager', 'session'] as const;
const PERIODS = ['day', 'week', 'month'] as const;

/** POST players/:id/limits: a limit set on the player's behalf (player protection's own rules; audited). */
const setLimitCall = defineCall({
  url: `${CONSOLE_API}/players`,
  method: 'POST',
  path: { id: str({ required: true }), limits: oneOf(['limits'] as const, { required: true }) },
  body: {
    kind: oneOf(KINDS, { required: true }),
    period: oneOf([...PERIODS, 'session'] as const, { required: true }),
    amount: float(),
    reason: str({ required: true }),
  },
}).returns<BackofficePlayerLimitResponse>();

/** Sets, lowers, raises or removes one of the player's limits on their behalf, with a reason. */
export function LimitOnBehalfForm({ player }: { player: BackofficePlayer }) {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<(typeof KINDS)[number]>('deposit');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('day');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const parsed = amount.trim() === '' ? null : Number(amount.trim().replace(',', '.'));
  const amountInvalid = parsed !== null && !(Number.isFinite(parsed) && parsed > 0);
  const tooShort = reasonTooShort(reason);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (amountInvalid || tooShort) return;
    setSending(true);
    setMessage(null);
    try {
      const answer = await client.send(setLimitCall, {
        id: player.id,
        limits: 'limits',
        kind,
        period: kind === 'session' ? 'session' : period,
        amount: parsed ?? undefined,
        reason: reason.trim(),
      });
      setMessage({
        text:
          answer.applied === 'now'
            ? t('backoffice-desks:limits.applied.now')
            : t('backoffice-desks:limits.applied.pending', { at: format.dateTime(answer.effectiveAt) }),
        failed: false,
      });
      setReason('');
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: consoleKeys.player(player.id) });
    } catch (error) {
      setMessage({ text: errorMessage(t, error), failed: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <StyledPanelForm onSubmit={(event) => void submit(event)} noValidate aria-labelledby="limit-on-behalf-title">
      <h3 id="limit-on-behalf-title">{t('backoffice-desks:limits.title')}</h3>
      <p>{t('backoffice-desks:limits.note')}</p>
      <Field label={t('backoffice:column.kind')}>
        <Select name="kind" value={kind} onChange={(event) => setKind(event.target.value as (typeof KINDS)[number])}>
          {KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`backoffice:limit.kind.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      {kind === 'session' ? null : (
        <Field label={t('backoffice:limit.period')}>
          <Select
            name="period"
            value={period}
            onChange={(event) => setPeriod(event.target.value as (typeof PERIODS)[number])}
          >
            {PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`backoffice:limit.period.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field
        label={t('backoffice:limit.amount')}
        hint={t('backoffice-desks:limits.amountHint', { currency: player.currency })}
        error={touched && amountInvalid ? t('backoffice-desks:limits.amountInvalid') : undefined}
      >
        <Input name="amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </Field>
      <ReasonField value={reason} onChange={setReason} touched={touched} />
      {message ? <p role={message.failed ? 'alert' : 'status'}>{message.text}</p> : null}
      <div>
        <Button type="submit" variant="primary" loading={sending}>
          {t('backoffice-desks:limits.submit')}
        </Button>
      </div>
    </StyledPanelForm>
  );
}
