import { useLingui } from '@lingui/react'
import { shellMessages } from '../i18n/shell-catalog.ts'
import { isLocale, type Locale } from '../i18n/language.ts'

/** Intrinsic widths of public/banners/banner-{locale}.svg (all 48 high), so the image reserves its space. */
const BANNER_WIDTH: Record<Locale, number> = { fi: 208, sv: 256, en: 214 }
const BANNER_HEIGHT = 48
/** Shown height in the top bar; the width follows from the banner's own proportions. */
const SHOWN_HEIGHT = 36

/** The app's wordmark in the active language; its alt text is the app name, which is also what it shows. */
export function Banner() {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  const width = Math.round((BANNER_WIDTH[locale] * SHOWN_HEIGHT) / BANNER_HEIGHT)
  return (
    <img
      className="banner"
      src={`/banners/banner-${locale}.svg`}
      alt={i18n._(shellMessages.appname)}
      width={width}
      height={SHOWN_HEIGHT}
    />
  )
}
