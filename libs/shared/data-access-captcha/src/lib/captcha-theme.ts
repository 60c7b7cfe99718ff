import type { DefaultTheme } from 'styled-components';

type Colours = DefaultTheme['color'];

/**
 * A colour of the brand's theme, or a system colour where no theme is provided (the captcha renders in tests and in
 * hosts without the site's ThemeProvider). On the site the dialog follows the brand's light or dark surfaces, so a dark
 * brand no longer gets a white dialog from the system palette (issue 16).
 */
export function themed(pick: (colours: Colours) => string, fallback: string) {
  return ({ theme }: { theme: DefaultTheme }): string => {
    const colours = (theme as Partial<DefaultTheme>).color;
    return colours ? pick(colours) : fallback;
  };
}

/** The theme's light or dark mode, for `color-scheme` (native controls and scrollbars follow it). */
export function colourScheme({ theme }: { theme: DefaultTheme }): string {
  return (theme as Partial<DefaultTheme>).mode ?? 'light dark';
}
