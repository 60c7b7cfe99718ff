import type { ButtonHTMLAttributes } from 'react';
import styled from 'styled-components';
import { type ButtonSize, type ButtonVariant, buttonStyles } from './button-styles';

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: the button is disabled and announces it (spec section 4: disabled while loading). */
  loading?: boolean;
}

/** A real button (type="button" unless stated), disabled while loading. */
export function Button({
  variant = 'primary',
  size = 'medium',
  loading = false,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <StyledButton
      {...rest}
      type={type}
      $variant={variant}
      $size={size}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {children}
    </StyledButton>
  );
}
