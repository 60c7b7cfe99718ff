import './lib/styled-theme';

export {
  AA_NON_TEXT,
  AA_TEXT,
  contrastRatio,
  ensureContrast,
  mix,
  readableOn,
  relativeLuminance,
} from './lib/contrast';
export { createTheme } from './lib/create-theme';
export type { ColourPair, CreateThemeOptions, Theme, ThemeColours } from './lib/create-theme';
export { GlobalStyle } from './lib/global-style';
export { TranslationsContext, TranslationsProvider } from './lib/translations-provider';
export type { TranslationsProviderProps } from './lib/translations-provider';
