import { css } from 'styled-components';

/** The height of a text-like control (a 44 px touch target); a button beside one takes it with `size="control"`. */
export const CONTROL_HEIGHT = '44px';

/**
 * The look of a text-like control (input, select) from tokens only: the brand's surface, text and border, a 44 px
 * touch target, and a danger border while invalid. The focus ring comes from the global style. The class is doubled so
 * a page's own 'input { … }' rule does not undo the theme.
 */
export const controlStyles = css`
  && {
    box-sizing: border-box;
    inline-size: 100%;
    min-inline-size: 0;
    min-height: ${CONTROL_HEIGHT};
    padding-block: 0;
    padding-inline: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.strong};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.color.surface.base};
    color: ${({ theme }) => theme.color.text.base};
    font: inherit;
  }
  &&[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.status.danger.base};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.color.status.danger.base};
  }
  &&:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  &&::placeholder {
    color: ${({ theme }) => theme.color.text.muted};
  }
`;
