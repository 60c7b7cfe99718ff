import type { ReactNode } from 'react';
import styled from 'styled-components';

const StyledHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin-block-end: ${({ theme }) => theme.space(4)};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.h2};
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.color.text.muted};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** The page's one `<h1>`. */
  title: ReactNode;
  /** A line under the title (what the desk is for, whose record it is). */
  description?: ReactNode;
  /** Buttons acting on the whole page. */
  actions?: ReactNode;
}

/** The top of every desk: its heading, a line of context and the page's actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <StyledHeader>
      <div>
        <h1>{title}</h1>
        {description ? <p>{description}</p> : null}
      </div>
      {actions ? <StyledActions>{actions}</StyledActions> : null}
    </StyledHeader>
  );
}
