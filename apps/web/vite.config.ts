import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// eslint-disable-next-line @nx/enforce-module-boundaries -- build tooling, not a library: the aliases every bundler shares
import { bundlerAliases } from '../../tools/scripts/workspace-aliases';

const appDir = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(appDir, '../../dist/apps/web');

// Two builds from one config: the client (hashed assets + manifest the API reads) and, with --ssr, the server
// bundle whose render() the API calls. The server bundle inlines its dependencies so it runs from dist alone and
// gets the same module format of styled-components and react-router as the client.
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: appDir,
  plugins: [react()],
  // Every styled component gets an id from its file and place (Oxc's styled-components transform), the same in the
  // server bundle and the code-split client. Without it the id came from the order components were created, which
  // differs between the two builds: the client missed every class the server had written, generated its own and
  // inserted about 125 rules during hydration, each forcing the whole page's style to be recalculated (the line
  // page's longest start-up tasks; apps/web README, "Start-up blocking time"). CSS text is left as written.
  oxc: {
    plugins: {
      styledComponents: {
        ssr: true,
        displayName: false,
        fileName: false,
        minify: false,
        transpileTemplateLiterals: false,
      },
    },
  },
  resolve: { alias: bundlerAliases(mode) },
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
          // Every module the entry imports statically (the shell, React, the router, the query cache, styled-components)
          // in one chunk. Left to the automatic chunking, each new lazy import made a new set of sharing pages, and the
          // first script came in 45 chunks of 0.1-14 KB: 11.5 KB gzip more than the same code in one (each chunk its
          // own imports, exports and compression). Pages and lazy parts stay chunks of their own.
          output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
        },
      },
}));
