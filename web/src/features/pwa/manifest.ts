/**
 * The web app manifests, one per interface language. A manifest has a single name, so the app points its
 * <link rel="manifest"> at the one of the chosen language (manifest-link.ts); the shared `id` keeps them
 * one app. manifest.webmanifest is the English one, linked from index.html before any script runs.
 */
export type ManifestLanguage = 'fi' | 'sv' | 'en'

export const MANIFEST_FILES: Record<ManifestLanguage, string> = {
  en: 'manifest.webmanifest',
  fi: 'manifest-fi.webmanifest',
  sv: 'manifest-sv.webmanifest',
}

const TEXTS: Record<ManifestLanguage, { name: string; description: string }> = {
  fi: {
    name: 'Pyöräapu',
    description: 'Tienvarsiapua ja vertaisapua pyöräilijöille sekä pyöräilijäystävällisten palvelujen kartta.',
  },
  sv: {
    name: 'Cykelhjälpen',
    description: 'Vägassistans och hjälp mellan cyklister, och en karta över cykelvänliga tjänster.',
  },
  en: {
    name: 'Bike Help',
    description: 'Road assistance and mutual help for cyclists, and a map of cyclist-friendly services.',
  },
}

/** The brand colour of the top bar: the installed app's title bar and splash screen match it. */
export const THEME_COLOR = '#0b3a68'

export function webManifest(language: ManifestLanguage) {
  const { name, description } = TEXTS[language]
  return {
    id: '/',
    lang: language,
    name,
    short_name: name,
    description,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: THEME_COLOR,
    categories: ['travel', 'navigation', 'sports'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
}
