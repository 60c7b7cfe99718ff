import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';

// Doubled class: a page's own 'label { display: grid }' must not pull the box away from its text.
const StyledChoice = styled.label`
  && {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 44px;
    padding-block: ${({ theme }) => theme.space(2)};
    cursor: pointer;
  }
  /* The box sits right beside its text, centred on it, whatever the text's length or direction. */
  && input {
    flex: none;
    inline-size: 20px;
    block-size: 20px;
    min-height: 0;
    margin: 0;
    accent-color: ${({ theme }) => theme.color.accent.base};
    cursor: inherit;
  }
  &&:has(input:disabled) {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const StyledHint = styled.small`
  display: block;
  margin-block-start: calc(-1 * ${({ theme }) => theme.space(1)});
  padding-inline-start: calc(20px + ${({ theme }) => theme.space(2)});
  color: ${({ theme }) => theme.color.text.muted};
`;

/** Props of {@link Checkbox} and {@link Radio}. */
export interface ChoiceProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The text beside the box: its accessible name. */
  label: ReactNode;
  /** A line under the label, part of the description. */
  hint?: ReactNode;
}

function choiceControl(type: 'checkbox' | 'radio') {
  return forwardRef<HTMLInputElement, ChoiceProps>(function Choice({ label, hint, className, ...rest }, ref) {
    const hintId = useId();
    const choice = (
      <StyledChoice className={className}>
        <input ref={ref} type={type} aria-describedby={hint ? hintId : undefined} {...rest} />
        <span>{label}</span>
      </StyledChoice>
    );
    if (!hint) return choice;
    // The hint stands outside the label, so it describes the box without becoming part of its name.
    return (
      <div>
        {choice}
        <StyledHint id={hintId}>{hint}</StyledHint>
      </div>
    );
  });
}

/** A native checkbox in the brand's accent colour, its label right beside it and a 44 px target. */
export const Checkbox = choiceControl('checkbox');
Checkbox.displayName = 'Checkbox';

/** A native radio button in the brand's accent colour, its label right beside it and a 44 px target. */
export const Radio = choiceControl('radio');
Radio.displayName = 'Radio';
