import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBundleInput, newestInput, staleReason } from './build';

describe('staleReason', () => {
  it('asks for a build when an output is missing', () => {
    expect(staleReason([10, undefined], { file: 'a.ts', mtimeMs: 1 })).toBe('dist/ is missing or incomplete');
  });
  it('asks for a build when a source is newer than the oldest output', () => {
    expect(staleReason([10, 20], { file: 'libs/x.ts', mtimeMs: 15 })).toBe('libs/x.ts changed after the last build');
  });
  it('reuses a bundle newer than every source', () => {
    expect(staleReason([10, 20], { file: 'libs/x.ts', mtimeMs: 9 })).toBeUndefined();
  });
});

describe('isBundleInput', () => {
  it('leaves out tests and documents', () => {
    expect(isBundleInput('libs/a/src/x.ts')).toBe(true);
    expect(isBundleInput('libs/a/src/x.test.ts')).toBe(false);
    expect(isBundleInput('libs/a/src/x.test.tsx')).toBe(false);
    expect(isBundleInput('libs/a/README.md')).toBe(false);
  });
});

describe('newestInput', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-build-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('finds the newest source file and ignores test files', () => {
    fs.mkdirSync(path.join(dir, 'libs', 'a'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'libs', 'a', 'x.ts'), '');
    fs.writeFileSync(path.join(dir, 'libs', 'a', 'x.test.ts'), '');
    fs.utimesSync(path.join(dir, 'libs', 'a', 'x.ts'), 1000, 1000);
    fs.utimesSync(path.join(dir, 'libs', 'a', 'x.test.ts'), 2000, 2000);
    expect(newestInput(dir, ['libs'])).toEqual({ file: path.join('libs', 'a', 'x.ts'), mtimeMs: 1_000_000 });
  });
});
