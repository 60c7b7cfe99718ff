import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// eslint-disable-next-line @nx/enforce-module-boundaries -- build tooling, not a library: the aliases every bundler shares
import { workspaceAliases } from '../../tools/scripts/workspace-aliases';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(appDir, '../../dist/apps/web');

// Two builds from one config: the client (hashed assets + manifest the API reads) and, with --ssr, the server
// bundle whose render() the API calls. The server bundle inlines its dependencies so it runs from dist alone and
// gets the same module format of styled-components and react-router as the client.
export default defineConfig(({ isSsrBuild }) => ({
  root: appDir,
  plugins: [react()],
  resolve: { alias: workspaceAliases() },
  publicDir: false,
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? {
        outDir: path.join(distDir, 'server'),
        emptyOutDir: true,
        // `--ssr` on the command line sets build.ssr to true, so the entry is named here.
        ssr: true,
        target: 'node20',
        rollupOptions: {
          input: path.join(appDir, 'src/entry-server.tsx'),
          output: { entryFileNames: 'entry-server.js', format: 'es' },
        },
      }
    : {
        outDir: path.join(distDir, 'client'),
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rollupOptions: {
          input: path.join(appDir, 'src/entry-client.tsx'),
          // The workspace libraries have no package.json to say `"sideEffects": false`, so a bundler must keep every
          // module a used barrel re-exports (the header's LogoutButton pulled all of feature-auth, its machines,
          // captcha and phone metadata into every page). Their modules only declare things; the one bare import
          // among them (ui-theme's styled-components typing) has no runtime code. See the apps/web README, "Start-up blocking time".
          treeshake: { moduleSideEffects: (id: string) => !/[\\/]libs[\\/].+\.tsx?$/.test(id) },
        },
      },
}));
