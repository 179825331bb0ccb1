import { setupI18n, type Messages } from '@lingui/core'
import t from 'tap'
import { messages as en } from '../../../web/src/locales/en/messages.ts'
import { messages as fi } from '../../../web/src/locales/fi/messages.ts'
import { messages as sv } from '../../../web/src/locales/sv/messages.ts'

/** The compiled catalogs (npm run i18n:compile, which typecheck and build run first). */
const CATALOGS: Record<string, Messages> = { en, fi, sv }

/** The helped counts in the compiled catalogs, as the app formats them: the plural forms of each language. */
t.test('helped counts: plural forms in fi, sv and en', async (t) => {
  const expected = {
    en: {
      youhavehelped: ['You have not helped anyone yet', 'You have helped 1 cyclist', 'You have helped 2 cyclists'],
      hashelped: ['Has not helped anyone yet', 'Has helped 1 cyclist', 'Has helped 21 cyclists'],
    },
    fi: {
      // Finnish counts with the singular partitive: "1 pyöräilijää", "2 pyöräilijää".
      youhavehelped: ['Et ole vielä auttanut ketään', 'Olet auttanut 1 pyöräilijää', 'Olet auttanut 2 pyöräilijää'],
      hashelped: ['Ei ole vielä auttanut ketään', 'On auttanut 1 pyöräilijää', 'On auttanut 21 pyöräilijää'],
    },
    sv: {
      youhavehelped: ['Du har inte hjälpt någon ännu', 'Du har hjälpt 1 cyklist', 'Du har hjälpt 2 cyklister'],
      hashelped: ['Har inte hjälpt någon ännu', 'Har hjälpt 1 cyklist', 'Har hjälpt 21 cyklister'],
    },
  } satisfies Record<string, Record<string, string[]>>
  for (const [locale, ids] of Object.entries(expected)) {
    const i18n = setupI18n({ locale, messages: { [locale]: CATALOGS[locale]! } })
    for (const [id, [zero, one, many]] of Object.entries(ids)) {
      const counts = id === 'hashelped' ? [0, 1, 21] : [0, 1, 2]
      t.same(
        counts.map((count) => i18n._(id, { count })),
        [zero, one, many],
        `${locale} ${id}`,
      )
    }
  }
})
