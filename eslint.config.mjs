import nx from '@nx/eslint-plugin';

const hexColour = '/#[0-9a-fA-F]{3,8}\\b|rgba?\\(|hsla?\\(/';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/generated/**', '.nx', 'reports', 'test-results', 'playwright-report', '.data'],
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
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:ui', 'type:util'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:data-access', 'type:ui', 'type:util'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:util', 'type:data-access', 'type:tool'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:sportsbook', onlyDependOnLibsWithTags: ['scope:sportsbook', 'scope:shared'] },
            { sourceTag: 'scope:casino', onlyDependOnLibsWithTags: ['scope:casino', 'scope:shared'] },
            { sourceTag: 'scope:account', onlyDependOnLibsWithTags: ['scope:account', 'scope:shared'] },
            // Server code (apps/api, libs/server) uses server and shared libraries, and the pure utilities every side
            // runs (bet maths, validation rules: platform:any), so it prices and validates as the site does (ADR 0166).
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared', 'platform:any'] },
            // The site composes the browser-side scopes; never server, tool or e2e code.
            { sourceTag: 'scope:app', onlyDependOnLibsWithTags: ['scope:shared', 'scope:sportsbook', 'scope:casino', 'scope:account'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:tools', 'scope:server', 'scope:shared', 'scope:sportsbook', 'scope:casino', 'scope:account'] },
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
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true, named: true, defaultFrom: true, namedFrom: true, namespaceFrom: true } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Util libraries are pure: no React, styling, query cache or state machines.
    files: ['libs/*/util-*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['react', 'react-dom', 'styled-components', '@tanstack/react-query', 'xstate', '@xstate/react'] }],
    },
  },
  {
    // Components use theme tokens only: a hard-coded colour is an error outside the theme library.
    files: ['libs/**/*.tsx', 'apps/web/**/*.tsx', 'libs/**/ui/**/*.ts'],
    ignores: ['libs/shared/ui-theme/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${hexColour}]`, message: 'Use a theme token (theme.color.*), not a hard-coded colour.' },
        { selector: `TemplateElement[value.raw=${hexColour}]`, message: 'Use a theme token (theme.color.*), not a hard-coded colour.' },
      ],
    },
  },
  {
    // Config files of tools (vite, vitest, playwright) are required to export default by their tools.
    files: ['**/vite.config.ts', '**/vitest.config.ts', '**/playwright.config.ts', 'eslint.config.mjs'],
    rules: { 'no-restricted-exports': 'off' },
  },
];
