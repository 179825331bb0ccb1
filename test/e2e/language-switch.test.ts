import type { Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { waitUntil } from '../wait.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer } from './browser.ts'

checkPrerequisites()
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server
const user: TestUser = {
  username: 'Kielitaito',
  phone: '040 444 0001',
  e164: '+358404440001',
  password: 'polkupyora',
}
await createUser(server, user)

/**
 * Lines that are the same in every language, so finding them after a switch proves nothing is untranslated. Keep
 * it to names, numbers and addresses: a real word here would hide a missing translation.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  // The language options are written in their own language on purpose (settings, language section).
  'English',
  'Suomi',
  'Svenska',
  'support@pyoraapu.fi',
  // Map attribution: a copyright notice, which names its holder and is not translated.
  '© OpenStreetMap contributors',
  // OpenLayers' zoom-out button is drawn as a dash (the + of zoom-in counts as a number below).
  '–',
])

/** Words that are simply the same in one of the languages. */
const SAME_IN: Record<'fi' | 'sv', Set<string>> = {
  fi: new Set(),
  sv: new Set(['Transport', 'Version 2.0.2']),
}
/** Numbers (phone numbers too), and distances in km, which is the unit's symbol in every language. */
const LANGUAGE_NEUTRAL = /^[\d\s.,:/()+-]*$|^\d+([.,]\d+)? km$/

/**
 * A screen whose visible text is compared; `show` brings it up from a fresh load of `path`, or without a `path` from
 * the state the screen before left (the next section of the open settings: a load costs more than the reading).
 */
interface Screen {
  label: string
  path?: string
  show: (page: Page) => Promise<unknown>
}

async function openSettings(page: Page) {
  await page.locator('.settings-button').click()
  await page.locator('dialog[open] .settings').waitFor()
}

/**
 * Opens the nth section of the open settings (they are in SPEC order; the language is always the last), which closes
 * the one open before.
 */
async function openSection(page: Page, nth: number) {
  const section = page.locator('.settings-section').nth(nth)
  await section.locator('.settings-section__toggle').click()
  await section.locator('.settings-section__panel:not([hidden])').waitFor()
}

/** The language section of the settings, with the service map behind: the language is switched there. */
const LANGUAGE_SCREEN: Screen = {
  label: 'settings, language',
  path: '/',
  show: async (page) => {
    // The map first: its controls, behind the modal, are compared too, also right after the switch.
    await page.locator('.ol-zoom-in').waitFor()
    await openSettings(page)
    await page.locator('.settings-section__toggle').last().click()
    await page.locator('input[name="language"]').first().waitFor()
  },
}

const VISITOR_SCREENS: Screen[] = [
  {
    label: 'main screen, requests tab',
    path: '/',
    show: async (page) => {
      await page.locator('#tab-requests').click()
      await page.locator('.tab-panel h2').waitFor()
    },
  },
  {
    label: 'main screen, service map',
    show: async (page) => {
      await page.locator('#tab-servicemap').click()
      await page.locator('.service-list summary').waitFor()
    },
  },
  { ...LANGUAGE_SCREEN, path: undefined },
  { label: 'settings, visitor, map', show: (page) => openSection(page, 0) },
  {
    label: 'info, every answer open',
    path: '/info',
    show: async (page) => {
      // The page is a chunk of its own: its questions are there once it has loaded.
      await page.locator('.faq__question').first().waitFor()
      for (const question of await page.locator('.faq__question').all()) await question.click()
    },
  },
  { label: 'login', path: '/login', show: (page) => page.locator('input[type="password"]').waitFor() },
]

const USER_SCREENS: Screen[] = [
  {
    label: 'main screen, logged in',
    path: '/',
    show: (page) => page.locator('.requests__empty, .request-list').first().waitFor(),
  },
  {
    label: 'settings, account',
    show: async (page) => {
      await openSettings(page)
      await openSection(page, 0)
    },
  },
  { label: 'settings, radius and location', show: (page) => openSection(page, 1) },
  { label: 'settings, notifications', show: (page) => openSection(page, 2) },
  { label: 'settings, what I can help with', show: (page) => openSection(page, 3) },
  {
    label: 'settings, blocked people',
    show: async (page) => {
      await openSection(page, 4)
      await page.locator('.blocked-people > p').waitFor()
    },
  },
  { label: 'settings, map', show: (page) => openSection(page, 5) },
  { label: 'settings, language', show: (page) => openSection(page, 6) },
]

/** What a person sees or hears: rendered text lines, accessible names, placeholders, the tab title and <html lang>. */
async function visibleTexts(page: Page): Promise<{ lines: string[]; lang: string }> {
  // Page code as a string: this tsconfig has Node's types, not the DOM's.
  return page.evaluate(`(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')]
      .filter((element) => element.checkVisibility({ visibilityProperty: true }))
      .flatMap((element) => ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name)))
    const lines = [...document.body.innerText.split('\\n'), ...attributes, document.title]
      .map((line) => (line ?? '').trim())
      .filter((line) => line !== '')
    return { lines: [...new Set(lines)], lang: document.documentElement.lang }
  })()`)
}

async function textsOf(page: Page, screen: Screen) {
  if (screen.path !== undefined) await page.goto(`${baseUrl}${screen.path}`)
  await screen.show(page)
  return visibleTexts(page)
}

/** Picks a language in the settings' language section, which `languageScreen` opens from a fresh load. */
async function switchLanguage(page: Page, languageScreen: Screen, option: 'Suomi' | 'Svenska', lang: 'fi' | 'sv') {
  await textsOf(page, languageScreen)
  await page.getByRole('radio', { name: new RegExp(`^${option}`) }).check()
  // The catalog loads before the switch shows: <html lang> follows it.
  await waitUntil(() => page.evaluate<boolean>(`document.documentElement.lang === '${lang}'`))
}

const SWITCHES = [
  { option: 'Suomi', lang: 'fi' },
  { option: 'Svenska', lang: 'sv' },
] as const

/**
 * Reads every screen in English, then for each language: switches to it in the settings (`languageScreen`, the one
 * labelled 'settings, language' of `screens` from a fresh load) and reads them again. Each language is compared
 * with the English reading, which is the same for both (the page is the same, and so is the user).
 */
async function expectAllTranslated(
  t: Test,
  page: Page,
  screens: Screen[],
  languageScreen: Screen,
  data: string[] = [],
) {
  const english: { lines: string[]; lang: string }[] = []
  for (const screen of screens) english.push(await textsOf(page, screen))
  t.ok(
    english.every(({ lang }) => lang === 'en'),
    'it starts in English',
  )
  for (const [index, screen] of screens.entries()) {
    t.ok(
      english[index]!.lines.length > 5,
      `${screen.label}: there was text to compare (${english[index]!.lines.length} lines)`,
    )
  }

  for (const { option, lang } of SWITCHES) {
    const untranslated = (index: number, translated: { lines: string[] }) =>
      english[index]!.lines.filter(
        (line) =>
          translated.lines.includes(line) &&
          !SAME_IN_EVERY_LANGUAGE.has(line) &&
          !SAME_IN[lang].has(line) &&
          !data.includes(line) &&
          !LANGUAGE_NEUTRAL.test(line),
      )

    // Right after the switch, without a reload: the open settings and the screen behind them change at once.
    const live = screens.findIndex((screen) => screen.label === languageScreen.label)
    await switchLanguage(page, languageScreen, option, lang)
    // <html lang> changes with the catalog, React's render and the map's control labels a frame or two later.
    let left: string[] = []
    await waitUntil(async () => (left = untranslated(live, await visibleTexts(page))).length === 0)
    t.same(left, [], `${option}: the switch itself translates what is on screen`)

    for (const [index, screen] of screens.entries()) {
      const translated = await textsOf(page, screen)
      t.equal(translated.lang, lang, `${option}, ${screen.label}: <html lang="${lang}">`)
      t.same(untranslated(index, translated), [], `${option}, ${screen.label}: every English text is translated`)
    }
  }
}

t.test('switching to Suomi, then to Svenska, leaves no English on screen', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await expectAllTranslated(t, page, VISITOR_SCREENS, LANGUAGE_SCREEN)
  t.same(pageErrors, [], 'no errors in the page')
})

t.test('switching to Suomi, then to Svenska, translates the whole settings of a logged-in user', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, user.username, user.password)
  const languageScreen: Screen = {
    label: 'settings, language',
    path: '/',
    show: async (page) => {
      await openSettings(page)
      await openSection(page, 6)
    },
  }
  // The user's own name is data, not interface text.
  await expectAllTranslated(t, page, USER_SCREENS, languageScreen, [user.username])
  t.same(pageErrors, [], 'no errors in the page')
})
