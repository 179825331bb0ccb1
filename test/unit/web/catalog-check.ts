import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The locales whose catalogs must be complete: every id present in all three, none with an empty text. */
export const CATALOG_LOCALES = ['fi', 'sv', 'en'] as const

/**
 * Translations that are rightly the same as the English text, as "locale:id" with the reason. Any other fi or sv
 * text identical to the English one is reported as untranslated: Lingui's extract fills nothing in for a new id,
 * but a text pasted from English, or an entry filled in to make the strict compile pass, looks translated.
 */
export const INTENTIONALLY_IDENTICAL: Readonly<Record<string, string>> = {
  'fi:desccounter': 'only a count and a number: {count}/500',
  'sv:desccounter': 'only a count and a number: {count}/500',
  'fi:thankscounter': 'only a count and a number: {count}/200',
  'sv:thankscounter': 'only a count and a number: {count}/200',
  'fi:radiusvalue': '"km" is the same in every language',
  'sv:radiusvalue': '"km" is the same in every language',
  'fi:servicedistance': '"km" is the same in every language',
  'sv:servicedistance': '"km" is the same in every language',
  'sv:appversion': '"Version" is the Swedish word too',
  'sv:status': '"Status" is the Swedish word too',
  'sv:service_transportation': '"Transport" is the Swedish word too',
}

/** Message id to translated text, in file order. */
export type Catalog = Map<string, string>

const STRING_LINE = /^"((?:[^"\\]|\\.)*)"$/

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, char: string) => ({ n: '\n', t: '\t', r: '\r' })[char] ?? char)
}

/**
 * Parses the subset of gettext .po that Lingui writes: `msgid` and `msgstr`, each possibly continued on
 * following "..." lines. Comments and obsolete entries (`#~`) are skipped; anything else is an error, so a
 * format change shows up as a failing test instead of a silently empty catalog.
 */
export function parsePo(text: string, source = 'catalog'): Catalog {
  const catalog: Catalog = new Map()
  let field: 'msgid' | 'msgstr' | null = null
  let entry = { msgid: '', msgstr: '' }
  let hasEntry = false

  const finish = () => {
    if (hasEntry && entry.msgid !== '') {
      if (catalog.has(entry.msgid)) throw new Error(`${source}: duplicate msgid "${entry.msgid}"`)
      catalog.set(entry.msgid, entry.msgstr)
    }
    entry = { msgid: '', msgstr: '' }
    hasEntry = false
    field = null
  }

  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = rawLine.trim()
    if (line === '') return finish()
    if (line.startsWith('#')) return
    const keyword = /^(msgid|msgstr|msgctxt|msgid_plural|msgstr\[\d+\])\s+(.*)$/.exec(line)
    const string = STRING_LINE.exec(keyword ? (keyword[2] ?? '') : line)
    if (!string) throw new Error(`${source}:${index + 1}: cannot parse line: ${rawLine}`)
    const value = unescape(string[1] ?? '')
    if (!keyword) {
      if (!field) throw new Error(`${source}:${index + 1}: string continues no msgid or msgstr`)
      entry[field] += value
      return
    }
    const name = keyword[1]
    if (name === 'msgid') {
      if (field === 'msgstr') finish()
      field = 'msgid'
      hasEntry = true
      entry.msgid = value
    } else if (name === 'msgstr') {
      if (field !== 'msgid') throw new Error(`${source}:${index + 1}: msgstr without a msgid`)
      field = 'msgstr'
      entry.msgstr = value
    } else {
      throw new Error(`${source}:${index + 1}: ${name} is not used by this app's catalogs`)
    }
  })
  finish()
  return catalog
}

export function readCatalog(localesDir: string, locale: string): Catalog {
  const path = join(localesDir, locale, 'messages.po')
  return parsePo(readFileSync(path, 'utf8'), path)
}

/**
 * ICU argument names such as {name} or {count, plural, ...}: a translation must use the same ones. A plural
 * branch's words ({Has helped # cyclists}) are not arguments: a name is followed by `}` or `,`.
 */
function argumentNames(text: string): string {
  return [...text.matchAll(/\{\s*([\w]+)\s*[,}]/g)]
    .map((match) => match[1])
    .sort()
    .join(',')
}

/** Rich-text tags such as <0>...</0> (links, bold) of <Trans>: a translation must keep the same ones. */
function tagNames(text: string): string {
  return [...text.matchAll(/<\/?(\d+)\s*\/?>/g)]
    .map((match) => match[0].replace(/\s/g, ''))
    .sort()
    .join(',')
}

/**
 * Every problem that makes the catalogs unfit to ship: an id missing from a locale, an empty translation, a
 * translation identical to the English text (unless listed in `identical`), or one whose {arguments} or <tags>
 * differ from the English one. An empty list means complete.
 */
export function checkCatalogs(
  localesDir: string,
  locales: readonly string[] = CATALOG_LOCALES,
  identical: Readonly<Record<string, string>> = INTENTIONALLY_IDENTICAL,
): string[] {
  const catalogs = new Map(locales.map((locale) => [locale, readCatalog(localesDir, locale)]))
  const allIds = new Set([...catalogs.values()].flatMap((catalog) => [...catalog.keys()]))
  const english = catalogs.get('en')
  const problems: string[] = []

  for (const id of [...allIds].sort()) {
    for (const [locale, catalog] of catalogs) {
      const text = catalog.get(id)
      if (text === undefined) {
        const holders = [...catalogs].filter(([, other]) => other.has(id)).map(([name]) => name)
        problems.push(`${locale}: id "${id}" is missing (present in ${holders.join(', ')})`)
      } else if (text.trim() === '') {
        problems.push(`${locale}: id "${id}" has an empty msgstr`)
      } else if (locale !== 'en' && text === english?.get(id) && !Object.hasOwn(identical, `${locale}:${id}`)) {
        problems.push(`${locale}: id "${id}" is not translated (same as the English text)`)
      } else if (english?.has(id) && argumentNames(text) !== argumentNames(english.get(id) ?? '')) {
        problems.push(`${locale}: id "${id}" uses other {arguments} than the English text`)
      } else if (english?.has(id) && tagNames(text) !== tagNames(english.get(id) ?? '')) {
        problems.push(`${locale}: id "${id}" uses other <tags> than the English text`)
      }
    }
  }
  for (const key of Object.keys(identical)) {
    const [locale = '', id = ''] = key.split(':')
    const text = catalogs.get(locale)?.get(id)
    if (!catalogs.has(locale) || text === '') continue
    if (text === undefined) problems.push(`${locale}: id "${id}" is listed as intentionally identical but is gone`)
    else if (text !== english?.get(id)) {
      problems.push(`${locale}: id "${id}" is listed as intentionally identical but is translated: unlist it`)
    }
  }
  return problems
}

/**
 * Words the catalogs agreed not to use, with the word that replaced them: a new entry written in
 * parallel with an old habit shows up here instead of on a user's screen.
 */
export const AVOIDED_TERMS: ReadonlyArray<{ locale: string; avoid: RegExp; use: string }> = [
  { locale: 'sv', avoid: /begäran|begärand/i, use: 'förfrågan / förfrågningar' },
  { locale: 'sv', avoid: /under arbete/i, use: 'Pågår, as the status says' },
  { locale: 'fi', avoid: /kategori/i, use: 'luokka' },
  { locale: 'fi', avoid: /\bsai apua|ei saanut apua/i, use: 'Apu saatu / Apua ei saatu' },
  { locale: 'fi', avoid: /vapauta/i, use: 'luovu, as the Luovu pyynnöstä button says' },
  { locale: 'sv', avoid: /frågad av/i, use: 'Från' },
  { locale: 'en', avoid: /phonenumber/i, use: 'phone number (two words; only the server keeps the SPEC spelling)' },
]

/** Every translation that uses an avoided term, naming the term to use instead. An empty list means consistent. */
export function checkTerminology(localesDir: string, terms = AVOIDED_TERMS): string[] {
  const problems: string[] = []
  for (const locale of new Set(terms.map((term) => term.locale))) {
    for (const [id, text] of readCatalog(localesDir, locale)) {
      for (const term of terms) {
        if (term.locale === locale && term.avoid.test(text)) {
          problems.push(`${locale}: id "${id}" says "${term.avoid.exec(text)?.[0]}": use ${term.use}`)
        }
      }
    }
  }
  return problems
}
