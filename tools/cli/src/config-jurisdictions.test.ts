import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from './io';
import { main } from './main';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function capture(cwd = root): CliIo & { stdout: () => string; stderr: () => string } {
  let out = '';
  let err = '';
  return {
    out: (t) => void (out += `${t}\n`),
    err: (t) => void (err += `${t}\n`),
    cwd,
    root,
    env: {},
    stdout: () => out,
    stderr: () => err,
  };
}

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('tessera config and jurisdiction profiles (docs/adr/0260)', () => {
  it('explain says which jurisdiction rule set a value the brand files leave to the floor', async () => {
    const io = capture();
    expect(await main(['config', 'explain', 'albion-odds', 'gb', 'en', 'responsible.showNetPosition'], io)).toBe(0);
    expect(io.stdout()).toContain(
      [
        'albion-odds gb en  /responsible/showNetPosition',
        '  value:  true',
        '  set by: jurisdiction uk-gc rule UKGC-NP-1',
        "  rule:   The header shows the player's net position and the time played in the session, for sports and casino.",
        '  source: Remote gambling and software technical standards, RTS 14 (online slot game design: net position and elapsed time on screen) (in force 2021-10-31)',
        '  file:   jurisdictions/uk-gc.json',
      ].join('\n'),
    );
  });

  it('explain answers several paths in turn, one block each, and fails on a path with nothing at it', async () => {
    const one = capture();
    expect(await main(['config', 'explain', 'albion-odds', 'gb', 'en', 'responsible.showNetPosition'], one)).toBe(0);
    const other = capture();
    expect(
      await main(['config', 'explain', 'albion-odds', 'gb', 'en', '/responsible/realityCheck/intervalMinutes'], other),
    ).toBe(0);
    const both = capture();
    expect(
      await main(
        [
          'config',
          'explain',
          'albion-odds',
          'gb',
          'en',
          'responsible.showNetPosition',
          '/responsible/realityCheck/intervalMinutes',
        ],
        both,
      ),
    ).toBe(0);
    expect(both.stdout()).toBe(`${one.stdout()}\n${other.stdout()}`);

    const missing = capture();
    expect(
      await main(
        ['config', 'explain', 'albion-odds', 'gb', 'en', 'responsible.showNetPosition', '/no/such/path'],
        missing,
      ),
    ).toBe(1);
    expect(missing.stderr()).toContain('tessera: nothing at /no/such/path in albion-odds (gb, en)');
  });

  it("explain names the floor a brand's stricter value meets", async () => {
    const io = capture();
    expect(
      await main(['config', 'explain', 'albion-odds', 'gb', 'en', '/responsible/realityCheck/intervalMinutes'], io),
    ).toBe(0);
    expect(io.stdout()).toContain('  set by: brand\n  file:   brands/albion-odds/brand.json\n');
    expect(io.stdout()).toContain(
      '  floor:  jurisdiction uk-gc rule UKGC-RC-2 requires at most 60 ("A reality check comes at least every 60 minutes.")',
    );
    // Ireland has no licence jurisdiction here: the same setting has no floor.
    const ie = capture();
    expect(
      await main(['config', 'explain', 'albion-odds', 'ie', 'en', '/responsible/realityCheck/intervalMinutes'], ie),
    ).toBe(0);
    expect(ie.stdout()).not.toContain('floor:');
  });

  it('validate refuses a brand looser than its jurisdiction, naming brand, country file, setting, rule and statement', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-brands-'));
    temps.push(dir);
    fs.cpSync(path.join(root, 'brands', 'albion-odds'), path.join(dir, 'albion-odds'), { recursive: true });
    const gb = path.join(dir, 'albion-odds', 'countries', 'gb.json');
    fs.writeFileSync(
      gb,
      JSON.stringify({ licence: { jurisdiction: 'uk-gc' }, responsible: { realityCheck: { intervalMinutes: 90 } } }),
    );
    const io = capture(dir);
    expect(await main(['config', 'validate', dir], io)).toBe(1);
    expect(io.stderr()).toContain(
      [
        'REFUSED  albion-odds  (1 issue)',
        '         - albion-odds/countries/gb.json at /responsible/realityCheck/intervalMinutes: expected at most 60 for country gb, as jurisdiction uk-gc rule UKGC-RC-2 requires ("A reality check comes at least every 60 minutes."), found 90',
      ].join('\n'),
    );
  });
});
