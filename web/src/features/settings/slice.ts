import type { StateCreator } from 'zustand'
import { activateCatalog, loadCatalogs } from '#shared/i18n/catalog-loader.ts'
import { chooseLanguage, DEFAULT_LANGUAGE, LOCALE_OF, type Language } from '#shared/i18n/language.ts'
import { readSavedLanguage, saveLanguage } from '#shared/i18n/language-storage.ts'
import type { AppState } from '#shared/store/store.ts'

export interface SettingsState {
  /** The chosen language; its catalog may still be loading. */
  language: Language
  /** Whether any catalog is active yet: until then the app shows a loader instead of untranslated text. */
  catalog: 'loading' | 'ready' | 'failed'
}

export interface SettingsActions {
  /** Picks the saved or browser language at start-up, without saving it, so a later browser change still applies. */
  startLanguage: () => Promise<void>
  /**
   * The user's explicit choice: saved, then its catalog is loaded and activated. A logged-in user's choice also
   * goes to the server, so push notifications come in the same language.
   */
  setLanguage: (language: Language) => Promise<void>
}

export type SettingsSlice = SettingsState & SettingsActions

export const initialSettingsState: SettingsState = {
  language: DEFAULT_LANGUAGE,
  catalog: 'loading',
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set, get) => {
  /** The language whose texts are on screen, which `language` leads while a catalog loads. */
  let shown: Language | null = null

  /** Activates `language` unless the user picked another one while its catalog was loading. */
  async function switchTo(language: Language): Promise<void> {
    set({ language })
    const locale = LOCALE_OF[language]
    try {
      // Every area's texts the app has needed so far, so no screen shows the new language half-loaded.
      await loadCatalogs(locale, { screensMayFail: shown === null })
      if (get().language !== language) return
      activateCatalog(locale, document.documentElement)
      shown = language
      set({ catalog: 'ready' })
    } catch (error) {
      console.error(`Loading the ${language} catalog failed`, error)
      if (get().language !== language) return
      // Keep the language that is still on screen; at start-up there is none, so the app says it failed.
      if (shown) set({ language: shown })
      else set({ catalog: 'failed' })
    }
  }

  return {
    ...initialSettingsState,
    startLanguage: () => switchTo(chooseLanguage(readSavedLanguage(), navigator.languages)),
    setLanguage: (language) => {
      saveLanguage(language)
      void get().syncUserLanguage(language)
      return switchTo(language)
    },
  }
}

export const selectLanguage = (state: AppState): Language => state.language
export const selectCatalogStatus = (state: AppState): SettingsState['catalog'] => state.catalog

declare module '#shared/store/app-state.ts' {
  interface AppState extends SettingsSlice {}
}
