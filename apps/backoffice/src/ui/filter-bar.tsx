import styled from 'styled-components';

/** A row of filters above a table: fields side by side, wrapping on a phone; a form, submitted with Enter. */
export const FilterBar = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-end: ${({ theme }) => theme.space(4)};
  > * {
    flex: 1 1 180px;
    max-inline-size: 320px;
  }
  > button {
    flex: 0 0 auto;
  }
`;
