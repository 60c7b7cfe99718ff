import type { ReactNode } from 'react';
import styled, { type DefaultTheme } from 'styled-components';

/** How a status reads: fine, needs attention, stopped, or neutral. */
export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral';

function tone(theme: DefaultTheme, value: BadgeTone) {
  if (value === 'neutral') return { base: theme.color.surface.raised, text: theme.color.text.base };
  return theme.color.status[value];
}

const StyledBadge = styled.span<{ $tone: BadgeTone }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.small};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  background: ${({ theme, $tone }) => tone(theme, $tone).base};
  color: ${({ theme, $tone }) => tone(theme, $tone).text};
  font-size: ${({ theme }) => theme.typography.size.small};
  white-space: nowrap;
`;

/** A status as a small coloured label; the text says it all, the colour only helps. */
export function StatusBadge({ tone: value, children }: { tone: BadgeTone; children: ReactNode }) {
  return <StyledBadge $tone={value}>{children}</StyledBadge>;
}
