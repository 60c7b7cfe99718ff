import type { ThemePrimitives } from '@tessera/shared/util-config';

/**
 * The console's theme primitives: data in the shape of a brand's theme.json, turned into tokens by the same
 * `createTheme` as every brand. A neutral, light, dense palette for long working sessions; no brand's colours, since
 * one operator works across brands. The only colour literals of the app.
 */
export const CONSOLE_THEME: ThemePrimitives = {
  mode: 'light',
  palette: {
    primary: '#1f4e8c',
    secondary: '#22303f',
    accent: '#1f6fd1',
    background: '#f3f5f8',
    surface: '#ffffff',
    text: '#17202b',
    success: '#1d7a45',
    warning: '#9a5b00',
    danger: '#b3261e',
  },
  fonts: {
    body: "system-ui, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', Tahoma, sans-serif",
    heading: "system-ui, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', Tahoma, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
    baseSize: 14,
  },
  radii: { small: 4, medium: 6, large: 8 },
  spacingUnit: 4,
  logo: { src: 'assets/logo.svg', alt: 'Tessera' },
};
