import { i18n } from '@lingui/core'
import { AREA_CATALOGS, type TextArea } from '../../locales/areas/index.ts'
import { isLocale, type Locale } from './language.ts'

export type { TextArea }

/**
 * The texts come by area, each language's catalog of an area a chunk of its own (docs/adr/0012-catalogs-split-by-area.md):
 * the shell's before the first render, every other area's with the code that shows it (`withTexts`). Which texts an
 * area holds follows from the imports of its code (scripts/catalog-areas.ts, run by `npm run i18n:compile`).
 */

/** The areas the app has needed so far: a language switch loads all of them before it shows the new language. */
const needed = new Set<TextArea>(['shell'])
/** Each area's catalog per language, once loaded or on its way. */
const loads = new Map<string, Promise<void>>()
/** The language a switch is loading, until it shows. */
let preparing: Locale | null = null

function loadArea(locale: Locale, area: TextArea): Promise<void> {
  const key = `${locale}/${area}`
  let load = loads.get(key)
  if (!load) {
    // `load` adds to what i18n holds for the language; a failed load is tried again the next time it is needed.
    load = AREA_CATALOGS[locale][area]().then(({ messages }) => i18n.load(locale, messages))
    load.catch(() => loads.delete(key))
    loads.set(key, load)
  }
  return load
}

/**
 * Loads `locale`'s catalogs of every area needed so far, and of any area needed while they load. At start-up
 * (`screensMayFail`) only the shell's must come: a screen whose texts do not fails alone, in its boundary
 * (shared/load/ScreenBoundary.tsx), which tries them again.
 */
export async function loadCatalogs(locale: Locale, { screensMayFail = false } = {}): Promise<void> {
  preparing = locale
  let count: number
  do {
    count = needed.size
    await Promise.all(
      [...needed].map((area) => {
        const load = loadArea(locale, area)
        return screensMayFail && area !== 'shell' ? load.catch(() => undefined) : load
      }),
    )
  } while (needed.size !== count)
}

/**
 * Shows `locale`, whose catalogs loadCatalogs has loaded. Texts and <html lang> (`root`, the document's element)
 * change together, so screen readers never read one language with another's pronunciation rules.
 */
export function activateCatalog(locale: Locale, root: { lang: string }): void {
  if (preparing === locale) preparing = null
  i18n.activate(locale)
  root.lang = locale
}

/**
 * A lazy chunk's `load` (its `import()`) together with its area's texts: the returned function resolves once both
 * have come, in the language on screen, so nothing it renders shows a text's id. A language being switched to loads
 * the area too (loadCatalogs waits for it). `npm run i18n:compile` refuses an `import()` of code with texts that is
 * not wrapped in this.
 */
export function withTexts<T>(area: TextArea, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    needed.add(area)
    const shown = isLocale(i18n.locale) ? i18n.locale : null
    if (preparing && preparing !== shown) void loadArea(preparing, area).catch(() => undefined)
    const texts = shown ? loadArea(shown, area) : preparing ? loadArea(preparing, area) : undefined
    const [module] = await Promise.all([load(), texts])
    return module
  }
}

// A text asked for before its area's catalog came shows as its id: say so where tests look (every browser test
// fails on a console error).
i18n.on('missing', ({ id, locale }) => console.error(`No "${id}" in the ${locale} texts loaded: is its area loaded?`))
