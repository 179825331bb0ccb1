import { LOCALE_OF, type Language } from '#shared/i18n/language.ts'
import { MANIFEST_FILES } from './manifest.ts'

/**
 * Points <link rel="manifest"> at the manifest of the interface language, so the installed app is named in the
 * language the user reads (Chromium rereads the manifest when the link changes).
 */
export function linkManifestOf(language: Language): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
  const href = `/${MANIFEST_FILES[LOCALE_OF[language]]}`
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href)
}
