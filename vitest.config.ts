import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { DurationSequencer } from './tools/scripts/vitest-sequencer';
import { workspaceAliases } from './tools/scripts/workspace-aliases';

const alias = workspaceAliases();

// One run for the whole workspace: node for pure and server code, jsdom for React (*.test.tsx).
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    watch: false,
    passWithNoTests: false,
    // One worker per core. Vitest's default in a run is cores minus one: a single worker on the 2-core CI machine, and
    // the node tests wait on PostgreSQL, PGlite and argon2 about half the time (tools/scripts/README.md, "Test run").
    maxWorkers: '100%',
    // The node files first, longest first by their recorded durations, then the short React files (ADR 0500).
    sequence: { sequencer: DurationSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['{apps,libs,tools}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          // The files of a worker share one module graph (fastify, ajv and its compiled schemas, PGlite, the app)
          // instead of importing it again per file. Module state a test changes is put back by that test (the hashing
          // queue, the password check seam, fake timers, environment variables): see tools/scripts/README.md.
          isolate: false,
          // The run's PostgreSQL test databases are dropped together at its end (ADR 0500).
          globalSetup: ['./libs/server/db/src/testing/postgres-run.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['{apps,libs}/**/*.test.tsx'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          // The files of a worker share one jsdom and one module graph (React, react-router, TanStack Query,
          // styled-components, the pages and their copy) instead of a fresh jsdom and graph per file. The setup file
          // starts each file on a fresh page (document, storages, cookies, timers, globals, styles); module state a test
          // changes is put back by that test: see tools/scripts/README.md.
          isolate: false,
          setupFiles: ['./libs/shared/util-testing/src/setup-dom.ts'],
          // A file's first render loads its page's code and copy in a fresh jsdom: a second on a quiet machine, more
          // than vitest's default 5 s on a busy one (CI shares its 2 cores). A waiting test fails on its own waits
          // (findBy, waitFor); this only bounds a test that hangs.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
