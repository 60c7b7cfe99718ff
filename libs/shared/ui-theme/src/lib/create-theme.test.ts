import type { ThemePrimitives } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';
import { AA_NON_TEXT, AA_TEXT, contrastRatio } from './contrast';
import { createTheme } from './create-theme';

const light: ThemePrimitives = {
  mode: 'light',
  palette: {
    primary: '#0a5cff',
    secondary: '#e8eefc',
    accent: '#ffd400',
    background: '#f4f6fa',
    surface: '#ffffff',
    text: '#1a1f2b',
    success: '#1f9d55',
    warning: '#f59e0b',
    danger: '#dc2626',
  },
  fonts: { body: 'system-ui, sans-serif', heading: 'system-ui, sans-serif' },
  radii: { small: 4, medium: 8, large: 16 },
  logo: { src: 'assets/logo.svg', alt: 'Test' },
};

// A deliberately poor palette: pale text on a pale surface, and a yellow accent.
const unlucky: ThemePrimitives = {
  ...light,
  palette: { ...light.palette, text: '#cccccc', success: '#a3e635', danger: '#fca5a5' },
};

const dark: ThemePrimitives = {
  ...light,
  mode: 'dark',
  palette: { ...light.palette, background: '#0b0f19', surface: '#151b2b', text: '#2a2f3a', secondary: '#1f2937' },
  radii: { small: 6, medium: 12, large: 20, pill: true },
  spacingUnit: 8,
};

describe('createTheme', () => {
  it.each([
    ['light', light],
    ['unlucky', unlucky],
    ['dark', dark],
  ] as const)('keeps every text role readable (%s)', (_, primitives) => {
    const { color } = createTheme(primitives);
    for (const bg of [color.surface.base, color.surface.raised]) {
      expect(contrastRatio(color.text.base, bg)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(color.odds.up, bg)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(color.odds.down, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(contrastRatio(color.text.muted, color.surface.raised)).toBeGreaterThanOrEqual(AA_TEXT);
    // Links on the page's background too (AlbionOdds' gold links were 4.22:1 there, issue 16).
    for (const bg of [color.surface.base, color.surface.raised, color.background])
      expect(contrastRatio(color.text.link, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    for (const role of [color.primary, color.secondary, color.accent, color.status.danger, color.status.warning]) {
      expect(contrastRatio(role.text, role.base)).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(contrastRatio(color.focusRing, color.background)).toBeGreaterThanOrEqual(AA_NON_TEXT);
  });

  it('keeps a brand text colour that is already readable', () => {
    expect(createTheme(light).color.text.base).toBe('#1a1f2b');
  });

  it('picks dark text on a yellow accent and light text on a deep blue', () => {
    const { color } = createTheme(light);
    expect(color.accent.text).toBe('#1a1f2b');
    expect(contrastRatio(color.primary.text, '#ffffff')).toBeLessThan(1.1);
  });

  it('derives the spacing scale from the unit', () => {
    expect(createTheme(light).space(3)).toBe('12px');
    expect(createTheme(dark).space(3)).toBe('24px');
  });

  it('rounds buttons fully for pill brands', () => {
    expect(createTheme(dark).radii.button).toBe('999px');
    expect(createTheme(light).radii.button).toBe('4px');
  });

  it('carries the right-to-left flag of the request', () => {
    expect(createTheme(light, { rtl: true }).rtl).toBe(true);
    expect(createTheme(light).rtl).toBe(false);
  });

  it('refuses a colour it cannot read', () => {
    expect(() => createTheme({ ...light, palette: { ...light.palette, surface: 'white' } })).toThrow(
      /expected a colour as #rrggbb, found "white"/,
    );
  });
});
