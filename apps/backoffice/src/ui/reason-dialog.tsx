import { Button, Field, Modal, useFieldControl } from '@tessera/shared/ui';
import { type FormEvent, forwardRef, type ReactNode, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useConsoleTranslate } from '../app/use-console-translate';
import { errorMessage } from './error-message';

/** A dialog's or a desk form's grid of fields. */
export const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  p {
    margin: 0;
  }
`;

/** The console's multi-line text field (a reason, a note). */
export const StyledTextarea = styled.textarea`
  inline-size: 100%;
  min-block-size: 6em;
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

/** A dialog's buttons, at the end of the line. */
export const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A form of its own on a desk's page (its heading and note above the fields). */
export const StyledPanelForm = styled(StyledForm)`
  max-inline-size: 36rem;
  margin-block-start: ${({ theme }) => theme.space(4)};
  h3 {
    margin: 0;
  }
`;

/** Shortest reason the server accepts (schemas/api/backoffice/reason-request), checked before sending. */
export const MIN_REASON_LENGTH = 3;

/** Whether a reason is too short to send (after trimming). */
export const reasonTooShort = (reason: string): boolean => reason.trim().length < MIN_REASON_LENGTH;

/** Props of {@link ReasonField}. */
export interface ReasonFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The form was sent once: a too-short reason shows its error. */
  touched: boolean;
  /** The label (default "Reason"). */
  label?: string;
}

/** The reason every operator action needs (it goes to the audit log): label, hint, error when too short. */
export const ReasonField = forwardRef<HTMLTextAreaElement, ReasonFieldProps>(function ReasonField(
  { value, onChange, touched, label },
  ref,
) {
  const t = useConsoleTranslate();
  return (
    <Field
      label={label ?? t('backoffice:reason.label')}
      hint={t('backoffice:reason.hint', { count: MIN_REASON_LENGTH })}
      error={
        touched && reasonTooShort(value) ? t('backoffice:reason.tooShort', { count: MIN_REASON_LENGTH }) : undefined
      }
    >
      <ReasonInput ref={ref} value={value} onChange={onChange} />
    </Field>
  );
});

/** Props of {@link ReasonDialog}. */
export interface ReasonDialogProps {
  title: string;
  /** What will happen, in a sentence (whose account, which amount). */
  description?: ReactNode;
  /** The confirm button's text (the action: "Lock account"). */
  confirmLabel: string;
  /** The label of the text field (default "Reason"). */
  fieldLabel?: string;
  /** Sends the decision; a rejection shows its message in the dialog and keeps it open. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Asks for the reason every operator action needs (it goes to the audit log), then sends it. Focus is trapped in the
 * dialog; Escape and Cancel close it without doing anything.
 */
export function ReasonDialog({ title, description, confirmLabel, fieldLabel, onConfirm, onClose }: ReasonDialogProps) {
  const t = useConsoleTranslate();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tooShort = reasonTooShort(reason);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // The dialog takes focus when it opens; this runs after it (a parent's effect), so typing starts in the field.
  useEffect(() => fieldRef.current?.focus(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort) return;
    setSending(true);
    setFailure(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (error) {
      setFailure(errorMessage(t, error));
      setSending(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <StyledForm onSubmit={(event) => void submit(event)} noValidate>
        {description ? <p>{description}</p> : null}
        <ReasonField ref={fieldRef} value={reason} onChange={setReason} touched={touched} label={fieldLabel} />
        {failure ? <p role="alert">{failure}</p> : null}
        <StyledActions>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {t('backoffice:action.cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={sending}>
            {confirmLabel}
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
