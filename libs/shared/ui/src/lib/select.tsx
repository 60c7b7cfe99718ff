import { forwardRef, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { useFieldControl } from './field';
import { controlStyles } from './field-styles';

const StyledWrap = styled.span`
  position: relative;
  display: block;
  min-inline-size: 0;
  /* The chevron is drawn in the text colour, so it follows the brand and the mode; it ignores the pointer. */
  &::after {
    content: '';
    position: absolute;
    inset-inline-end: ${({ theme }) => theme.space(3)};
    inset-block-start: 50%;
    inline-size: 8px;
    block-size: 8px;
    /* Physical sides on purpose: turned 45°, the right and bottom borders point down in either direction. */
    border-right: 2px solid ${({ theme }) => theme.color.text.muted};
    border-bottom: 2px solid ${({ theme }) => theme.color.text.muted};
    transform: translateY(-70%) rotate(45deg);
    pointer-events: none;
  }
`;

const StyledSelect = styled.select`
  ${controlStyles}
  && {
    appearance: none;
    padding-inline-end: ${({ theme }) => theme.space(9)};
    cursor: pointer;
  }
  option {
    background: ${({ theme }) => theme.color.surface.raised};
    color: ${({ theme }) => theme.color.text.base};
  }
`;

/** Props of {@link Select}. */
export type SelectProps = SelectHTMLAttributes<HTMLSelectElement>;

/**
 * A native select (the platform's own list on phones, full keyboard support) drawn in the brand's theme with its own
 * chevron. Inside a {@link Field} it takes the field's id, description and validity.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ className, ...props }, ref) {
  const field = useFieldControl();
  return (
    <StyledWrap className={className}>
      <StyledSelect ref={ref} {...(field ?? {})} {...props} />
    </StyledWrap>
  );
});
