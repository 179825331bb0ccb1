import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import t, { type Test } from 'tap'
import { tsImport } from 'tsx/esm/api'
import { messages } from '../../../web/src/shared/i18n/catalog.ts'
import { checkCatalogs, checkTerminology, INTENTIONALLY_IDENTICAL, parsePo, readCatalog } from './catalog-check.ts'

const LOCALES_DIR = fileURLToPath(new URL('../../../web/src/locales', import.meta.url))

/** SPEC section 8: every message key the product shows. */
const SPEC_KEYS = [
  'fillallfields',
  'invalidusernamelength',
  'invalidusernamechars',
  'usernameexists',
  'phoneexists',
  'phonenumbernotfound',
  'enterphone',
  'passwordtooshort',
  'invalidphone',
  'invalidcode',
  'codenotentered',
  'invalidradiuschars',
  'invalidradiuslength',
  'failedtofetchrequests',
  'failedtofetchrequest',
  'invalidcharacters',
  'invaliddesclength',
  'dailylimitreached',
  'activelimitreached',
  'responselimitreached',
  'genericerror',
  'badrequest',
  'locationfailed',
  'alreadyresponded',
  'alreadyhashelper',
  'failedtoloadmap',
  'invalidpassword',
  'invalidUnameorPass',
  'notfound',
  'settingsupdated',
  'descupdated',
  'locationupdated',
  'passwordchanged',
  'recaptchaerror',
  'recaptchainiterror',
]

/** Keys the product adds to SPEC section 8: the server's rate limits (HTTP 429), and calls that got no answer. */
const ADDED_KEYS = [
  // Registration refused for a number banned with an account since deleted (docs/safety.md).
  'phonebanned',
  // Blocks' server answers (docs/safety.md).
  'blockself',
  'blocknotowner',
  'blocknohelper',
  'blocklimit',
  'blocknotfound',
  'blocktakeover',
  'blockthanks',
  'toomanyattempts',
  'offline',
  'servernotreached',
  // The admin dashboard's server answers (docs/admin.md), mapped like the SPEC's.
  'nosuchuser',
  'ownadminrole',
  'usersearchtoolong',
  'exportdatesrequired',
  'exportinvaliddate',
  'exportfromafterto',
  'exporttoolong',
  // Quiet hours and the hourly cap of new-request alerts (docs/live-and-push.md), the server's 400s.
  'quiethoursboth',
  'quiethoursformat',
  'quiethourssame',
  'hourlycaprange',
  // Messages between a request's owner and its helper (docs/product.md#conversation).
  'invalidmessagelength',
  'messagesnotparticipant',
  'messagesadminreadonly',
  'messagescompleted',
  'messagesnohelper',
  'messagelimitreached',
  // The owner's thank-you to the helper (docs/product.md#thanks-and-helped-counts).
  'invalidthankslength',
  'thanksnotowner',
  'thanksnotcompleted',
  'thanksnohelp',
  'thanksnohelper',
  'alreadythanked',
  'positionnothelper',
  'positionnotviewer',
  'positiontoooften',
  // The practice alert (docs/live-and-push.md, "Practice alert"), the server's 429 and 409.
  'practicetoooften',
  'practicenosubscription',
  // Alert more helpers now (docs/product.md#progress-while-waiting)
  'alertmoretoosoon',
  'alertmorenomore',
  'movetoosoon',
  // Suspension and ban (docs/accounts.md): a refused account anywhere a key is shown, a lift that came too late.
  'accountrefused',
  'notsuspended',
  // Reports and moderation decisions (docs/admin.md, "Moderation").
  'reportreasonrequired',
  'reportdetailslength',
  'reportyourself',
  'reportowneronly',
  'reportnohelper',
  'alreadyreported',
  'reportlimitreached',
  'decisionaction',
  'decisionreasonlength',
  'decisiondays',
  'reportalreadydecided',
  'reportnotfound',
  'ownreport',
  'filedreport',
]

const WEB_SRC = fileURLToPath(new URL('../../../web/src', import.meta.url))

/**
 * Every descriptor exported by a catalog module (`*-catalog.ts`, or shared/i18n/catalog.ts) under web/src, found
 * by name so that a new module is covered without being listed here.
 */
async function messageDescriptorsInCode(): Promise<Array<{ id: string; message: string }>> {
  const files = readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[/-])catalog\.ts$/.test(file) && !file.startsWith('locales'))
    .sort()
  const descriptors: Array<{ id: string; message: string }> = []
  for (const file of files) {
    // Found at run time, so loaded as TypeScript by tsx here: `npm test` runs this file bundled, without tsx.
    const module = (await tsImport(pathToFileURL(join(WEB_SRC, file)).href, import.meta.url)) as Record<string, unknown>
    for (const group of Object.values(module)) {
      if (typeof group !== 'object' || group === null) continue
      for (const value of Object.values(group)) {
        const { id, message } = (value ?? {}) as { id?: unknown; message?: unknown }
        if (typeof id === 'string' && typeof message === 'string') descriptors.push({ id, message })
      }
    }
  }
  return descriptors
}

t.test('the fi, sv and en catalogs are complete and consistent', async (t) => {
  t.same(checkCatalogs(LOCALES_DIR), [])
})

t.test('every SPEC message key and language name is in the catalogs', async (t) => {
  const english = readCatalog(LOCALES_DIR, 'en')
  for (const key of [...SPEC_KEYS, 'finnish', 'swedish', 'english']) t.ok(english.has(key), key)
  t.same(
    Object.keys(messages).sort(),
    [...SPEC_KEYS, ...ADDED_KEYS].sort(),
    'shared/i18n/catalog.ts defines exactly the SPEC keys and the added ones',
  )
})

t.test('the English catalog matches the texts in the code (run npm run i18n:extract after editing them)', async (t) => {
  const english = readCatalog(LOCALES_DIR, 'en')
  const descriptors = await messageDescriptorsInCode()
  t.ok(descriptors.length >= 250, `${descriptors.length} messages found in the code`)
  for (const { id, message } of descriptors) t.equal(english.get(id), message, id)
})

/** A copy of the real catalogs in a test folder, and a way to plant a fault in one of them. */
function catalogCopy(t: Test) {
  const dir = t.testdir()
  cpSync(LOCALES_DIR, dir, { recursive: true, filter: (path) => !path.endsWith('.ts') })
  const edit = (locale: string, change: (text: string) => string) => {
    const path = join(dir, locale, 'messages.po')
    const before = readFileSync(path, 'utf8')
    const after = change(before)
    t.not(after, before, `the fault was planted in ${locale}`)
    writeFileSync(path, after)
  }
  return { dir, edit }
}

t.test('a planted empty or untranslated text in any locale fails the check', async (t) => {
  for (const locale of ['fi', 'sv', 'en']) {
    const { dir, edit } = catalogCopy(t)
    edit(locale, (text) => text.replace(/(msgid "privacystatement"\nmsgstr )"[^"]*"/, '$1""'))
    t.same(checkCatalogs(dir), [`${locale}: id "privacystatement" has an empty msgstr`], `empty in ${locale}`)
  }
  for (const locale of ['fi', 'sv']) {
    const { dir, edit } = catalogCopy(t)
    edit(locale, (text) => text.replace(/(msgid "gothelp"\nmsgstr )"[^"]*"/, '$1"Help received"'))
    t.same(
      checkCatalogs(dir),
      [`${locale}: id "gothelp" is not translated (same as the English text)`],
      `English text in ${locale}`,
    )
  }
})

t.test('each intentionally identical text is still identical, and says why', async (t) => {
  for (const [key, reason] of Object.entries(INTENTIONALLY_IDENTICAL)) {
    t.match(key, /^(fi|sv):\w+$/, key)
    t.ok(reason.length > 10, `${key}: ${reason}`)
  }
  const { dir, edit } = catalogCopy(t)
  edit('sv', (text) => text.replace(/(msgid "status"\nmsgstr )"[^"]*"/, '$1"Läge"'))
  t.same(checkCatalogs(dir), ['sv: id "status" is listed as intentionally identical but is translated: unlist it'])
})

t.test('the catalogs use one word for one thing (förfrågan, Pågår, luokka, phone number)', async (t) => {
  t.same(checkTerminology(LOCALES_DIR), [])
  const { dir, edit } = catalogCopy(t)
  edit('sv', (text) => text.replace(/(msgid "sendrequest"\nmsgstr )"[^"]*"/, '$1"Skicka begäran"'))
  edit('fi', (text) => text.replace(/(msgid "allcategories"\nmsgstr )"[^"]*"/, '$1"Kaikki kategoriat"'))
  t.same(checkTerminology(dir), [
    'sv: id "sendrequest" says "begäran": use förfrågan / förfrågningar',
    'fi: id "allcategories" says "kategori": use luokka',
  ])
})

t.test('the check reports missing ids, empty texts, extra ids and changed arguments or tags', async (t) => {
  const { dir, edit } = catalogCopy(t)
  edit('sv', (text) => text.replace(/msgid "genericerror"\nmsgstr "[^"]*"\n/, ''))
  edit('fi', (text) => text.replace(/(msgid "close"\nmsgstr )"[^"]*"/, '$1""'))
  edit('en', (text) => `${text}\nmsgid "onlyinenglish"\nmsgstr "Only in English"\n`)
  edit('fi', (text) => text.replace(/(msgid "settings"\nmsgstr )"[^"]*"/, '$1"Asetukset {user}"'))
  edit('sv', (text) => text.replace(/(msgid "loggedinas"\nmsgstr )"[^"]*"/, '$1"Inloggad som {name}"'))

  t.same(checkCatalogs(dir), [
    'fi: id "close" has an empty msgstr',
    'sv: id "genericerror" is missing (present in fi, en)',
    'sv: id "loggedinas" uses other <tags> than the English text',
    'fi: id "onlyinenglish" is missing (present in en)',
    'sv: id "onlyinenglish" is missing (present in en)',
    'fi: id "settings" uses other {arguments} than the English text',
  ])
})

t.test('parsePo reads continued strings and escapes, and refuses what it does not know', async (t) => {
  const catalog = parsePo(
    [
      'msgid ""',
      'msgstr ""',
      '"Language: fi\\n"',
      '',
      '#. js-lingui-explicit-id',
      '#: src/a.ts',
      'msgid "long"',
      'msgstr ""',
      '"first part, "',
      '"second \\"quoted\\" part"',
      '',
      '#~ msgid "gone"',
      '#~ msgstr "Obsolete"',
    ].join('\n'),
  )
  t.same([...catalog], [['long', 'first part, second "quoted" part']])
  t.throws(() => parsePo('msgid "a"\nmsgstr "b"\ngarbage'), /cannot parse line/)
  t.throws(() => parsePo('msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"'), /msgid_plural is not used/)
  t.throws(() => parsePo('msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"'), /duplicate msgid "a"/)
})
