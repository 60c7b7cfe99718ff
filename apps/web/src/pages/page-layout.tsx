import type { ReactNode } from 'react';
import styled from 'styled-components';

const StyledSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const StyledNote = styled.p`
  max-width: 60ch;
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.base};
  border: 1px solid ${({ theme }) => theme.color.border.base};
`;

/** Props of {@link PageLayout}. */
export interface PageLayoutProps {
  /** The heading: text, or a component that names the page from its data (a game page's match). */
  title: ReactNode;
  /** A short statement of what the page offers today (placeholders say plainly what exists). */
  note?: string;
  children?: ReactNode;
}

/** A page's heading and body; every page has exactly one h1. */
export function PageLayout({ title, note, children }: PageLayoutProps) {
  return (
    <StyledSection aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {note ? <StyledNote>{note}</StyledNote> : null}
      {children}
    </StyledSection>
  );
}
