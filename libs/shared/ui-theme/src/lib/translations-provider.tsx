import type { I18n } from '@tessera/shared/util-i18n';
import { createContext, type ReactNode } from 'react';

/** The request's translations, for the ui library's own texts (close buttons, scroll-to-top). */
export const TranslationsContext = createContext<I18n | null>(null);

/** Props of {@link TranslationsProvider}. */
export interface TranslationsProviderProps {
  /** The same instance the BrandProvider holds. */
  i18n: I18n;
  children?: ReactNode;
}

/**
 * Hands the request's translations to the ui library, which may not reach the brand context (a data-access
 * library): the app composes both with the same instance. A plain context instead of react-i18next's provider and
 * hook, whose code (about 5 KB) was in every page's first JavaScript for this one lookup (apps/web README, "The bet slip loads when needed").
 */
export function TranslationsProvider({ i18n, children }: TranslationsProviderProps) {
  return <TranslationsContext.Provider value={i18n}>{children}</TranslationsContext.Provider>;
}
