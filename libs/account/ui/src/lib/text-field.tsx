import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import styled from 'styled-components';

const StyledField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

const StyledInput = styled.input`
  min-height: 44px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.small};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  background: ${({ theme }) => theme.color.surface.base};
  color: inherit;
  font: inherit;
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.status.danger.base};
  }
`;

const StyledHint = styled.p`
  margin: 0;
  font-size: 0.875em;
`;

const StyledError = styled.p`
  margin: 0;
  font-size: 0.875em;
  color: ${({ theme }) => theme.color.status.danger.base};
`;

/** Props of {@link TextField}. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The visible label (every input has one). */
  label: string;
  /** The error under the field, linked with aria-describedby; absent when the field is fine. */
  error?: string | undefined;
  /** A help text under the field, also linked with aria-describedby. */
  hint?: string | undefined;
}

/** A labelled input whose error and hint are announced with it (aria-invalid, aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, 'aria-describedby': alsoDescribedBy, ...input },
  ref,
) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  // A caller's own description (a password's strength meter) comes after the error and the hint.
  const describedBy = [errorId, hintId, alsoDescribedBy].filter(Boolean).join(' ') || undefined;
  return (
    <StyledField>
      <label htmlFor={id}>{label}</label>
      <StyledInput
        {...input}
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? <StyledError id={errorId}>{error}</StyledError> : null}
      {hint ? <StyledHint id={hintId}>{hint}</StyledHint> : null}
    </StyledField>
  );
});
