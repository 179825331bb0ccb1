import { i18n, type Messages } from '@lingui/core'
import type { Locale } from './language.ts'

/** Each compiled catalog is its own chunk, so a visitor downloads only the language they read. */
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  fi: () => import('../../locales/fi/messages.ts'),
  sv: () => import('../../locales/sv/messages.ts'),
  en: () => import('../../locales/en/messages.ts'),
}

export async function loadCatalog(locale: Locale): Promise<Messages> {
  return (await loaders[locale]()).messages
}

/**
 * Texts and <html lang> change together, so screen readers never read one language with another's
 * pronunciation rules.
 */
export function activateCatalog(locale: Locale, messages: Messages): void {
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale
}
