// Bundles the API (apps/api/src/main.ts and the workspace libraries it imports) into dist/apps/api/main.mjs.
// node_modules stay external: the production install provides them. Run from anywhere: paths are from the root.
import fs from 'node:fs';
import path from 'node:path';
import { bundleNodeEntry, root } from '../../tools/scripts/node-bundle.mjs';

const outDir = await bundleNodeEntry({ entry: 'apps/api/src/main.ts', outDir: 'dist/apps/api', label: 'API' });

// Data files travel with the bundle: defaultMigrationsDir() looks beside main.mjs. The API schemas are bundled
// (imported from @tessera/shared/contract-api).
fs.cpSync(path.join(root, 'libs/server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
