import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing';
import { describe, expect, it } from 'vitest';
import { validateLayerData, validateThemeData } from '@tessera/shared/util-config';
import { brandGenerator } from './generator';
import { brandIdProblem, brandScaffold } from '@tessera/server/brand-registry';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('brandScaffold', () => {
  it('produces brand and theme files that pass the schemas', () => {
    const files = brandScaffold({ id: 'north-star', language: 'de', country: 'at', currency: 'EUR' });
    const brand = JSON.parse(files['brand.json'] ?? '') as { global: { languages: string[]; domains: string[] } };
    expect(validateLayerData(brand, 'brand.json')).toEqual([]);
    expect(validateThemeData(JSON.parse(files['theme.json'] ?? ''), 'theme.json').issues).toEqual([]);
    expect(brand.global.languages).toEqual(['de', 'en']);
    expect(brand.global.domains).toEqual(['north-star.localhost']);
    expect(files['assets/logo.svg']).toMatch(/^<svg [^>]*aria-label="North Star"/);
  });

  it('gives different brands different palettes', () => {
    const primary = (id: string) =>
      (JSON.parse(brandScaffold({ id })['theme.json'] ?? '') as { palette: { primary: string } }).palette.primary;
    expect(primary('alpha')).not.toBe(primary('omega'));
  });

  it('escapes the name inside the SVG', () => {
    expect(brandScaffold({ id: 'x', name: 'A<B & "C"' })['assets/logo.svg']).toContain('A&#60;B &#38; &#34;C&#34;');
  });

  it('refuses bad ids and unknown currencies', () => {
    expect(brandIdProblem('Upper')).toMatch(/not a brand id/);
    expect(brandIdProblem('double--hyphen')).toMatch(/not a brand id/);
    expect(brandIdProblem('fine-id')).toBeUndefined();
    expect(() => brandScaffold({ id: 'ok', currency: 'XYZ' })).toThrow(/unknown currency "XYZ"/);
  });
});

describe('brandGenerator (Nx)', () => {
  it('writes the scaffold under brands/<id>', async () => {
    const tree = createTreeWithEmptyWorkspace();
    await brandGenerator(tree, { id: 'lucky-star' });
    expect(tree.exists('brands/lucky-star/brand.json')).toBe(true);
    expect(tree.read('brands/lucky-star/theme.json', 'utf8')).toBe(brandScaffold({ id: 'lucky-star' })['theme.json']);
  });

  it('refuses an existing brand', async () => {
    const tree = createTreeWithEmptyWorkspace();
    tree.write('brands/taken/brand.json', '{}');
    await expect(brandGenerator(tree, { id: 'taken' })).rejects.toThrow(/already exists/);
  });

  it('runs through the documented command `nx g ./tools/generators:brand <id> --dry-run`', () => {
    const output = execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/nx/dist/bin/nx.js'),
        'g',
        './tools/generators:brand',
        'dry-run-brand',
        '--dry-run',
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          NX_DAEMON: 'false',
          NX_NO_CLOUD: 'true',
          NX_TUI: 'false',
          FORCE_COLOR: '0',
          NO_COLOR: '1',
        },
        encoding: 'utf8',
      },
    ).replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
    expect(output).toContain('CREATE brands/dry-run-brand/brand.json');
    expect(output).toContain('CREATE brands/dry-run-brand/assets/logo.svg');
  });
});
