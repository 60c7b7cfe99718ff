import type { ThemePrimitives } from '@tessera/shared/util-config';
import { AA_NON_TEXT, AA_TEXT, ensureContrast, mix, readableOn, withAlpha } from './contrast';

/** A colour role with the text colour that reads on it. */
export interface ColourPair {
  /** The fill. */
  base: string;
  /** A slightly stronger fill for hover and pressed states. */
  hover: string;
  /** Text and icons placed on the fill (WCAG AA against it). */
  text: string;
}

/** Semantic colour tokens: components name a role, never a value. */
export interface ThemeColours {
  /** The page behind everything. */
  background: string;
  surface: { base: string; raised: string; sunken: string };
  text: { base: string; muted: string; link: string };
  border: { base: string; strong: string };
  primary: ColourPair;
  secondary: ColourPair;
  accent: ColourPair;
  status: { success: ColourPair; warning: ColourPair; danger: ColourPair; info: ColourPair };
  /** Odds movement arrows and flashes; readable on surfaces. */
  odds: { up: string; down: string };
  /** The keyboard focus outline; at least 3:1 against the background. */
  focusRing: string;
  /** The dimmed backdrop behind modals. */
  overlay: string;
}

/** The full derived theme handed to styled-components. */
export interface Theme {
  /** Light or dark base surfaces, from the brand. */
  mode: 'light' | 'dark';
  /** Right-to-left layout for the page language; components use logical properties, this flag is for the rare rest. */
  rtl: boolean;
  color: ThemeColours;
  /** Spacing scale: `space(2)` is two base units, as a CSS length. */
  space: (n: number) => string;
  radii: { small: string; medium: string; large: string; button: string; round: string };
  typography: {
    body: string;
    heading: string;
    mono: string;
    size: { small: string; base: string; large: string; h3: string; h2: string; h1: string };
    lineHeight: { tight: number; base: number };
    weight: { regular: number; medium: number; bold: number };
  };
  /** Minimum widths in pixels and ready-made media queries (mobile first). */
  breakpoints: { sm: number; md: number; lg: number; xl: number };
  media: { sm: string; md: string; lg: string; xl: string };
  zIndex: { header: number; dropdown: number; overlay: number; modal: number; toast: number };
  /** Fixed header height, reserved up front so nothing shifts when it renders. */
  headerHeight: string;
}

/** Options that belong to the request rather than the brand. */
export interface CreateThemeOptions {
  /** True for a right-to-left page language. */
  rtl?: boolean;
}

// Surfaces of one theme are close in lightness, so adjusting towards the same pole satisfies each in turn.
function readableOnAll(colour: string, backgrounds: readonly string[]): string {
  return backgrounds.reduce((c, bg) => ensureContrast(c, bg, AA_TEXT), colour);
}

function pair(fill: string, hoverTowards: string, textCandidates: readonly string[]): ColourPair {
  return { base: fill, hover: mix(fill, hoverTowards, 0.12), text: readableOn(fill, textCandidates) };
}

/**
 * Derives the semantic tokens from a brand's few primitives. Text colours are chosen or adjusted for WCAG AA
 * contrast, so a brand cannot ship unreadable text by picking an unlucky palette.
 */
export function createTheme(primitives: ThemePrimitives, options: CreateThemeOptions = {}): Theme {
  const { palette, fonts, radii, mode } = primitives;
  const dark = mode === 'dark';
  const unit = primitives.spacingUnit ?? 4;
  const baseSize = fonts.baseSize ?? 14;
  // Raised surfaces get lighter in dark mode and darker (slightly) in light mode, the way elevation reads.
  const elevate = dark ? '#ffffff' : '#000000';
  const background = palette.background;
  const surface = palette.surface;
  const raised = mix(surface, elevate, dark ? 0.06 : 0.03);
  const text = readableOnAll(palette.text, [surface, raised]);
  const onFill = [palette.text, palette.background, '#ffffff', '#000000'];

  const color: ThemeColours = {
    background,
    surface: { base: surface, raised, sunken: mix(surface, background, 0.5) },
    text: {
      base: text,
      // Muted text still has to be readable on the raised surface, the lightest place it appears.
      muted: ensureContrast(mix(text, surface, 0.35), raised, AA_TEXT),
      // Links sit on the page's background as well as on cards (the footer, information pages): readable on each.
      link: readableOnAll(palette.accent, [surface, raised, background]),
    },
    border: { base: mix(surface, text, 0.18), strong: ensureContrast(mix(surface, text, 0.4), surface, AA_NON_TEXT) },
    primary: pair(palette.primary, elevate, onFill),
    secondary: pair(palette.secondary, elevate, onFill),
    accent: pair(palette.accent, elevate, onFill),
    status: {
      success: pair(palette.success, elevate, onFill),
      warning: pair(palette.warning, elevate, onFill),
      danger: pair(palette.danger, elevate, onFill),
      info: pair(palette.accent, elevate, onFill),
    },
    odds: {
      up: readableOnAll(palette.oddsUp ?? palette.success, [surface, raised]),
      down: readableOnAll(palette.oddsDown ?? palette.danger, [surface, raised]),
    },
    focusRing: ensureContrast(palette.accent, background, AA_NON_TEXT),
    overlay: withAlpha('#000000', dark ? 0.7 : 0.5),
  };

  const px = (n: number) => `${n}px`;
  const rem = (n: number) => `${(n / 16).toFixed(4).replace(/\.?0+$/, '')}rem`;
  const breakpoints = { sm: 480, md: 768, lg: 1024, xl: 1280 };

  return {
    mode,
    rtl: options.rtl ?? false,
    color,
    space: (n) => px(n * unit),
    radii: {
      small: px(radii.small),
      medium: px(radii.medium),
      large: px(radii.large),
      button: radii.pill ? '999px' : px(radii.small),
      round: '50%',
    },
    typography: {
      body: fonts.body,
      heading: fonts.heading,
      mono: fonts.mono ?? fonts.body,
      size: {
        small: rem(baseSize - 2),
        base: rem(baseSize),
        large: rem(baseSize + 2),
        h3: rem(Math.round(baseSize * 1.25)),
        h2: rem(Math.round(baseSize * 1.5)),
        h1: rem(Math.round(baseSize * 2)),
      },
      lineHeight: { tight: 1.2, base: 1.5 },
      weight: { regular: 400, medium: 500, bold: 700 },
    },
    breakpoints,
    media: {
      sm: `@media (min-width: ${breakpoints.sm}px)`,
      md: `@media (min-width: ${breakpoints.md}px)`,
      lg: `@media (min-width: ${breakpoints.lg}px)`,
      xl: `@media (min-width: ${breakpoints.xl}px)`,
    },
    zIndex: { header: 100, dropdown: 200, overlay: 900, modal: 1000, toast: 1100 },
    headerHeight: px(56),
  };
}
