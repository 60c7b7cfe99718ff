import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { workspaceAliases } from './tools/scripts/workspace-aliases';

const alias = workspaceAliases();

// One run for the whole workspace: node for pure and server code, jsdom for React (*.test.tsx).
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    watch: false,
    passWithNoTests: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['{apps,libs,tools}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
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
          setupFiles: ['./libs/shared/util-testing/src/setup-dom.ts'],
        },
      },
    ],
  },
});
