import { join } from 'node:path'
import t from 'tap'
import { REQUEST_CATEGORIES } from '../../../../server/domain/shared/categories.ts'
import type { Language } from '../../../../server/domain/accounts/rules.ts'
import { PROJECT_ROOT } from '../../../../server/paths.ts'
import { CATEGORY_NAMES } from '../../../../server/push/texts.ts'
import { readCatalog } from '../../web/catalog-check.ts'

/** The push texts are the server's own catalog; where they name what the app's screens name, they say the same. */
const LOCALE: Record<Language, string> = { english: 'en', finnish: 'fi', swedish: 'sv' }
const LOCALES_DIR = join(PROJECT_ROOT, 'web', 'src', 'locales')

for (const [language, locale] of Object.entries(LOCALE) as [Language, string][]) {
  t.test(`a push names each category as the app does (${locale})`, async (t) => {
    const catalog = readCatalog(LOCALES_DIR, locale)
    for (const category of REQUEST_CATEGORIES) {
      t.equal(CATEGORY_NAMES[language][category], catalog.get(category), `${category} in ${locale}`)
    }
  })
}
