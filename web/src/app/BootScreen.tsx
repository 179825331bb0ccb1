import { BOOT_TEXTS } from '#shared/i18n/boot-texts.ts'
import { LOCALE_OF } from '#shared/i18n/language.ts'
import { selectCatalogStatus, selectLanguage } from '../features/settings/slice.ts'
import { useStore } from '#shared/store/store.ts'
import { Loader } from '#shared/ui/Loader.tsx'
import appIcon from './app-icon.svg'
import './BootScreen.css'

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
      <img className="boot-screen__icon" src={appIcon} width={64} height={64} alt="" />
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
