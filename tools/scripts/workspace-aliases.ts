import fs from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * react-router's package exports only its development build (`dist/development`, with the dev-only warnings compiled
 * in); its own Vite plugin swaps in `dist/production` for a production build, and a plain Vite app must do the same.
 * The two builds differ only in `ENABLE_DEV_WARNINGS`. For production bundles of the web and back-office apps.
 */
export function reactRouterProductionAliases(): { find: RegExp; replacement: string }[] {
  // Resolved as Node resolves the package (a checkout without its own node_modules uses its parent's).
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

/** The workspace aliases, plus react-router's production build when `mode` is production. */
export function bundlerAliases(mode: string): { find: string | RegExp; replacement: string }[] {
  const workspace = Object.entries(workspaceAliases()).map(([find, replacement]) => ({ find, replacement }));
  return mode === 'production' ? [...reactRouterProductionAliases(), ...workspace] : workspace;
}
