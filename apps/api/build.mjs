// Bundles the API (apps/api/src/main.ts and the workspace libraries it imports) into dist/apps/api/main.mjs.
// node_modules stay external: the production install provides them. Run from anywhere: paths are from this file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'dist/apps/api');

const base = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
const aliases = Object.entries(base.compilerOptions.paths).map(([name, [target]]) => [name, path.join(root, target)]);

// Workspace libraries are bundled (they are source, not packages); everything else is external.
const workspaceAndExternals = {
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

fs.rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'apps/api/src/main.ts')],
  outfile: path.join(outDir, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [workspaceAndExternals],
  logLevel: 'warning',
});

// Data files travel with the bundle: defaultMigrationsDir() looks beside main.mjs. The API schemas are bundled
// (imported from @tessera/shared/contract-api).
fs.cpSync(path.join(root, 'libs/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
console.log(`API bundle: ${path.relative(root, path.join(outDir, 'main.mjs'))}`);
