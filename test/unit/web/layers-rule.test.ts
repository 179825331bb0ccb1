import t from 'tap'
import { RuleTester } from 'eslint'
import layers from '../../../scripts/eslint-web-layers.mjs'

// RuleTester reports through describe/it: tap's subtests, so each case passes or fails on its own.
RuleTester.describe = (name: string, run: () => void) => void t.test(name, async () => run())
RuleTester.it = (name: string, run: () => void) => void t.test(name, async () => run())
RuleTester.itOnly = RuleTester.it

const WEB = `${process.cwd()}/web/src`
const code = (specifier: string) => `import { x } from '${specifier}'`
const at = (file: string, specifier: string) => ({ filename: `${WEB}/${file}`, code: code(specifier) })

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
  'web-layers',
  layers.rules['web-layers'],
  {
    valid: [
      at('features/requests/components/RequestsTab.tsx', '../slice.ts'),
      at('features/requests/components/RequestsTab.tsx', '#features/outbox'),
      at('features/requests/components/RequestsTab.tsx', '#shared/ui/Dialog.tsx'),
      at('features/requests/slice.ts', '#server/domain/shared/danger-words.ts'),
      at('shared/ui/Dialog.tsx', '../i18n/catalog.ts'),
      at('app/MainPage.tsx', '../features/requests/components/RequestsTab.tsx'),
      at('app/routes.tsx', '../shared/ui/Banner.tsx'),
      at('features/requests/slice.ts', 'zustand'),
    ],
    invalid: [
      { ...at('features/admin/AdminPage.tsx', '../../app/store.ts'), errors: [{ messageId: 'featureImportsApp' }] },
      { ...at('features/admin/AdminPage.tsx', '../requests/slice.ts'), errors: [{ messageId: 'throughIndex' }] },
      { ...at('features/admin/AdminPage.tsx', '../requests/index.ts'), errors: [{ messageId: 'throughIndex' }] },
      {
        ...at('shared/ui/Dialog.tsx', '../../features/requests/slice.ts'),
        errors: [{ messageId: 'sharedImportsAbove' }],
      },
      { ...at('shared/ui/Dialog.tsx', '#features/requests'), errors: [{ messageId: 'sharedImportsAbove' }] },
      { ...at('shared/ui/Dialog.tsx', '../../app/store.ts'), errors: [{ messageId: 'sharedImportsAbove' }] },
      {
        ...at('features/requests/components/RequestsTab.tsx', '../../../shared/ui/Dialog.tsx'),
        errors: [{ messageId: 'alias', data: { alias: '#shared/ui/Dialog.tsx' } }],
      },
      {
        ...at('features/requests/slice.ts', '../../../../server/domain/shared/danger-words.ts'),
        errors: [{ messageId: 'alias', data: { alias: '#server/domain/shared/danger-words.ts' } }],
      },
      {
        filename: `${WEB}/features/requests/slice.ts`,
        code: "const m = import('../admin/AdminPage.tsx')",
        errors: [{ messageId: 'throughIndex' }],
      },
    ],
  },
)
