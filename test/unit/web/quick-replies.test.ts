import { setupI18n, type Messages } from '@lingui/core'
import t from 'tap'
import { REQUEST_CATEGORIES } from '../../../server/domain/shared/categories.ts'
import { messageTextProblem } from '../../../server/domain/conversation/validation.ts'
import { quickRepliesFor } from '../../../web/src/features/conversation/quick-replies.ts'
import { messages as en } from '../../../web/src/locales/en/messages.ts'
import { messages as fi } from '../../../web/src/locales/fi/messages.ts'
import { messages as sv } from '../../../web/src/locales/sv/messages.ts'

/** The compiled catalogs (npm run i18n:compile, which typecheck and build run first). */
const CATALOGS: Record<string, Messages> = { en, fi, sv }

const texts = (side: 'owner' | 'helper', category: (typeof REQUEST_CATEGORIES)[number], locale = 'en') => {
  const i18n = setupI18n({ locale, messages: { [locale]: CATALOGS[locale]! } })
  return quickRepliesFor(side, category).map((reply) => i18n._(reply))
}

t.test('the helper’s quick question fits the request’s category', async (t) => {
  const expected = {
    bicycle_maintenance: {
      en: 'What size is your tyre?',
      fi: 'Minkä kokoinen rengas pyörässäsi on?',
      sv: 'Vilken storlek har ditt däck?',
    },
    food_and_hydration: {
      en: 'Do you need water or food?',
      fi: 'Tarvitsetko vettä vai ruokaa?',
      sv: 'Behöver du vatten eller mat?',
    },
    transportation_need: {
      en: 'Where do you need to get to?',
      fi: 'Mihin sinun pitää päästä?',
      sv: 'Vart behöver du komma?',
    },
    other: { en: 'What do you need?', fi: 'Mitä tarvitset?', sv: 'Vad behöver du?' },
  }
  for (const category of REQUEST_CATEGORIES) {
    for (const locale of ['en', 'fi', 'sv']) {
      const replies = texts('helper', category, locale)
      t.equal(replies[2], expected[category][locale as 'en'], `${category}, ${locale}`)
    }
  }
  t.same(texts('helper', 'bicycle_maintenance'), [
    'On my way',
    'I am here',
    'What size is your tyre?',
    'Can you share your exact location?',
    'Thank you!',
  ])
  t.notOk(texts('helper', 'food_and_hydration').includes('What size is your tyre?'), 'no tyre on a food request')
})

t.test('the owner’s quick replies are the same whatever the category', async (t) => {
  for (const category of REQUEST_CATEGORIES)
    t.same(texts('owner', category), ['Where are you now?', 'I am waiting at the marked place', 'Thank you!'], category)
})

t.test('every quick reply, in every language, is a message the server takes', async (t) => {
  for (const locale of ['en', 'fi', 'sv'])
    for (const category of REQUEST_CATEGORIES)
      for (const side of ['owner', 'helper'] as const)
        for (const text of texts(side, category, locale)) {
          t.equal(messageTextProblem(text), null, `${locale}: ${text}`)
          t.notMatch(text, /^quick/, `${locale}: translated, not its id`)
        }
})
