import type { ReactNode } from 'react';
import styled from 'styled-components';

const StyledAlert = styled.div<{ $tone: 'error' | 'success' }>`
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.small};
  border: 1px solid
    ${({ theme, $tone }) => ($tone === 'error' ? theme.color.status.danger.base : theme.color.border.base)};
  background: ${({ theme }) => theme.color.surface.raised};
`;

/** Props of {@link FormAlert}. */
export interface FormAlertProps {
  tone?: 'error' | 'success';
  children?: ReactNode;
}

/** A message about the whole form: errors are announced at once (role alert), successes politely (role status). */
export function FormAlert({ tone = 'error', children }: FormAlertProps) {
  if (!children) return null;
  return (
    <StyledAlert role={tone === 'error' ? 'alert' : 'status'} $tone={tone}>
      {children}
    </StyledAlert>
  );
}
