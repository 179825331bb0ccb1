/**
 * Which interface language to use. Pure: no DOM, no storage, so tap tests and the server-side type check can load it.
 */

import { LANGUAGES, type Language } from '#server/domain/accounts/languages.ts'

/** The product's language keys (docs/product.md#languages), the server's list; the saved value in localStorage is one of these. */
export { LANGUAGES, type Language }

/** Lingui locale of each language; also the value of <html lang>. */
export const LOCALE_OF = {
  finnish: 'fi',
  swedish: 'sv',
  english: 'en',
} as const satisfies Record<Language, string>
export type Locale = (typeof LOCALE_OF)[Language]

export const DEFAULT_LANGUAGE: Language = 'english'

/** localStorage key of the saved choice (docs/product.md#languages). */
export const LANGUAGE_STORAGE_KEY = 'language'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** Maps a BCP 47 tag such as "fi-FI", "sv-FI" or "en-GB" to a language by its primary subtag. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
  return LANGUAGES.find((language) => LOCALE_OF[language] === primary)
}

/** The saved choice if valid, else the first browser language we support, else English (docs/product.md#languages). */
export function chooseLanguage(saved: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved
  for (const tag of browserLanguages) {
    const language = languageOfTag(tag)
    if (language) return language
  }
  return DEFAULT_LANGUAGE
}

/** Each language's own name, shown in the language picker as is: a reader finds their language in any interface. */
export const ENDONYM_OF: Record<Language, string> = {
  finnish: 'Suomi',
  swedish: 'Svenska',
  english: 'English',
}

export function isLocale(value: unknown): value is Locale {
  return LANGUAGES.some((language) => LOCALE_OF[language] === value)
}
