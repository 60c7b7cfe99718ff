import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VALIDATION_KEYS } from './validation-result';

// The web engineer adds texts from the README's key table: every key the code can return must be listed there.
const libDir = join(__dirname);
const sources = readdirSync(libDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => readFileSync(join(libDir, name), 'utf8'))
  .join('\n');
const readme = readFileSync(join(libDir, '..', '..', 'README.md'), 'utf8');
const returnedKeys = [...sources.matchAll(/invalid\(\s*'([a-z_]+)'/g)].map((match) => match[1] ?? '');

describe('dictionary keys', () => {
  it('finds the keys the code returns', () => {
    expect(returnedKeys.length).toBeGreaterThan(15);
  });

  it('declares every returned key in VALIDATION_KEYS', () => {
    const declared: readonly string[] = VALIDATION_KEYS;
    expect(returnedKeys.filter((key) => !declared.includes(key))).toEqual([]);
  });

  it('documents every declared key in the README', () => {
    expect(VALIDATION_KEYS.filter((key) => !readme.includes(`\`${key}\``))).toEqual([]);
  });
});
