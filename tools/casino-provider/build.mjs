// Bundles the sandbox casino provider (tools/casino-provider/src/main.ts and the workspace libraries it imports) into
// dist/tools/casino-provider/main.mjs, as apps/api/build.mjs does the API: node_modules stay external.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'dist/tools/casino-provider');
const base = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
const aliases = Object.entries(base.compilerOptions.paths).map(([name, [target]]) => [name, path.join(root, target)]);

const workspaceAndExternals = {
  name: 'workspace-and-externals',
  setup(b) {
    b.onResolve({ filter: /^@tessera\// }, (args) => {
      const hit = aliases.find(([name]) => name === args.path);
      if (!hit) return { errors: [{ text: `Unknown workspace library ${args.path}` }] };
      return { path: hit[1] };
    });
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tessera/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'tools/casino-provider/src/main.ts')],
  outfile: path.join(outDir, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [workspaceAndExternals],
  logLevel: 'warning',
});
console.log(`Casino provider bundle: ${path.relative(root, path.join(outDir, 'main.mjs'))}`);
