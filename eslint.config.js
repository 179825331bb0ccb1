// @ts-check
// One lint configuration for the whole repository: typescript-eslint's type-checked rules everywhere, React's hook
// rules (with the React 19 compiler rules) and jsx-a11y for the web client.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import layers from './scripts/eslint-web-layers.mjs'

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.cache/',
      'dist/',
      'web/dist/',
      'coverage/',
      '.tap/',
      'web/src/locales/*/messages.ts',
      'web/src/locales/areas/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each part has its own compiler settings (Node, browser, service worker, build tools): the project service
        // takes a file's from the nearest tsconfig.json (web/tsconfig.json points on to web's three). It builds only
        // the programs the linted files need, ~30% faster than listing the four projects.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // tap queues a subtest (and t.rejects, t.resolves) itself and waits for it before the parent ends: not awaiting
      // it is tap's documented style, not a lost promise.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafePromises: [{ from: 'package', name: 'PromiseWithSubtest', package: '@tapjs/core' }] },
      ],
      // Fastify awaits what a route handler or hook returns, and tap what a test callback returns: such a function
      // is async by contract even when it awaits nothing, so a missing await is no mistake here.
      '@typescript-eslint/require-await': 'off',
      // Unused arguments named with a leading underscore are kept on purpose (a callback's signature).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A feature adds its slice to the app's state as `interface AppState extends ItsSlice {}` (ADR 0021).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // A route parses, calls the one domain function of its change and shapes the answer: the transaction, with what
    // it announces and pushes, is the domain's unit of work (docs/architecture.md, "One change end to end").
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["callee.property.name='begin'", "callee.property.name='transaction'", "callee.name='transaction'"].map(
          (callee) => ({
            selector: `CallExpression[${callee}]`,
            message: 'A route opens no transaction: call the domain function of the change (server/domain/).',
          }),
        ),
        {
          selector: "CallExpression[callee.name='changeSeveral'], CallExpression[callee.property.name='changeSeveral']",
          message: 'A route opens no transaction: call the domain function of the change (server/domain/).',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // The web app's layers (scripts/eslint-web-layers.mjs, docs/architecture.md "The app's layers").
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/web-layers': 'error' },
  },
  {
    files: ['eslint.config.js', 'test/*.mjs', 'test/component/*.mjs', 'scripts/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)
