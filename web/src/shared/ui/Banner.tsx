import { useLingui } from '@lingui/react'
import { shellMessages } from '../i18n/shell-catalog.ts'
import { isLocale, type Locale } from '../i18n/language.ts'
import bannerEn from './banners/banner-en.svg'
import bannerFi from './banners/banner-fi.svg'
import bannerSv from './banners/banner-sv.svg'

/**
 * The banners are under 1 KB each, so the build inlines them as data: URLs (Vite's assetsInlineLimit): the top bar's
 * image, the largest paint of most pages, shows with the page instead of a round trip later (docs/performance.md,
 * "Lighthouse").
 */
const BANNER_SRC: Record<Locale, string> = { fi: bannerFi, sv: bannerSv, en: bannerEn }

/** Intrinsic widths of banners/banner-{locale}.svg (all 48 high), so the image reserves its space. */
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
      src={BANNER_SRC[locale]}
      alt={i18n._(shellMessages.appname)}
      width={width}
      height={SHOWN_HEIGHT}
    />
  )
}
