import type { BackofficeBet } from '@tessera/shared/contract-api';
import { Button, Field, Modal, Select, useFieldControl } from '@tessera/shared/ui';
import { type FormEvent, forwardRef, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useConsoleTranslate } from '../app/use-console-translate';
import { errorMessage } from '../ui/error-message';
import { MIN_REASON_LENGTH } from '../ui/reason-dialog';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
  }
`;

const StyledTextarea = styled.textarea`
  inline-size: 100%;
  min-block-size: 5em;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border.strong};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.base};
  color: ${({ theme }) => theme.color.text.base};
  font: inherit;
  resize: vertical;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.status.danger.base};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

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
  const tooShort = reason.trim().length < MIN_REASON_LENGTH;

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
        <Field
          label={t('backoffice:reason.label')}
          hint={t('backoffice:reason.hint', { min: MIN_REASON_LENGTH })}
          error={touched && tooShort ? t('backoffice:reason.tooShort', { min: MIN_REASON_LENGTH }) : undefined}
        >
          <ReasonInput ref={reasonRef} value={reason} onChange={setReason} />
        </Field>
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

const ReasonInput = forwardRef<HTMLTextAreaElement, { value: string; onChange: (value: string) => void }>(
  function ReasonInput({ value, onChange }, ref) {
    const field = useFieldControl();
    return (
      <StyledTextarea
        {...field}
        ref={ref}
        name="reason"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  },
);
