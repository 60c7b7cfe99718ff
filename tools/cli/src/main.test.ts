import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from './io';
import { main } from './main';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = path.join(root, 'libs/server/brand-registry/src/fixtures/brands');

function capture(cwd = root): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    out: (t) => void (out += `${t}\n`),
    err: (t) => void (err += `${t}\n`),
    cwd,
    root,
    stdout: () => out,
    stderr: () => err,
  };
}

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempBrands(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-brands-'));
  temps.push(dir);
  return dir;
}

describe('tessera config validate', () => {
  it('passes the demo brands with exit 0 and one line per brand', async () => {
    const io = capture();
    expect(await main(['config', 'validate'], io)).toBe(0);
    expect(io.stdout()).toMatch(/^ok {7}rhein-wetten {2}\(RheinWetten; 2 countries, languages de, en\)$/m);
    expect(io.stdout()).toMatch(/\d+ valid, 0 refused/);
  });

  it('exits 1 and names the refused brand, file and pointer', async () => {
    const io = capture();
    expect(await main(['config', 'validate', fixtures], io)).toBe(1);
    expect(io.stdout()).toContain('ok       good-brand');
    expect(io.stderr()).toContain('REFUSED  invalid-brand  (5 issues)');
    // Locale overrides are checked against the platform dictionaries even for a brands folder elsewhere.
    expect(io.stderr()).toContain('found the unknown key "button.cancel"');
    expect(io.stderr()).toContain(
      '- libs/server/brand-registry/src/fixtures/brands/invalid-brand/brand.json at /coupon/maxEvents: expected an integer, found "fifty"',
    );
    expect(io.stderr()).toContain('1 valid, 4 refused');
    expect(io.stderr()).not.toMatch(/\n\s+at /);
  });

  it('exits 2 for a folder that does not exist', async () => {
    const io = capture();
    expect(await main(['config', 'validate', 'no/such/folder'], io)).toBe(2);
    expect(io.stderr()).toContain('no brands folder at no/such/folder');
  });
});

describe('tessera config explain', () => {
  it('shows the value and the layer and file that set it', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'rhein-wetten', 'de', 'de', 'coupon.features.sale'], io)).toBe(0);
    expect(io.stdout()).toBe(
      ['rhein-wetten de de  /coupon/features/sale', '  value:  false', '  set by: country:de', '  file:   brands/rhein-wetten/countries/de.json', ''].join('\n'),
    );
  });

  it('names the schema file for a platform default', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'rhein-wetten', 'at', 'de', '/coupon/maxSystemEvents'], io)).toBe(0);
    expect(io.stdout()).toContain('set by: defaults');
    expect(io.stdout()).toContain('file:   schemas/_coupon.schema.json');
  });

  it('explains why a refused brand cannot be explained', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'invalid-brand', 'ru', 'ru', 'coupon.maxEvents', '--brands-dir', fixtures], io)).toBe(1);
    expect(io.stderr()).toContain('brand "invalid-brand" is refused');
  });

  it('exits 2 with usage when arguments are missing', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'rhein-wetten'], io)).toBe(2);
    expect(io.stderr()).toContain('usage: tessera config explain');
  });

  it('exits 1 when nothing is at the path', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'rhein-wetten', 'de', 'de', 'coupon.nothing'], io)).toBe(1);
  });
});

describe('tessera config show', () => {
  it('prints the resolved configuration as JSON', async () => {
    const io = capture();
    expect(await main(['config', 'show', 'albion-odds', 'gb', 'en'], io)).toBe(0);
    const config = JSON.parse(io.stdout()) as { global: { defaultCurrency: string }; responsible: { realityCheck: { enabled: boolean } } };
    expect(config.global.defaultCurrency).toBe('GBP');
    expect(config.responsible.realityCheck.enabled).toBe(true);
  });

  it('exits 2 for an unknown brand', async () => {
    const io = capture();
    expect(await main(['config', 'show', 'nobody', 'gb', 'en'], io)).toBe(2);
    expect(io.stderr()).toContain('unknown brand "nobody"');
  });
});

describe('tessera brand new', () => {
  it('scaffolds a brand that validates with no code change', async () => {
    const dir = tempBrands();
    const io = capture();
    expect(await main(['brand', 'new', 'lucky-star', '--name', 'Lucky Star', '--currency', 'GBP', '--brands-dir', dir], io)).toBe(0);
    expect(fs.readdirSync(path.join(dir, 'lucky-star')).sort()).toEqual(['assets', 'brand.json', 'theme.json']);
    expect(io.stdout()).toContain('valid: Lucky Star on lucky-star.localhost');
    const check = capture();
    expect(await main(['config', 'validate', dir], check)).toBe(0);
    expect(check.stdout()).toContain('ok       lucky-star');
  });

  it('refuses an id that is not kebab-case', async () => {
    const io = capture();
    expect(await main(['brand', 'new', 'Lucky_Star', '--brands-dir', tempBrands()], io)).toBe(2);
    expect(io.stderr()).toContain('"Lucky_Star" is not a brand id');
  });

  it('refuses an existing brand', async () => {
    const dir = tempBrands();
    fs.mkdirSync(path.join(dir, 'taken'));
    const io = capture();
    expect(await main(['brand', 'new', 'taken', '--brands-dir', dir], io)).toBe(2);
    expect(io.stderr()).toContain('already exists');
  });
});

describe('usage', () => {
  it('prints help with exit 0 on --help and exit 2 for an unknown command', async () => {
    const help = capture();
    expect(await main(['--help'], help)).toBe(0);
    expect(help.stdout()).toContain('tessera config validate');
    const wrong = capture();
    expect(await main(['config', 'frobnicate'], wrong)).toBe(2);
    expect(wrong.stderr()).toContain('unknown command "config frobnicate"');
  });
});
