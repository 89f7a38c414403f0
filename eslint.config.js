import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';

/** Server test files with a process of their own (vite.config.ts): the only ones that may vi.mock. */
const OWN_PROCESS = JSON.parse(
  readFileSync(new URL('./tests/setup/ownProcess.json', import.meta.url), 'utf8'),
);

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'engine-rs/target/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    // useLoad takes its deps like useEffect: check them the same way.
    settings: { 'react-hooks': { additionalEffectHooks: '^useLoad$' } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Fastify route plugins and handlers are async by contract even when nothing inside awaits.
    files: ['server/routes/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Tests read untyped JSON answers on purpose: the assertions are their type check.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The server's test files share a process per worker: a module replaced in one would be
    // replaced in every file after it.
    files: ['tests/server/**/*.ts'],
    ignores: OWN_PROCESS,
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'mock',
          message: 'List the file in tests/setup/ownProcess.json: it needs a process of its own.',
        },
        {
          object: 'vi',
          property: 'doMock',
          message: 'List the file in tests/setup/ownProcess.json: it needs a process of its own.',
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
);
