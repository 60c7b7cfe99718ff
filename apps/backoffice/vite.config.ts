import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// eslint-disable-next-line @nx/enforce-module-boundaries -- build tooling, not a library: the aliases every bundler shares
import { bundlerAliases } from '../../tools/scripts/workspace-aliases';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The console is a client-rendered single-page app (README, "Why a single-page app"): one build, served by the API
// under /backoffice/ on operator hosts, with index.html for every console address.
export default defineConfig(({ mode }) => ({
  root: appDir,
  base: '/backoffice/',
  plugins: [react()],
  resolve: { alias: bundlerAliases(mode) },
  publicDir: false,
  build: {
    outDir: path.resolve(appDir, '../../dist/apps/backoffice'),
    emptyOutDir: true,
    target: 'es2022',
    // The first chunk is about 480 KB (152 KB gzip): React's client renderer, the router, the query cache, XState;
    // the page's language and each desk load on their own. A staff tool opened once a working day, not a bettor's page.
    chunkSizeWarningLimit: 550,
    rollupOptions: {
      // As in apps/web: workspace libraries have no package.json to declare themselves free of side effects, so a
      // barrel import would keep every module the barrel re-exports.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]libs[\\/].+\.tsx?$/.test(id) },
    },
  },
}));
