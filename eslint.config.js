import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'packages/db/generated/**', '**/.tmp/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Time is read through a Clock (packages/contracts/src/clock.ts and the clocks built on it), so a
    // test can step it. The console runs on the browser's clock.
    files: ['apps/core/**/*.ts', 'apps/stack/**/*.ts', 'packages/**/*.ts', 'simulator/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**', 'packages/contracts/src/clock.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Read the time through a Clock (@fleet/contracts clock).',
        },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Read the time through a Clock (@fleet/contracts clock).' },
      ],
    },
  },
  {
    // The core's API docs page runs in the browser, as plain JavaScript.
    files: ['apps/core/docs-page/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'module' },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
