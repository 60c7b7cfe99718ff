import styled from 'styled-components';

/** A vertical form with the theme's spacing; forms use it so every account screen looks alike. */
export const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 28rem;
`;

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
