import { isSameAddress, withLanguage } from '@tessera/shared/util-i18n';
import { useCallback } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from 'react-router';
import { useBrand } from './brand-context';

/**
 * Navigation per spec section 2: the path gets the page language prefix, and navigating to the address already
 * shown is skipped (no duplicate history entry, no re-run of loaders). Returns whether it navigated.
 */
export function useNavigateSkipCurrent(): (to: string, options?: NavigateOptions) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const { language } = useBrand();
  return useCallback(
    (to, options) => {
      const target = withLanguage(to, language);
      if (isSameAddress(target, `${location.pathname}${location.search}${location.hash}`)) return false;
      void navigate(target, options);
      return true;
    },
    [navigate, location.pathname, location.search, location.hash, language],
  );
}
