import { isLanguage, LANGUAGE_STORAGE_KEY, type Language } from './language.ts'

/** The saved choice, or null. Storage can throw (blocked cookies, some private modes): then nothing is saved. */
export function readSavedLanguage(): Language | null {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(saved) ? saved : null
  } catch {
    return null
  }
}

/** Saves the choice as the bare key ("swedish"), the format the contract gives for this storage key. */
export function saveLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Not saved: the choice still applies until the page is closed.
  }
}
