import type { Locale } from './language.ts'

/**
 * The only texts shown before any catalog is loaded: they cannot come from a catalog. Everything else is
 * translated in locales/{fi,sv,en}/messages.po.
 */
export const BOOT_TEXTS: Record<Locale, { loading: string; failed: string; retry: string }> = {
  fi: { loading: 'Ladataan…', failed: 'Sovelluksen lataaminen epäonnistui.', retry: 'Yritä uudelleen' },
  sv: { loading: 'Laddar…', failed: 'Appen kunde inte laddas.', retry: 'Försök igen' },
  en: { loading: 'Loading…', failed: 'The app could not be loaded.', retry: 'Try again' },
}
