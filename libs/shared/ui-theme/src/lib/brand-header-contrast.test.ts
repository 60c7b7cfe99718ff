import fs from 'node:fs';
import path from 'node:path';
import type { ThemePrimitives } from '@tessera/shared/util-config';
import { describe, expect, it } from 'vitest';
import { AA_NON_TEXT, AA_TEXT, contrastRatio } from './contrast';
import { createTheme } from './create-theme';

// The header of every brand paints theme.color.secondary.base behind the logo and the account actions (apps/web
// shell/header.tsx). These checks read the committed brands, so a new brand or a new logo is checked too.
const brandsDir = path.resolve(__dirname, '../../../../../brands');
const brands = fs
  .readdirSync(brandsDir)
  .filter((id) => fs.existsSync(path.join(brandsDir, id, 'theme.json')))
  .map((id) => {
    const theme = JSON.parse(fs.readFileSync(path.join(brandsDir, id, 'theme.json'), 'utf8')) as ThemePrimitives;
    const logo = fs.readFileSync(path.join(brandsDir, id, theme.logo.src), 'utf8');
    return { id, theme, logo };
  });

/** Every painted colour of an SVG with the element that paints it: `fill` and `stroke` attributes with hex values. */
function paints(svg: string): Array<{ element: string; colour: string }> {
  const found: Array<{ element: string; colour: string }> = [];
  for (const tag of svg.matchAll(/<([a-zA-Z]+)\b([^>]*)>/g)) {
    for (const attribute of (tag[2] ?? '').matchAll(/\b(?:fill|stroke)="(#[0-9a-fA-F]{6})"/g)) {
      found.push({ element: tag[1] ?? '', colour: attribute[1] ?? '' });
    }
  }
  return found;
}

describe('brand headers are readable (contrast rules of the ui-theme README)', () => {
  it('finds the committed brands', () => {
    expect(brands.map((b) => b.id)).toEqual(
      expect.arrayContaining(['albion-odds', 'polar-bet', 'rhein-wetten', 'sahra-bet']),
    );
  });

  describe.each(brands)('$id', ({ theme, logo }) => {
    const { color } = createTheme(theme);
    const header = color.secondary.base;

    it('shows the outline "Log in" button (ghost: header text colour and a currentColor border) at AA', () => {
      // The ghost variant inherits the header's text colour for its label and its border.
      expect(contrastRatio(color.secondary.text, header)).toBeGreaterThanOrEqual(AA_TEXT);
    });

    it('shows the filled "Register" and office buttons (accent) with readable text, distinguishable from the header', () => {
      expect(contrastRatio(color.accent.text, color.accent.base)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(color.accent.text, color.accent.hover)).toBeGreaterThanOrEqual(AA_TEXT);
    });

    it('draws the logo text at AA and its shapes at 3:1 on the header background', () => {
      const painted = paints(logo);
      expect(painted.length).toBeGreaterThan(0);
      const poor = painted
        .map((p) => ({ ...p, ratio: Number(contrastRatio(p.colour, header).toFixed(2)) }))
        .filter((p) => p.ratio < (p.element === 'text' || p.element === 'tspan' ? AA_TEXT : AA_NON_TEXT));
      expect(poor, `logo colours on the header ${header}`).toEqual([]);
    });
  });
});
