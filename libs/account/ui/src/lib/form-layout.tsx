import { type FormHTMLAttributes, forwardRef } from 'react';
import styled from 'styled-components';
import { useHydrated } from './use-hydrated';

const StyledFieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 28rem;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

/**
 * A vertical form with the theme's spacing; forms use it so every account screen looks alike. Its controls stay
 * disabled until the page has hydrated: before that a press would submit natively (a GET putting the password in the
 * address) and text typed would be lost when React takes over the fields.
 */
export const StyledForm = forwardRef<HTMLFormElement, FormHTMLAttributes<HTMLFormElement>>(function StyledForm(
  { children, ...form },
  ref,
) {
  const hydrated = useHydrated();
  return (
    <form {...form} ref={ref}>
      <StyledFieldset disabled={!hydrated}>{children}</StyledFieldset>
    </form>
  );
});

/** A row of tab-like or action buttons. */
export const StyledButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A titled block of the office screens. */
export const StyledPanel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.medium};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  background: ${({ theme }) => theme.color.surface.base};
`;
