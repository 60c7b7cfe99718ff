import { useQueryClient } from '@tanstack/react-query';
import type { BackofficeAdjustmentResponse, BackofficePlayerResponse } from '@tessera/shared/contract-api';
import { defineCall, int, oneOf, str, useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Input, Select } from '@tessera/shared/ui';
import { type FormEvent, useState } from 'react';
import { useConsoleTranslate } from '../app/use-console-translate';
import { consoleKeys } from '../api/console.queries';
import { CONSOLE_API } from '../api/session.api';
import { errorMessage } from '../ui/error-message';
import { ReasonField, reasonTooShort, StyledPanelForm } from '../ui/reason-dialog';
import { useFormat } from '../ui/use-format';

/** POST players/:id/adjustments: a manual credit or debit (minor units, signed), idempotent by requestId. */
const adjustCall = defineCall({
  url: `${CONSOLE_API}/players`,
  method: 'POST',
  path: { id: str({ required: true }), adjustments: oneOf(['adjustments'] as const, { required: true }) },
  body: {
    currency: str({ required: true }),
    amount: int({ required: true }),
    reason: str({ required: true }),
    requestId: str({ required: true }),
  },
}).returns<BackofficeAdjustmentResponse>();

const newRequestId = () => `console-${crypto.randomUUID()}`;

/** Minor units of a typed amount (two decimals at most, never 0), or undefined. */
function minorUnits(text: string): number | undefined {
  const value = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(value)) return undefined;
  const minor = Math.round(Number(value) * 100);
  return minor === 0 ? undefined : minor;
}

/** A manual credit or debit of the player's main balance with a reason (the payments desk's adjustment). */
export function AdjustmentForm({ data }: { data: BackofficePlayerResponse }) {
  const t = useConsoleTranslate();
  const format = useFormat();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const currencies = data.balances.length > 0 ? data.balances.map((b) => b.currency) : [data.player.currency];
  const [currency, setCurrency] = useState(currencies[0] ?? data.player.currency);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // One key per adjustment: a send retried after a lost answer moves the money once; a new key after each success.
  const [requestId, setRequestId] = useState(newRequestId);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const minor = minorUnits(amount);
  const tooShort = reasonTooShort(reason);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (minor === undefined || tooShort) return;
    setSending(true);
    setMessage(null);
    try {
      const answer = await client.send(adjustCall, {
        id: data.player.id,
        adjustments: 'adjustments',
        currency,
        amount: minor,
        reason: reason.trim(),
        requestId,
      });
      const amount = format.money(answer.amount, answer.currency);
      setMessage({
        text:
          answer.outcome === 'adjusted'
            ? t('backoffice-desks:adjust.done', {
                amount,
                balance: format.money(answer.balanceAfter ?? 0, answer.currency),
              })
            : answer.outcome === 'awaiting-second-approval'
              ? t('backoffice-desks:adjust.awaiting', { amount })
              : t('backoffice-desks:adjust.pending.rejected', { amount }),
        failed: false,
      });
      setAmount('');
      setReason('');
      setTouched(false);
      setRequestId(newRequestId());
      await queryClient.invalidateQueries({ queryKey: consoleKeys.player(data.player.id) });
    } catch (error) {
      setMessage({ text: errorMessage(t, error), failed: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <StyledPanelForm onSubmit={(event) => void submit(event)} noValidate aria-labelledby="adjustment-title">
      <h3 id="adjustment-title">{t('backoffice-desks:adjust.title')}</h3>
      <p>{t('backoffice-desks:adjust.note')}</p>
      <Field label={t('backoffice-desks:adjust.currency')}>
        <Select name="currency" value={currency} onChange={(event) => setCurrency(event.target.value)}>
          {currencies.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t('backoffice-desks:adjust.amount', { currency })}
        hint={t('backoffice-desks:adjust.amountHint')}
        error={touched && minor === undefined ? t('backoffice-desks:adjust.amountInvalid') : undefined}
      >
        <Input name="amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </Field>
      <ReasonField value={reason} onChange={setReason} touched={touched} />
      {message ? <p role={message.failed ? 'alert' : 'status'}>{message.text}</p> : null}
      <div>
        <Button type="submit" variant="primary" loading={sending}>
          {t('backoffice-desks:adjust.submit')}
        </Button>
      </div>
    </StyledPanelForm>
  );
}
