import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import { createElement } from 'react'
import t, { type Test } from 'tap'
import { distanceKm } from '../../server/domain/shared/distance.ts'
import { loadAppSlices } from '../../web/src/app/store.ts'
import { formatKm } from '../../web/src/features/requests/distance.ts'
import { cyclingDirectionsUrl } from '../../web/src/features/requests/map-links.ts'
import type { Service } from '../../web/src/features/services/api.ts'
import type { Coordinates } from '../../web/src/shared/api/types.ts'
import { withTexts } from '../../web/src/shared/i18n/catalog-loader.ts'
import type { Language } from '../../web/src/shared/i18n/language.ts'
import { useStore } from '../../web/src/shared/store/store.ts'
import { shown } from './render.ts'

// A service's detail on the public map (docs/product.md#service-map) has its distance from the user and a cycling
// route to it, written as the nearest services of a waiting request write them (services/ServiceWay.tsx; that block
// is test/component/waiting-progress.test.ts's). How the dialog looks stays in Chromium (test/e2e/service-map.test.ts).

const HERE: Coordinates = { latitude: 60.1699, longitude: 24.9384 }
const SHOP: Service = {
  service_id: 3,
  category: 'shop',
  latitude: 60.18,
  longitude: 24.95,
  logo_url: null,
  address: 'Pyöräkatu 1, Helsinki',
  phone: null,
  certified: false,
  opening_hours: null,
  localizations: [{ language: 'en', name: 'Market Bikes', description: 'Repairs while you wait.', url: null }],
}

/** The detail of SHOP in `language`, the user's position `position` (null: none known). */
async function openDetail(t: Test, language: Language, position: Coordinates | null) {
  const consoleError = console.error
  const pageErrors: string[] = []
  console.error = (...args: unknown[]) => pageErrors.push(args.map(String).join(' '))
  await loadAppSlices()
  await useStore.getState().setLanguage(language)
  useStore.setState({
    position,
    positionSource: position ? 'browser' : null,
    locationStatus: position ? 'known' : 'idle',
  })
  // The detail opens from the map tab, whose texts are loaded by then.
  await withTexts('map-tab', () => Promise.resolve())()
  const { ServiceDetailDialog } = await withTexts(
    'service-detail',
    () => import('../../web/src/features/services/ServiceDetailDialog.tsx'),
  )()
  render(createElement(I18nProvider, { i18n }, createElement(ServiceDetailDialog, { service: SHOP, onClose() {} })))
  t.teardown(() => {
    cleanup()
    useStore.setState({ position: null, positionSource: null, locationStatus: 'idle' })
    console.error = consoleError
  })
  const dialog = await shown(() => screen.queryByRole('dialog', { name: 'Market Bikes' }))
  /** The texts the screen asked for that its catalogs lack (i18n's "missing" logs them): none. */
  const missingTexts = () => pageErrors.filter((line) => line.startsWith('No "'))
  return { dialog, missingTexts }
}

t.test('with the user’s position: the distance, as the nearest services write it, and directions there', async (t) => {
  const { dialog, missingTexts } = await openDetail(t, 'english', HERE)
  const km = formatKm(distanceKm(HERE, SHOP), 'en')
  t.match(km, /^\d+\.\d\d$/, 'two decimals')
  const term = within(dialog).getByText('Distance from you')
  t.equal(term.tagName, 'DT', 'a fact of the service, beside its address')
  t.equal(term.nextElementSibling?.textContent, `${km} km`)
  const directions = within(dialog).getByRole('link', { name: 'Directions to Market Bikes' })
  t.equal(directions.textContent, 'Directions')
  t.equal(directions.getAttribute('href'), cyclingDirectionsUrl(HERE, SHOP), 'a cycling route from the user')
  t.same(missingTexts(), [], 'every text in the loaded catalogs')
})

t.test('in Finnish: a decimal comma, and the texts in Finnish', async (t) => {
  const { dialog, missingTexts } = await openDetail(t, 'finnish', HERE)
  const term = within(dialog).getByText('Etäisyys sinusta')
  t.equal(term.nextElementSibling?.textContent, `${formatKm(distanceKm(HERE, SHOP), 'fi')} km`)
  t.match(term.nextElementSibling?.textContent ?? '', /^\d+,\d\d km$/)
  t.equal(within(dialog).getByRole('link', { name: /Market Bikes/ }).textContent, 'Reittiohjeet')
  t.same(missingTexts(), [], 'every text in the loaded catalogs')
})

t.test('without a position: neither a distance nor directions, the rest as before', async (t) => {
  const { dialog, missingTexts } = await openDetail(t, 'english', null)
  t.ok(within(dialog).queryByText('Pyöräkatu 1, Helsinki'), 'the address')
  t.equal(within(dialog).queryByText('Distance from you'), null, 'no distance from an unknown point')
  t.equal(within(dialog).queryByRole('link', { name: /Directions/ }), null, 'no route from an unknown point')
  t.same(missingTexts(), [], 'every text in the loaded catalogs')
})
