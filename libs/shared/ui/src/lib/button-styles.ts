import { css, type DefaultTheme } from 'styled-components';
import { CONTROL_HEIGHT } from './field-styles';

/** Visual variants shared by buttons and button-looking links. */
export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'ghost';

/**
 * Sizes shared by buttons and button-looking links. `control` is as tall as a text box or select (`Input`, `Select`)
 * it stands beside in a row, the form's own action ("Load" beside the booking-code box), whatever the brand's theme.
 */
export type ButtonSize = 'small' | 'medium' | 'control';

const MIN_HEIGHT: Record<ButtonSize, string> = { small: '32px', medium: '40px', control: CONTROL_HEIGHT };

// A ghost button sits on whatever surface holds it (the header, a card), so it takes that surface's text colour
// rather than guessing one that may not read there.
function role(theme: DefaultTheme, variant: ButtonVariant) {
  if (variant === 'ghost') return { base: 'transparent', hover: 'transparent', text: 'inherit' };
  return theme.color[variant];
}

/** The CSS of a button variant, from tokens only. */
export const buttonStyles = css<{ $variant: ButtonVariant; $size: ButtonSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  /* A control-size one counts its border inside its height, as the text box beside it does (a link would not). */
  ${({ $size }) => ($size === 'control' ? 'box-sizing: border-box;' : '')}
  min-height: ${({ $size }) => MIN_HEIGHT[$size]};
  padding-block: 0;
  padding-inline: ${({ theme, $size }) => theme.space($size === 'small' ? 3 : 4)};
  border: 1px solid ${({ $variant }) => ($variant === 'ghost' ? 'currentColor' : 'transparent')};
  border-radius: ${({ theme }) => theme.radii.button};
  background: ${({ theme, $variant }) => role(theme, $variant).base};
  color: ${({ theme, $variant }) => role(theme, $variant).text};
  font: inherit;
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme, $variant }) => role(theme, $variant).hover};
    text-decoration: ${({ $variant }) => ($variant === 'ghost' ? 'underline' : 'none')};
  }
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;
