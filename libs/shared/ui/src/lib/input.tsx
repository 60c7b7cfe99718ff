import { forwardRef, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { useFieldControl } from './field';
import { controlStyles } from './field-styles';

const StyledInput = styled.input`
  ${controlStyles}
  &&[type='file'] {
    padding-block: ${({ theme }) => theme.space(2)};
  }
`;

/** Props of {@link Input}. */
export type InputProps = InputHTMLAttributes<HTMLInputElement>;

/**
 * A text-like input in the brand's theme. Inside a {@link Field} it takes the field's id, description and validity
 * (props given here win).
 */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(props, ref) {
  const field = useFieldControl();
  return <StyledInput ref={ref} {...(field ?? {})} {...props} />;
});
