import styled, { css } from 'styled-components';

/**
 * The frame of a table of records (histories, leaderboards, documents): the table takes the full width, rows are
 * ruled, cells start-aligned, and a table wider than the screen scrolls inside the frame instead of the page.
 * `td[data-number]` cells use tabular figures so amounts and counts line up. With `$nowrap`, cells keep to one line
 * (a history that scrolls sideways rather than rows of several lines).
 */
export const TableScroll = styled.div<{ $nowrap?: boolean }>`
  overflow-x: auto;
  table {
    inline-size: 100%;
    border-collapse: collapse;
  }
  th,
  td {
    padding: ${({ theme }) => theme.space(2)};
    border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
    text-align: start;
    ${({ $nowrap }) =>
      $nowrap &&
      css`
        white-space: nowrap;
      `}
  }
  td[data-number] {
    font-variant-numeric: tabular-nums;
  }
`;
