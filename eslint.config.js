import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import noImportCycles from './tools/eslint/no-import-cycles.js';
import moduleBoundaries from './tools/eslint/module-boundaries.js';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Type-aware lint. Beyond the usual, it keeps ARCHITECTURE.md's layer rules:
 * domain depends on nothing of ours, protocol only on domain, web never on server code,
 * only store.ts files (and platform/db) touch the database, only platform/realtime touches
 * sockets; and it bans import cycles. The module boundaries (tools/eslint/module-boundaries.js)
 * also hold bench/ and deploy/ apart (what they share is packages/load) and to the server
 * modules' entry files.
 */
const restrict = (patterns) => ['error', { patterns }];
export default tseslint.config(
  {
    ignores: [
      'tools/**',
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { local: { rules: { 'no-import-cycles': noImportCycles, 'module-boundaries': moduleBoundaries } } },
    rules: {
      'local/no-import-cycles': 'error',
      'local/module-boundaries': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Plain JavaScript (the PGlite worker thread's entry) has no types for the type-aware rules.
  { files: ['**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@rush/*', '**/apps/**', '**/protocol/**'], message: 'domain depends on nothing of ours' },
        { group: ['node:*', 'fastify*', 'drizzle-orm*', 'pg', 'react*', 'ws'], message: 'domain is pure: no I/O' },
      ]),
    },
  },
  {
    files: ['packages/protocol/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['@rush/server', '@rush/web', '**/apps/**'], message: 'protocol depends only on domain' },
        {
          group: ['node:*', 'fastify*', 'drizzle-orm*', 'pg', 'react*', 'ws'],
          message: 'protocol is wire shapes only',
        },
      ]),
    },
  },
  {
    files: ['apps/web/**'],
    // The build's own tooling (precompression, the bundle budget) runs in Node at build time.
    ignores: ['apps/web/build/**', 'apps/web/vite.config.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict([
        {
          group: ['@rush/server', '**/server/**', 'drizzle-orm*', 'pg', 'fastify*', 'node:*'],
          message: 'web never imports server code',
        },
      ]),
    },
  },
  {
    // Only store.ts files, the db platform and schema declarations touch the database.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/store.ts',
      'apps/server/src/**/*.store.ts',
      'apps/server/src/**/schema.ts',
      'apps/server/src/**/*.schema.ts',
      'apps/server/src/platform/db/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/platform/realtime/**',
    ],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
          message: 'only store.ts touches the database',
        },
        { group: ['ws', '@fastify/websocket', 'ioredis'], message: 'only platform/realtime touches sockets' },
      ]),
    },
  },
  {
    files: ['apps/server/src/platform/realtime/**'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
          message: 'only store.ts touches the database',
        },
      ]),
    },
  },
  {
    // One text rule (issue 11): control characters are matched only in packages/domain/src/text,
    // whose functions (oneLine, multiLine, hasForbiddenControl, checkChatText) everything calls.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['packages/domain/src/text/**', '**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[regex.pattern=/\\\\(u00[01][0-9a-fA-F]|u007[fF]|x[01][0-9a-fA-F]|x7[fF]|p\\{Cc\\})/]',
          message:
            'control characters have one rule: use oneLine, multiLine or hasForbiddenControl from @rush/domain (text/)',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['*.js', '*.ts'],
    ignores: ['apps/**', 'packages/**'],
    ...tseslint.configs.disableTypeChecked,
  },
);
