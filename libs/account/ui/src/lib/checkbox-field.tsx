import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import styled from 'styled-components';

const StyledField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

const StyledRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
`;

const StyledError = styled.p`
  margin: 0;
  font-size: 0.875em;
  color: ${({ theme }) => theme.color.status.danger.base};
`;

/** Props of {@link CheckboxField}. */
export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  /** The visible label, which is also the checkbox's accessible name. */
  label: string;
  /** The error under the box, linked with aria-describedby; absent when the box is fine. */
  error?: string | undefined;
}

/** A labelled checkbox whose error is announced with it (aria-invalid, aria-describedby), like {@link TextField}. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, error, ...input },
  ref,
) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <StyledField>
      <StyledRow>
        <input
          {...input}
          ref={ref}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label htmlFor={id}>{label}</label>
      </StyledRow>
      {error ? <StyledError id={errorId}>{error}</StyledError> : null}
    </StyledField>
  );
});
