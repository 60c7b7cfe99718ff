/* eslint-disable */
// GENERATED FILE, DO NOT EDIT. Types of a brand theme (theme.json).
// Source: schemas/*.schema.json. Regenerate with `npm run codegen`; `npm run codegen:check` fails when this drifts.

/**
 * A colour as #rrggbb.
 */
export type Colour = string;

/**
 * A brand's theme primitives (brands/<id>/theme.json). Semantic tokens are derived from them in code by createTheme.
 */
export interface ThemePrimitives {
  /**
   * Editor hint: path of the JSON Schema this file follows.
   */
  $schema?: string;
  /**
   * Whether the base surfaces are light or dark.
   */
  mode: 'light' | 'dark';
  palette: ThemePalette;
  fonts: ThemeFonts;
  radii: ThemeRadii;
  /**
   * Base spacing unit in pixels (default 4).
   */
  spacingUnit?: number;
  logo: ThemeLogo;
}
/**
 * The brand's primitive colours, all #rrggbb.
 */
export interface ThemePalette {
  primary: Colour;
  secondary: Colour;
  accent: Colour;
  background: Colour;
  surface: Colour;
  text: Colour;
  success: Colour;
  warning: Colour;
  danger: Colour;
  oddsUp?: Colour;
  oddsDown?: Colour;
}
/**
 * Font stacks (CSS font-family values).
 */
export interface ThemeFonts {
  /**
   * Body text font stack.
   */
  body: string;
  /**
   * Headings font stack.
   */
  heading: string;
  /**
   * Numbers in tables and odds (tabular figures).
   */
  mono?: string;
  /**
   * Base font size in pixels (default 14).
   */
  baseSize?: number;
}
/**
 * Corner radii in pixels.
 */
export interface ThemeRadii {
  /**
   * Inputs, odds buttons.
   */
  small: number;
  /**
   * Cards, modals.
   */
  medium: number;
  /**
   * Large panels, banners.
   */
  large: number;
  /**
   * Buttons are fully rounded.
   */
  pill?: boolean;
}
/**
 * The brand logo.
 */
export interface ThemeLogo {
  /**
   * Path of the SVG logo inside the brand folder.
   */
  src: string;
  /**
   * Accessible name of the logo.
   */
  alt: string;
  /**
   * Display width in pixels.
   */
  width?: number;
  /**
   * Display height in pixels.
   */
  height?: number;
}
