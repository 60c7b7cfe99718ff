// Bundles a Node entry point of the workspace (the API, the sandbox casino provider) into one ESM file: the workspace
// libraries it imports are bundled from source through tsconfig.base.json's paths; node_modules stay external (the
// production install provides them). Used by apps/api/build.mjs and tools/casino-provider/build.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The workspace root (this file is tools/scripts/node-bundle.mjs). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function workspaceAndExternals() {
  const base = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
  const aliases = Object.entries(base.compilerOptions.paths).map(([name, [target]]) => [name, path.join(root, target)]);
  return {
    name: 'workspace-and-externals',
    setup(b) {
      b.onResolve({ filter: /^@tessera\// }, (args) => {
        const hit = aliases.find(([name]) => name === args.path);
        if (!hit) return { errors: [{ text: `Unknown workspace library ${args.path}` }] };
        return { path: hit[1] };
      });
      // The db library exports its Vitest helper from its one public door; production has no Vitest, so
      // the bundle gets a stand-in that fails loudly if a test helper is ever called at run time.
      b.onResolve({ filter: /^vitest$/ }, () => ({ path: 'vitest', namespace: 'no-vitest' }));
      b.onLoad({ filter: /.*/, namespace: 'no-vitest' }, () => ({
        contents: `const fail = () => { throw new Error('Test helpers are not available in the production bundle'); };
export const describe = fail, it = fail, beforeAll = fail, afterAll = fail, beforeEach = fail, afterEach = fail;`,
        loader: 'js',
      }));
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@tessera/') ? undefined : { path: args.path, external: true },
      );
    },
  };
}

/**
 * Empties `outDir` (relative to the root) and writes `<outDir>/main.mjs` (with its source map) from `entry`; answers
 * the absolute output folder, for the data files a caller copies beside the bundle.
 */
export async function bundleNodeEntry({ entry, outDir, label }) {
  const out = path.join(root, outDir);
  fs.rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, entry)],
    outfile: path.join(out, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [workspaceAndExternals()],
    logLevel: 'warning',
  });
  console.log(`${label} bundle: ${path.relative(root, path.join(out, 'main.mjs'))}`);
  return out;
}
