// Bundles the sandbox casino provider (tools/casino-provider/src/main.ts and the workspace libraries it imports) into
// dist/tools/casino-provider/main.mjs, the same way as the API (tools/scripts/node-bundle.mjs).
import { bundleNodeEntry } from '../scripts/node-bundle.mjs';

await bundleNodeEntry({
  entry: 'tools/casino-provider/src/main.ts',
  outDir: 'dist/tools/casino-provider',
  label: 'Casino provider',
});
