import { describe, expect, it } from 'vitest';
import { durationKey, orderFiles, readDurations } from './vitest-sequencer';

describe('the Vitest run order (ADR 0500)', () => {
  const root = '/repo';
  const file = (project: string, rel: string) => ({ project, file: `${root}/${rel}` });

  it('runs the node files first, longest first, unrecorded ones before them, then the dom files', () => {
    const durations = {
      'node:a.test.ts': 1_000,
      'node:b.test.ts': 30_000,
      'node:c.test.ts': 5_000,
      'dom:x.test.tsx': 9_000,
      'dom:y.test.tsx': 2_000,
    };
    const files = [
      file('dom', 'y.test.tsx'),
      file('node', 'a.test.ts'),
      file('dom', 'x.test.tsx'),
      file('node', 'new.test.ts'),
      file('node', 'c.test.ts'),
      file('node', 'b.test.ts'),
    ];
    expect(orderFiles(files, root, durations).map((f) => `${f.project}:${f.file.slice(root.length + 1)}`)).toEqual([
      'node:new.test.ts',
      'node:b.test.ts',
      'node:c.test.ts',
      'node:a.test.ts',
      'dom:x.test.tsx',
      'dom:y.test.tsx',
    ]);
  });

  it('keys a file by its project and its path from the root, as Vitest’s results cache does', () => {
    expect(durationKey('node', root, `${root}/apps/api/src/main.test.ts`)).toBe('node:apps/api/src/main.test.ts');
  });

  it('has a recorded duration for the longest files of the workspace', () => {
    const durations = readDurations();
    expect(durations['node:apps/api/src/main.test.ts']).toBeGreaterThan(1_000);
  });
});
