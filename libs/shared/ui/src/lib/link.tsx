import { isSameAddress, withLanguage } from '@tessera/shared/util-i18n';
import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import styled, { css } from 'styled-components';
import { type ButtonSize, type ButtonVariant, buttonStyles } from './button-styles';

/** Props of {@link Link}. */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A site path without language (`/line`) or with it; external URLs pass through untouched. */
  to: string;
  /** Language to prefix with; defaults to the `:lng` segment of the current route. */
  lng?: string;
  /** Look like a button (header Log in / Register); plain text link when absent. */
  variant?: ButtonVariant;
  size?: ButtonSize;
}

const StyledTextLink = styled(RouterLink)`
  color: ${({ theme }) => theme.color.text.link};
`;

const StyledButtonLink = styled(RouterLink)<{ $variant: ButtonVariant; $size: ButtonSize }>`
  ${buttonStyles}
`;

const externalStyles = css`
  color: ${({ theme }) => theme.color.text.link};
`;
const StyledExternal = styled.a`
  ${externalStyles}
`;

/**
 * A site link per spec section 2: prefixed with the page language unless the path already starts with it, and a
 * click on a link to the address already shown does nothing (no duplicate history entry, no reload of data).
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, lng, variant, size = 'medium', onClick, ...rest },
  ref,
) {
  const params = useParams();
  const location = useLocation();
  const language = lng ?? params['lng'] ?? '';
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(to)) {
    return <StyledExternal ref={ref} href={to} rel="noopener noreferrer" {...rest} />;
  }
  const target = language ? withLanguage(to, language) : to;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (plainClick && isSameAddress(target, `${location.pathname}${location.search}${location.hash}`))
      event.preventDefault();
  };
  const current = isSameAddress(target, `${location.pathname}${location.search}`) ? 'page' : undefined;
  return variant ? (
    <StyledButtonLink
      ref={ref}
      to={target}
      onClick={handleClick}
      aria-current={current}
      $variant={variant}
      $size={size}
      {...rest}
    />
  ) : (
    <StyledTextLink ref={ref} to={target} onClick={handleClick} aria-current={current} {...rest} />
  );
});
