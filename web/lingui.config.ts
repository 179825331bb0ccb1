import { defineConfig } from '@lingui/cli'

/**
 * Paths start at <rootDir>, which Lingui sets to this file's folder (web/), so the CLI works from the repo root
 * with `--config web/lingui.config.ts`.
 */
export default defineConfig({
  locales: ['fi', 'sv', 'en'],
  sourceLocale: 'en',
  // A missing translation is an error (compile --strict and test/unit/web/catalogs.test.ts), never an English fallback.
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/locales/**'],
    },
  ],
  format: 'po',
  // Line numbers would make every edit churn the catalogs. Every message has an explicit id (the product's keys),
  // which the po format marks with a `js-lingui-explicit-id` comment per entry.
  formatOptions: { origins: true, lineNumbers: false },
  orderBy: 'messageId',
})
