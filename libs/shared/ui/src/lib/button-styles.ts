import { css, type DefaultTheme } from 'styled-components';

/** Visual variants shared by buttons and button-looking links. */
export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'ghost';

/** Sizes shared by buttons and button-looking links. */
export type ButtonSize = 'small' | 'medium';

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
  min-height: ${({ $size }) => ($size === 'small' ? '32px' : '40px')};
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
