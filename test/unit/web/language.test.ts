import t from 'tap'
import { chooseLanguage, languageOfTag, LOCALE_OF } from '../../../web/src/shared/i18n/language.ts'

t.test('a valid saved choice wins over the browser languages', async (t) => {
  t.equal(chooseLanguage('swedish', ['fi-FI', 'en-US']), 'swedish')
  t.equal(chooseLanguage('finnish', []), 'finnish')
  t.equal(chooseLanguage('english', ['sv-SE']), 'english')
})

t.test('an invalid or missing saved value falls back to the browser languages', async (t) => {
  t.equal(chooseLanguage('klingon', ['fi-FI']), 'finnish', 'unknown key')
  t.equal(chooseLanguage('fi', ['sv-SE']), 'swedish', 'a locale code is not a language key')
  t.equal(chooseLanguage('', ['en-GB']), 'english', 'empty string')
  t.equal(chooseLanguage(null, ['fi-FI']), 'finnish', 'nothing saved')
  t.equal(chooseLanguage(undefined, ['sv-FI']), 'swedish', 'storage unavailable')
})

t.test('browser languages map by their primary subtag', async (t) => {
  t.equal(chooseLanguage(null, ['fi-FI']), 'finnish')
  t.equal(chooseLanguage(null, ['fi']), 'finnish')
  t.equal(chooseLanguage(null, ['sv-FI']), 'swedish')
  t.equal(chooseLanguage(null, ['sv-SE']), 'swedish')
  t.equal(chooseLanguage(null, ['en-GB']), 'english')
  t.equal(chooseLanguage(null, ['EN_us']), 'english', 'case and underscore tolerated')
})

t.test('the first supported browser language wins', async (t) => {
  t.equal(chooseLanguage(null, ['de-DE', 'sv-FI', 'fi-FI']), 'swedish')
  t.equal(chooseLanguage(null, ['fr', 'en-US', 'fi']), 'english')
})

t.test('no supported language gives English', async (t) => {
  t.equal(chooseLanguage(null, ['de-DE']), 'english')
  t.equal(chooseLanguage(null, ['se-FI', 'fil-PH']), 'english', 'Northern Sami and Filipino are not Swedish or Finnish')
  t.equal(chooseLanguage(null, []), 'english', 'empty list')
})

t.test('every language has a locale the catalogs use', async (t) => {
  t.same(Object.values(LOCALE_OF).sort(), ['en', 'fi', 'sv'])
  t.equal(languageOfTag('sv'), 'swedish')
  t.equal(languageOfTag('nb-NO'), undefined)
})
