import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The tsconfig.base.json path aliases as bundler aliases, so Vite, Vitest and esbuild resolve libraries the way tsc does. */
export function workspaceAliases(): Record<string, string> {
  const base = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, string[]> };
  };
  return Object.fromEntries(
    Object.entries(base.compilerOptions.paths).map(([name, [target]]) => [name, path.join(root, target ?? '')]),
  );
}
