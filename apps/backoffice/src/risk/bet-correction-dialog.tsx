import type { BackofficeBet } from '@tessera/shared/contract-api';
import { Button, Field, Modal, Select } from '@tessera/shared/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useConsoleTranslate } from '../app/use-console-translate';
import { errorMessage } from '../ui/error-message';
import { ReasonField, reasonTooShort, StyledActions, StyledForm } from '../ui/reason-dialog';

/** How a resettled bet may end. */
export const CORRECTION_OUTCOMES = ['won', 'lost', 'returned'] as const;

/** A correction as the dialog sends it. */
export interface BetCorrectionInput {
  action: 'void' | 'resettle';
  outcome?: (typeof CORRECTION_OUTCOMES)[number];
  reason: string;
}

/** Props of {@link BetCorrectionDialog}. */
export interface BetCorrectionDialogProps {
  bet: BackofficeBet;
  action: BetCorrectionInput['action'];
  onConfirm: (input: BetCorrectionInput) => Promise<unknown>;
  onClose: () => void;
}

/** Asks for a void's or a resettlement's reason (and the new outcome), then sends it; a refusal stays in the dialog. */
export function BetCorrectionDialog({ bet, action, onConfirm, onClose }: BetCorrectionDialogProps) {
  const t = useConsoleTranslate();
  const [outcome, setOutcome] = useState<(typeof CORRECTION_OUTCOMES)[number]>(bet.status === 'lost' ? 'won' : 'lost');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);
  const tooShort = reasonTooShort(reason);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort) return;
    setSending(true);
    setFailure(null);
    try {
      await onConfirm({ action, reason: reason.trim(), ...(action === 'resettle' ? { outcome } : {}) });
      onClose();
    } catch (error) {
      setFailure(errorMessage(t, error));
      setSending(false);
    }
  };

  return (
    <Modal
      title={action === 'void' ? t('backoffice-desks:bets.voidTitle') : t('backoffice-desks:bets.resettleTitle')}
      onClose={onClose}
    >
      <StyledForm onSubmit={(event) => void submit(event)} noValidate>
        <p>{action === 'void' ? t('backoffice-desks:bets.voidNote') : t('backoffice-desks:bets.resettleNote')}</p>
        {action === 'resettle' ? (
          <Field label={t('backoffice-desks:bets.outcome')}>
            <Select
              name="outcome"
              value={outcome}
              onChange={(event) => setOutcome(event.target.value as (typeof CORRECTION_OUTCOMES)[number])}
            >
              {CORRECTION_OUTCOMES.map((value) => (
                <option key={value} value={value}>
                  {t(`backoffice-desks:bets.outcome.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <ReasonField ref={reasonRef} value={reason} onChange={setReason} touched={touched} />
        {failure ? <p role="alert">{failure}</p> : null}
        <StyledActions>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {t('backoffice:action.cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={sending}>
            {action === 'void' ? t('backoffice-desks:bets.void') : t('backoffice-desks:bets.resettle')}
          </Button>
        </StyledActions>
      </StyledForm>
    </Modal>
  );
}
