import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClientAssets } from './client-manifest';

function clientDir(manifest: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-manifest-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('readClientAssets', () => {
  it('takes the entry script and the styles of the entry and everything it imports', () => {
    const dir = clientDir({
      'src/entry-client.tsx': {
        file: 'assets/entry-1.js',
        isEntry: true,
        css: ['assets/entry-1.css'],
        imports: ['_a.js'],
      },
      '_a.js': { file: 'assets/a-2.js', css: ['assets/a-2.css'], imports: ['_b.js', 'src/entry-client.tsx'] },
      '_b.js': { file: 'assets/b-3.js', css: ['assets/entry-1.css'] },
      'src/lazy.tsx': { file: 'assets/lazy-4.js', css: ['assets/lazy-4.css'] },
    });
    expect(readClientAssets(dir)).toEqual({
      scripts: ['/assets/entry-1.js'],
      styles: ['/assets/entry-1.css', '/assets/a-2.css'],
    });
  });

  it('prefers index.html when the build has several entries', () => {
    const dir = clientDir({
      'src/other.ts': { file: 'assets/other.js', isEntry: true },
      'index.html': { file: 'assets/index-9.js', isEntry: true },
    });
    expect(readClientAssets(dir).scripts).toEqual(['/assets/index-9.js']);
  });

  it('has no assets without a client build', () => {
    expect(readClientAssets(path.join(os.tmpdir(), 'no-such-client-build'))).toEqual({ scripts: [], styles: [] });
  });
});
