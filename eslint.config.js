import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
);
