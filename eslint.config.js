import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (architecture.md): contract → server; contract → web/components → web/features → web/app.
 * On the server, lower layers → features, and features reach each other through services or public.ts.
 */
const restrict = (patterns) => ['error', { patterns }];
const noServer = { group: ['#server/*', '**/server/src/*'], message: 'The web and the contract never import server code.' };
const noWeb = { group: ['#web/*', '**/web/src/*'], message: 'Only the web imports web code.' };
/** Tests may reach across layers to seed and observe; the server's own code may not. */
const SERVER_TESTS = ['**/*.test.ts', '**/*.test-helpers.ts', 'server/src/testing/**'];
const noOtherFeature = {
  group: ['#web/features/*/**', '**/features/*/**', '!#web/features/*/public.ts', '!**/features/*/public.ts'],
  message: "Web features reach each other only through the other's public.ts (import within a feature relatively); share through components/.",
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', '.tmp/', 'server/src/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': restrict([
        noServer,
        noWeb,
        { group: ['#contract/*'], message: 'Inside the contract, import relatively.' },
        { group: ['node:*'], message: 'The contract runs in the browser too.' },
      ]),
    },
  },
  {
    // A cycle makes module start-up order matter and hides which layer is below which. A package
    // cannot import our code back, so the search stays out of node_modules.
    files: ['contract/**', 'server/**', 'web/**'],
    plugins: { 'import-x': importX },
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['server/**'], rules: { 'no-restricted-imports': restrict([noWeb]) } },
  {
    // app.ts, main.ts and cli.ts compose the features and sit above them.
    files: ['server/src/{config,billing-config}.ts', 'server/src/{ai,db,domain,health-imports,http,jobs,labs,lib,mail,storage}/**'],
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-imports': restrict([noWeb, { group: ['#server/features/*', '**/features/*'], message: 'Lower layers never import a feature; features import them.' }]) },
  },
  {
    files: ['server/src/features/**'],
    ignores: SERVER_TESTS,
    rules: {
      'no-restricted-imports': restrict([
        noWeb,
        { group: ['#server/features/*/*.repository.ts', '../*/*.repository.ts'], message: "Another feature's rows are reached through its service or its public.ts, never its repository." },
      ]),
    },
  },
  { files: ['web/src/components/**'], rules: { 'no-restricted-imports': restrict([noServer, { group: ['#web/features/*', '#web/app/*'], message: 'Components are below features and the app.' }]) } },
  { files: ['web/src/features/**'], rules: { 'no-restricted-imports': restrict([noServer, noOtherFeature, { group: ['#web/app/*'], message: 'Features do not import the app.' }]) } },
  { files: ['web/**'], ignores: ['web/src/features/**', 'web/src/components/**'], rules: { 'no-restricted-imports': restrict([noServer]) } },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
