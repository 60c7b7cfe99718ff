import { createContext, useContext, useId, type ReactNode } from 'react';
import styled from 'styled-components';

/** What a control inside a {@link Field} needs to be named and described by it. */
export interface FieldControl {
  /** The control's id, which the field's label points at. */
  id: string;
  /** The ids of the hint, the error and any outside description, space-separated; undefined when none. */
  'aria-describedby': string | undefined;
  /** True while the field has an error. */
  'aria-invalid': true | undefined;
}

const FieldContext = createContext<FieldControl | null>(null);

/**
 * The id, description and validity the enclosing {@link Field} gives its control; null outside a field. The ui
 * library's `Input` and `Select` read it; a custom control spreads it onto its element.
 */
export function useFieldControl(): FieldControl | null {
  return useContext(FieldContext);
}

const StyledField = styled.div`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(1)};
  min-inline-size: 0;
  > label {
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
`;

const StyledHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.text.muted};
  font-size: ${({ theme }) => theme.typography.size.small};
`;

const StyledError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.text.base};
  font-size: ${({ theme }) => theme.typography.size.small};
  padding-inline-start: ${({ theme }) => theme.space(2)};
  border-inline-start: 3px solid ${({ theme }) => theme.color.status.danger.base};
`;

/** Props of {@link Field}. */
export interface FieldProps {
  /** The label: the control's accessible name. */
  label: ReactNode;
  /** A standing explanation under the control (the allowed range), part of its description. */
  hint?: ReactNode;
  /** What is wrong: shown under the control, announced as an alert, and the control is marked invalid. */
  error?: ReactNode;
  /** Marks the control invalid without an error of its own here (the message lives in `describedBy`). */
  invalid?: boolean;
  /** Ids of further elements that describe the control (a form-wide alert region). */
  describedBy?: string;
  /** The control's id, when the page needs to know it; generated otherwise. */
  id?: string;
  className?: string;
  /** One control: `Input`, `Select`, or a custom one that spreads {@link useFieldControl}. */
  children: ReactNode;
}

/**
 * A labelled form field: the label names the control (`for`/`id`), the hint and the error describe it
 * (`aria-describedby`), and an error marks it `aria-invalid`. Visible text and accessible name are one.
 */
export function Field({ label, hint, error, invalid, describedBy, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const described = [hint ? hintId : null, hasError ? errorId : null, describedBy ?? null].filter(Boolean).join(' ');
  const control: FieldControl = {
    id: controlId,
    'aria-describedby': described || undefined,
    'aria-invalid': hasError || invalid ? true : undefined,
  };
  return (
    <StyledField className={className}>
      <label htmlFor={controlId}>{label}</label>
      <FieldContext.Provider value={control}>{children}</FieldContext.Provider>
      {hint ? <StyledHint id={hintId}>{hint}</StyledHint> : null}
      {hasError ? (
        <StyledError id={errorId} role="alert">
          {error}
        </StyledError>
      ) : null}
    </StyledField>
  );
}
