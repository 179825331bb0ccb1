import { fileURLToPath } from 'node:url'
import { i18n } from '@lingui/core'
import t from 'tap'
import { activateCatalog, loadCatalogs, withTexts } from '../../../web/src/shared/i18n/catalog-loader.ts'
import { planAppAreas } from '../../../scripts/catalog-areas.ts'
import { readCatalog } from './catalog-check.ts'

// Loading the texts by area (web/src/shared/i18n/catalog-loader.ts, docs/adr/0012-catalogs-split-by-area.md) with
// the real compiled area catalogs: a lazy chunk's texts come with it, and a language switch shows the new language
// only once every area needed so far has come in it, also an area asked for while the switch loads.

/** Stands for <html>, whose lang activateCatalog sets. */
const html = { lang: '' }

const LOCALES_DIR = fileURLToPath(new URL('../../../web/src/locales', import.meta.url))
const catalogs = {
  fi: readCatalog(LOCALES_DIR, 'fi'),
  sv: readCatalog(LOCALES_DIR, 'sv'),
  en: readCatalog(LOCALES_DIR, 'en'),
}
const areas = new Map(planAppAreas().areas.map(({ name, ids }) => [name, ids]))

/** A text of the area with no arguments or tags, so the catalog's text is what is shown. */
function plainIdOf(area: string): string {
  const id = areas.get(area)?.find((candidate) => !/[{<]/.test(catalogs.en.get(candidate) ?? '{'))
  if (!id) throw new Error(`no plain text in the area ${area}`)
  return id
}

/** What the screen would show for `id`, and the console errors it caused. */
function shown(id: string): { text: string; errors: string[] } {
  const errors: string[] = []
  const original = console.error
  console.error = (...args: unknown[]) => void errors.push(args.join(' '))
  try {
    return { text: i18n._(id), errors }
  } finally {
    console.error = original
  }
}

const shellText = plainIdOf('shell')
const settingsText = plainIdOf('settings')
const adminText = plainIdOf('admin')

t.test('the shell comes first; a lazy area comes with its chunk', async (t) => {
  await loadCatalogs('fi')
  activateCatalog('fi', html)
  t.equal(html.lang, 'fi')
  t.same(shown(shellText), { text: catalogs.fi.get(shellText), errors: [] })

  // Before the settings chunk has come, its text is not there, and the console says so (browser tests fail on it).
  const before = shown(settingsText)
  t.equal(before.text, settingsText)
  t.match(before.errors, [new RegExp(`No "${settingsText}" in the fi texts loaded`)])

  const loadSettings = withTexts('settings', async () => 'the chunk')
  t.equal(await loadSettings(), 'the chunk', 'resolves to what the import gave')
  t.same(shown(settingsText), { text: catalogs.fi.get(settingsText), errors: [] })
})

t.test('a language switch loads every area needed so far before it shows', async (t) => {
  await loadCatalogs('sv')
  activateCatalog('sv', html)
  t.equal(html.lang, 'sv')
  t.same(shown(shellText), { text: catalogs.sv.get(shellText), errors: [] })
  t.same(shown(settingsText), { text: catalogs.sv.get(settingsText), errors: [] })
})

t.test('an area asked for during a switch comes in the language shown and in the one coming', async (t) => {
  const switching = loadCatalogs('en')
  await withTexts('admin', async () => 'the admin chunk')()
  // Still Swedish on screen, and the admin area is there in Swedish already.
  t.same(shown(adminText), { text: catalogs.sv.get(adminText), errors: [] })
  await switching
  activateCatalog('en', html)
  t.same(shown(adminText), { text: catalogs.en.get(adminText), errors: [] })
  t.same(shown(settingsText), { text: catalogs.en.get(settingsText), errors: [] })
})

t.test('a chunk that fails to load fails its lazy component, and its area can be asked for again', async (t) => {
  const failing = withTexts('info', () => Promise.reject(new Error('offline')))
  await t.rejects(failing(), /offline/)
  t.equal(await withTexts('info', async () => 'again')(), 'again')
  t.same(shown(plainIdOf('info')).errors, [])
})
