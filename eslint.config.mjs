import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nx from '@nx/eslint-plugin';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import { tesseraLintPlugin } from './tools/lint/no-import-cycle.mjs';

const hexColour = '/#[0-9a-fA-F]{3,8}\\b|rgba?\\(|hsla?\\(/';

// Test kits are libraries tagged type:testing (ADR 0236). Their folders are read from the project files, so a new kit
// is covered by the production-import ban below as soon as it is tagged.
const root = path.dirname(fileURLToPath(import.meta.url));
const testingLibraries = fs
  .readdirSync(path.join(root, 'libs'), { withFileTypes: true })
  .filter((scope) => scope.isDirectory())
  .flatMap((scope) => fs.readdirSync(path.join(root, 'libs', scope.name)).map((name) => `libs/${scope.name}/${name}`))
  .filter((dir) => {
    const file = path.join(root, dir, 'project.json');
    return fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')).tags ?? []).includes('type:testing');
  });
// Files that exist only for tests: they may use test kits.
const testFiles = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.test-kit.ts',
  '**/*.test-kit.tsx',
  '**/testing/**',
  '**/vitest.config.ts',
  'e2e/**',
];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    // tools/lint/fixtures holds deliberate rule breaks that tools/lint's tests lint on purpose.
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/generated/**',
      '.nx',
      'reports',
      'test-results',
      'playwright-report',
      '.data',
      'tools/lint/fixtures/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // type:testing (test kits) is allowed to every type here, and only from test files by the rule below (ADR 0236).
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:ui', 'type:util', 'type:testing'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:ui', 'type:util', 'type:testing'],
            },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:testing'],
            },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util', 'type:testing'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:testing'] },
            {
              sourceTag: 'type:tool',
              onlyDependOnLibsWithTags: ['type:util', 'type:data-access', 'type:tool', 'type:testing'],
            },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:testing'] },
            // A kit composes what the tests it serves compose: data access, ui, utilities and other kits; never features.
            {
              sourceTag: 'type:testing',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:ui', 'type:util', 'type:testing'],
            },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:sportsbook', onlyDependOnLibsWithTags: ['scope:sportsbook', 'scope:shared'] },
            { sourceTag: 'scope:casino', onlyDependOnLibsWithTags: ['scope:casino', 'scope:shared'] },
            { sourceTag: 'scope:account', onlyDependOnLibsWithTags: ['scope:account', 'scope:shared'] },
            // Server code (apps/api, libs/server) uses server and shared libraries, and the pure utilities every side
            // runs (bet maths, validation rules: platform:any), so it prices and validates as the site does (ADR 0166).
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared', 'platform:any'] },
            // The site composes the browser-side scopes; never server, tool or e2e code.
            {
              sourceTag: 'scope:app',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:sportsbook', 'scope:casino', 'scope:account'],
            },
            {
              sourceTag: 'scope:tools',
              onlyDependOnLibsWithTags: [
                'scope:tools',
                'scope:server',
                'scope:shared',
                'scope:sportsbook',
                'scope:casino',
                'scope:account',
              ],
            },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['scope:e2e', 'scope:shared'] },
            { sourceTag: 'platform:browser', onlyDependOnLibsWithTags: ['platform:browser', 'platform:any'] },
            // Browser code never reaches server, tool or e2e code, even one tagged platform:any by mistake.
            { sourceTag: 'platform:browser', notDependOnLibsWithTags: ['scope:server', 'scope:tools', 'scope:e2e'] },
            { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:any'] },
            { sourceTag: 'platform:any', onlyDependOnLibsWithTags: ['platform:any'] },
          ],
        },
      ],
      // House style: named exports only.
      'no-restricted-exports': [
        'error',
        {
          restrictDefaultExports: {
            direct: true,
            named: true,
            defaultFrom: true,
            namedFrom: true,
            namespaceFrom: true,
          },
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import cycles anywhere (ADR 0237): a run-time import cycle fails lint. Imports resolve as tsc resolves them,
    // so cycles through a library's public door (@tessera/...) are found too; `import type` is erased and does not
    // count. The rule reads one module graph of the whole program per run (tools/lint/no-import-cycle.mjs).
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { tessera: tesseraLintPlugin },
    rules: { 'tessera/no-import-cycle': ['error', { tsconfig: path.join(root, 'tsconfig.json') }] },
  },
  {
    // import-x resolves imports for the test-kit ban below, with the tsconfig aliases.
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json'), alwaysTryTypes: true }),
      ],
    },
  },
  {
    // Production code never imports a test kit (a type:testing library); test files and testing folders may (ADR 0236).
    files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.mjs'],
    ignores: [...testFiles, ...testingLibraries.map((dir) => `${dir}/**`)],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: '.',
              from: testingLibraries,
              message: 'Test kits (type:testing) are for test files only (ADR 0236).',
            },
          ],
        },
      ],
    },
  },
  {
    // Util libraries are pure: no React, styling, query cache or state machines.
    files: ['libs/*/util-*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['react', 'react-dom', 'styled-components', '@tanstack/react-query', 'xstate', '@xstate/react'] },
      ],
    },
  },
  {
    // Components use theme tokens only: a hard-coded colour is an error outside the theme library.
    files: ['libs/**/*.tsx', 'apps/web/**/*.tsx', 'libs/**/ui/**/*.ts'],
    ignores: ['libs/shared/ui-theme/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${hexColour}]`,
          message: 'Use a theme token (theme.color.*), not a hard-coded colour.',
        },
        {
          selector: `TemplateElement[value.raw=${hexColour}]`,
          message: 'Use a theme token (theme.color.*), not a hard-coded colour.',
        },
      ],
    },
  },
  {
    // Config files of tools (vite, vitest, playwright) are required to export default by their tools.
    files: ['**/vite.config.ts', '**/vitest.config.ts', '**/playwright.config.ts', 'eslint.config.mjs'],
    rules: { 'no-restricted-exports': 'off' },
  },
];
