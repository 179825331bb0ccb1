import { useLingui } from '@lingui/react'
import { withTexts } from '#shared/i18n/catalog-loader.ts'
import { lazyScreen } from '#shared/load/lazy-screen.ts'
import { ScreenBoundary } from '#shared/load/ScreenBoundary.tsx'
import { BOOT_TEXTS } from '#shared/i18n/boot-texts.ts'
import { isLocale } from '#shared/i18n/language.ts'
import { Loader } from '#shared/ui/Loader.tsx'

const ServiceMapTab = lazyScreen(
  withTexts('map-tab', () => import('./ServiceMapTab.tsx').then((m) => ({ default: m.ServiceMapTab }))),
)

/**
 * The service map tab, fetched with its texts when the tab is first shown: a signed-in user's first screen is the
 * requests tab, and the map's code (its filter, list and OpenLayers, which comes later still) should not weigh on it
 * (bench/chunks.ts). Precached by the service worker, so the tab opens offline; a failure shows in the tab's place.
 */
export function LazyServiceMapTab() {
  const { i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  return (
    <ScreenBoundary loading={<Loader label={BOOT_TEXTS[locale].loading} />}>
      <ServiceMapTab />
    </ScreenBoundary>
  )
}
