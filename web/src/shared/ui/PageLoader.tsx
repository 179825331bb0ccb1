import { useLingui } from '@lingui/react'
import { BOOT_TEXTS } from '../i18n/boot-texts.ts'
import { isLocale } from '../i18n/language.ts'
import { Loader } from './Loader.tsx'

/** A whole page that is not ready yet (a stored session being checked, a lazy screen's code on its way): a loader. */
export function PageLoader() {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  return (
    <main className="page">
      <Loader label={BOOT_TEXTS[locale].loading} />
    </main>
  )
}
