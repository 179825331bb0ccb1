import { BOOT_TEXTS } from '#shared/i18n/boot-texts.ts'
import { LOCALE_OF } from '#shared/i18n/language.ts'
import { selectCatalogStatus, selectLanguage } from '../features/settings/slice.ts'
import { useStore } from '#shared/store/store.ts'
import { Loader } from '#shared/ui/Loader.tsx'
import './BootScreen.css'

/** The app icon, as index.html's splash draws it before any script runs (keep the two alike). */
function AppIcon() {
  return (
    <svg className="boot-screen__icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0b3a68" />
      <g fill="none" strokeLinecap="round" strokeLinejoin="round" strokeWidth="4" transform="translate(3 6)">
        <circle cx="13" cy="31" r="10" stroke="#ffffff" />
        <circle cx="45" cy="31" r="10" stroke="#ffffff" />
        <path
          d="M13 31 L22 15 H38 L45 31 M22 15 L29 31 H13 M29 31 L38 15 M22 15 L21 10 M17 10 H26 M38 15 L36 8 H42"
          stroke="#ffd43b"
        />
      </g>
    </svg>
  )
}

/**
 * What shows before the first catalog is active: index.html's splash (the app icon) with a loader, or a way out if
 * the catalog cannot be fetched.
 */
export function BootScreen() {
  const language = useStore(selectLanguage)
  const failed = useStore(selectCatalogStatus) === 'failed'
  const locale = LOCALE_OF[language]
  const texts = BOOT_TEXTS[locale]

  return (
    <main className="boot-screen" lang={locale}>
      <AppIcon />
      {failed ? (
        <div className="boot-screen__failure" role="alert">
          <p>{texts.failed}</p>
          <button type="button" className="button button--primary" onClick={() => location.reload()}>
            {texts.retry}
          </button>
        </div>
      ) : (
        <Loader label={texts.loading} />
      )}
    </main>
  )
}
