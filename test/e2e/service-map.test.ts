import type { Page } from 'playwright-core'
import t from 'tap'
import type { Service } from '../../web/src/features/services/api.ts'
import { pickLocalization } from '../../web/src/features/services/services.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'
import { waitUntil } from '../wait.ts'
import { olMapNextTo } from './ol-map.ts'
import { startTileServer } from './tile-server.ts'

checkPrerequisites()

const tiles = await startTileServer(t)
const refusingTiles = await startTileServer(t, { status: 401 })
const browser = await launchBrowser(t)
const { baseUrl } = await startServer(t, { TILE_URL: tiles.tileUrl })
const refused = await startServer(t, { TILE_URL: refusingTiles.tileUrl })

const services = (await (await fetch(`${baseUrl}/api/services`)).json()) as Service[]
const nameOf = (service: Service) => pickLocalization(service.localizations, 'en')?.name ?? ''

const OL_MAP = olMapNextTo('.service-map')

interface DrawnMarker {
  /** The services the marker stands for: one for a service's own marker, more for a cluster. */
  ids: number[]
  size: number
  x: number
  y: number
  /**
   * Whether a tap there reaches the map: nothing drawn over the map (a notice, a control) covers that point. A tap on
   * a covered marker does nothing, and a test waiting for its effect would wait for ever.
   */
  open: boolean
}

/** The service layer's markers as drawn now: clusters and single services, with their place in the viewport. */
async function drawnMarkers(page: Page): Promise<DrawnMarker[]> {
  return page.evaluate<DrawnMarker[]>(`(() => {
    const map = ${OL_MAP}
    const layer = map.getAllLayers().find((candidate) => candidate.get('name') === 'services')
    const frame = map.getViewport().getBoundingClientRect()
    return layer.getSource().getFeatures().map((feature) => {
      const [x, y] = map.getPixelFromCoordinate(feature.getGeometry().getCoordinates())
      const ids = feature.get('features').map((service) => service.get('service_id'))
      const top = document.elementFromPoint(frame.left + x, frame.top + y)
      const open = top !== null && top.tagName === 'CANVAS' && map.getViewport().contains(top)
      return { ids, size: ids.length, x, y, open }
    })
  })()`)
}

/** A computed style of the first element the selector finds (page code as a string: no DOM types here). */
const styleOf = (page: Page, selector: string, property: string) =>
  page.evaluate<string>(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).${property}`)

const zoomOf = (page: Page) => page.evaluate<number>(`${OL_MAP}.getView().getZoom()`)

/** Waits until the markers drawn stand for `count` services (the clusters are made when the layer is drawn). */
async function waitForMarkers(page: Page, count: number): Promise<void> {
  await waitUntil(() =>
    page.evaluate<boolean>(`(() => {
    const layer = ${OL_MAP}.getAllLayers().find((candidate) => candidate.get('name') === 'services')
    return layer.getSource().getFeatures().reduce((sum, cluster) => sum + cluster.get('features').length, 0) === ${count}
  })()`),
  )
}

/** Inside the map, clear of the zoom buttons (top left) and the attribution (bottom right). */
const clearOfControls = ({ x, y }: { x: number; y: number }, box: { width: number; height: number }) =>
  x > 70 && y > 120 && x < box.width - 30 && y < box.height - 50

/**
 * The map in the middle of the screen, its view standing still: where the markers are is read then, since a tap
 * during a move lands beside its marker and one under the top bar never reaches the map.
 */
async function mapInView(page: Page): Promise<void> {
  await page.evaluate(`document.querySelector('.service-map .ol-viewport').scrollIntoView({ block: 'center' })`)
  await waitUntil(() => page.evaluate<boolean>(`!${OL_MAP}.getView().getAnimating()`))
}

/** Of the given services, one drawn as its own marker (not in a cluster), farthest from every other marker. */
async function loneMarker(page: Page, candidates: Service[]) {
  const box = await page.locator('.service-map .ol-viewport').boundingBox()
  if (!box) throw new Error('the map is not rendered')
  const drawn = await drawnMarkers(page)
  const distance = (a: DrawnMarker, b: DrawnMarker) => Math.hypot(a.x - b.x, a.y - b.y)
  return drawn
    .filter((marker) => marker.size === 1 && marker.open && clearOfControls(marker, box))
    .map((marker) => ({
      ...marker,
      service: candidates.find((service) => service.service_id === marker.ids[0]),
      room: Math.min(Infinity, ...drawn.filter((other) => other !== marker).map((other) => distance(marker, other))),
    }))
    .filter((marker) => marker.service !== undefined)
    .sort((a, b) => b.room - a.room)
    .map(({ service, x, y }) => ({ service: service!, x, y }))[0]
}

async function waitForMap(page: Page) {
  await page.locator('.service-map .ol-viewport canvas').first().waitFor()
  // Markers are drawn once the services are in: the keyboard list appears with them.
  await page.getByText(/^Services on the map \(\d+\)$/).waitFor()
}

t.test('a visitor finds, filters and opens cyclist-friendly services', async (t) => {
  t.ok(services.length > 0, `the fresh database has sample services (${services.length})`)
  const { page, pageErrors } = await openContext(t, browser)
  const loaded: string[] = []
  page.on('request', (request) => loaded.push(request.url()))

  await page.goto(`${baseUrl}/login`)
  await page.getByRole('link', { name: 'Continue without logging in' }).click()
  const mapTab = page.getByRole('tab', { name: 'Service map' })
  await mapTab.waitFor()
  t.equal(await mapTab.getAttribute('aria-selected'), 'true', 'a visitor lands on the service map')
  await waitForMap(page)
  t.equal(await zoomOf(page), 5, 'the contract: without a position, the map opens at zoom 5')
  t.ok(await page.getByText(`Services on the map (${services.length})`).isVisible(), 'every service is on the map')
  t.ok(
    loaded.some((url) => /\/assets\/ServiceMap-/.test(url)),
    'the map code came as its own chunk',
  )
  t.ok(await tiles.requested(), 'tiles come from the configured tile server')

  // Touch targets: the zoom buttons are 44 px.
  for (const name of ['.ol-zoom-in', '.ol-zoom-out']) {
    const box = await page.locator(name).boundingBox()
    t.ok(box && box.width >= 44 && box.height >= 44, `${name} is a 44 px touch target (${box?.width}x${box?.height})`)
  }
  const mapBox = await page.locator('.service-map').boundingBox()
  t.ok(mapBox && mapBox.height >= 300, `the map is at least 300 px high (${mapBox?.height})`)
  const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')
  t.notOk(overflow, 'nothing overflows a 360 px screen sideways')
  await screenshot(page, 'service-map')

  // Filter: the dropdown offers the SPEC's six categories (plus all), and the map shows only the chosen one.
  const filter = page.getByRole('combobox', { name: 'Category' })
  const options = await filter
    .locator('option')
    .evaluateAll((list) => list.map((option) => (option as { value: string }).value))
  t.same(options, ['all', 'accommodation', 'attraction', 'restaurant', 'shop', 'rental_service', 'transportation'])
  const category = (
    ['accommodation', 'restaurant', 'shop', 'attraction', 'rental_service', 'transportation'] as const
  ).find((candidate) => services.some((service) => service.category === candidate))
  if (!category) throw new Error('the sample data has none of the six filter categories')
  const chosen = services.filter((service) => service.category === category)
  await filter.selectOption(category)
  await page.getByText(`Services on the map (${chosen.length})`).waitFor()
  t.pass(`filtering by ${category} leaves ${chosen.length} of ${services.length}`)

  // A click on a marker opens its service.
  const viewport = page.locator('.service-map .ol-viewport')
  await waitForMarkers(page, chosen.length)
  await mapInView(page)
  const target = await loneMarker(page, chosen)
  if (!target) throw new Error(`no ${category} marker inside the default view`)
  await viewport.click({ position: { x: target.x, y: target.y } })
  const dialog = page.getByRole('dialog', { name: nameOf(target.service) })
  await dialog.waitFor()
  t.pass(`the marker of ${nameOf(target.service)} opens its detail`)
  t.ok(
    await dialog.getByText(/^(Bike rental|Accommodation|Restaurant or café|Attraction|Shop|Transport)$/).isVisible(),
    'category shown',
  )
  if (target.service.phone) t.equal(await dialog.locator('a[href^="tel:"]').count(), 1, 'phone as a call link')
  await screenshot(page, 'service-detail')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'hidden' })

  // A long description is shortened to 300 characters, and expands (opened from the keyboard list).
  await filter.selectOption('all')
  const long = services.find(
    (service) => (pickLocalization(service.localizations, 'en')?.description ?? '').length > 300,
  )
  if (!long) {
    t.fail('the sample data has no description over 300 characters: show more cannot be tested')
  } else {
    const description = pickLocalization(long.localizations, 'en')!.description!
    await page.getByText(/^Services on the map/).click()
    await page
      .getByRole('button', { name: nameOf(long), exact: true })
      .first()
      .click()
    const detail = page.getByRole('dialog', { name: nameOf(long) })
    const more = detail.getByRole('button', { name: 'Show more' })
    await more.waitFor()
    const shortText = (await detail.locator('.service-detail__description p').textContent()) ?? ''
    t.equal(Array.from(shortText).length, 301, 'shortened to 300 characters and an ellipsis')
    t.ok(shortText.endsWith('…'))
    await more.click()
    t.equal(await detail.locator('.service-detail__description p').textContent(), description, 'show more shows it all')
    await detail.getByRole('button', { name: 'Show less' }).click()
    t.equal(await detail.locator('.service-detail__description p').textContent(), shortText, 'show less shortens again')
    if (long.certified) t.ok(await detail.getByText('Certified cyclist-friendly').isVisible(), 'certificate shown')
    await screenshot(page, 'service-detail-long')
    await detail.getByRole('button', { name: 'Close' }).click()
  }

  const certified = services.find((service) => service.certified)
  if (certified) {
    await page
      .getByRole('button', { name: nameOf(certified), exact: true })
      .first()
      .click()
    const detail = page.getByRole('dialog', { name: nameOf(certified) })
    t.ok(await detail.getByRole('img', { name: 'Certified cyclist-friendly' }).isVisible(), 'certificate icon')
    await detail.getByRole('button', { name: 'Close' }).click()
  }

  t.equal(await page.getByText('The map service refused the API key').count(), 0, 'no AuthFailure with working tiles')
  // Logos may come from hosts the CSP does not allow; the modal hides a logo that fails, so only those are expected.
  t.same(
    pageErrors.filter((error) => !/img-src|Failed to load resource/.test(error)),
    [],
    'no errors in the page',
  )
})

t.test('tiles answering 401 show the AuthFailure panel, and the map stays usable', async (t) => {
  const { page } = await openContext(t, browser)
  await page.goto(`${refused.baseUrl}/`)
  const panel = page.getByRole('alert').filter({ hasText: 'The map service refused the API key' })
  await panel.waitFor()
  t.ok(await refusingTiles.requested(), 'the tiles were asked for')
  t.ok(
    await panel
      .getByText(/API key/)
      .first()
      .isVisible(),
    'the panel is about the API key',
  )
  await waitForMap(page)
  t.equal(await page.getByText('Map tiles could not be loaded').count(), 0, 'a refused key is not also a tile failure')
  await screenshot(page, 'service-map-auth-failure')

  // Clusters zoom in until a service has a marker of its own, which opens it.
  const viewport = page.locator('.service-map .ol-viewport')
  const box = await viewport.boundingBox()
  if (!box) throw new Error('the map is not rendered')
  await waitForMarkers(page, services.length)
  for (let taps = 0; ; taps++) {
    await mapInView(page)
    const target = await loneMarker(page, services)
    if (target) {
      await viewport.click({ position: { x: target.x, y: target.y } })
      await page.getByRole('dialog', { name: nameOf(target.service) }).waitFor()
      break
    }
    const cluster = (await drawnMarkers(page)).find((marker) => marker.open && clearOfControls(marker, box))
    if (!cluster || taps === 5) throw new Error('no marker inside the view')
    const zoom = await zoomOf(page)
    await viewport.click({ position: { x: cluster.x, y: cluster.y } })
    await waitUntil(() =>
      page.evaluate<boolean>(`${OL_MAP}.getView().getZoom() > ${zoom} && !${OL_MAP}.getView().getAnimating()`),
    )
    await waitForMarkers(page, services.length)
  }
  t.pass('a marker still opens its service without tiles')
})

// Far in the north, at zoom 10 (about 20 km across), no sample service is in view.
const UTSJOKI = { latitude: 69.908, longitude: 27.028 }

for (const colorScheme of ['light', 'dark'] as const) {
  t.test(`a map without tiles or without services in view says so and offers a way on (${colorScheme})`, async (t) => {
    const { context, page } = await openContext(t, browser, {
      colorScheme,
      geolocation: UTSJOKI,
      permissions: ['geolocation'],
    })
    // Every tile fails, as offline without cached tiles or with the tile service down.
    await context.route(`${new URL(tiles.tileUrl).origin}/**`, (route) => route.abort('internetdisconnected'))
    await page.goto(`${baseUrl}/`)
    await waitForMap(page)
    const tilesNotice = page.getByRole('status').filter({ hasText: 'Map tiles could not be loaded' })
    await tilesNotice.waitFor()
    const nothingInView = page.getByRole('status').filter({ hasText: 'No services in this area.' })
    await nothingInView.waitFor()
    t.equal(await page.getByText('The map service refused the API key').count(), 0, 'not taken for a refused key')
    await expectNoSeriousViolations(t, page, 'the map with its notices')
    await screenshot(page, `service-map-no-tiles-nothing-in-view-${colorScheme}`)

    const zoomOut = nothingInView.getByRole('button', { name: 'Zoom out' })
    const box = await zoomOut.boundingBox()
    t.ok(box && box.height >= 44 && box.width >= 44, 'the zoom-out button is a 44 px target')
    await zoomOut.click()
    await nothingInView.waitFor({ state: 'detached' })
    const inView = await page.evaluate<number>(`(() => {
      const map = ${OL_MAP}
      const extent = map.getView().calculateExtent(map.getSize())
      const layer = map.getAllLayers().find((candidate) => candidate.get('name') === 'services')
      return layer.getSource().getSource().getFeatures().filter((feature) => {
        const [x, y] = feature.getGeometry().getCoordinates()
        return x >= extent[0] && x <= extent[2] && y >= extent[1] && y <= extent[3]
      }).length
    })()`)
    t.ok(inView > 0, `after zooming out, services are in view (${inView})`)

    await context.unroute(`${new URL(tiles.tileUrl).origin}/**`)
    await page.evaluate(`${OL_MAP}.getAllLayers()[0].getSource().refresh()`)
    await tilesNotice.waitFor({ state: 'detached' })
    t.pass('tiles that load again clear the notice')
    await page
      .getByRole('button', { name: /^Services on the map/ })
      .or(page.getByText(/^Services on the map/))
      .first()
      .click()
    t.ok(await page.locator('.service-list ul li').first().isVisible(), 'the list stays usable')
  })
}

// The phone's position in the tests of clustering: the middle of Helsinki, where the sample services crowd.
const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }

for (const colorScheme of ['light', 'dark'] as const) {
  t.test(`over Helsinki, close markers are clusters with a count, and a tap zooms in (${colorScheme})`, async (t) => {
    const { page, pageErrors } = await openContext(t, browser, {
      colorScheme,
      geolocation: HELSINKI,
      permissions: ['geolocation'],
    })
    await page.goto(`${baseUrl}/`)
    await waitForMap(page)
    // docs/product.md#service-map: zoom 10 on the user's position.
    await waitUntil(() => page.evaluate<boolean>(`${OL_MAP}.getView().getZoom() === 10`))
    await waitForMarkers(page, services.length)
    const before = await drawnMarkers(page)
    const clusters = before.filter((marker) => marker.size > 1)
    t.ok(clusters.length > 0, `close markers are drawn as clusters (${clusters.map((c) => c.size).join(', ')})`)
    t.same(
      before.flatMap((marker) => marker.ids).sort((a, b) => a - b),
      services.map((service) => service.service_id).sort((a, b) => a - b),
      'every service is in exactly one marker',
    )
    t.ok(before.length < services.length, `fewer markers (${before.length}) than services (${services.length})`)
    await screenshot(page, `service-map-clusters-${colorScheme}`, { fullPage: true })

    // The user's dot is drawn above the markers: the topmost canvas shows its blue at its centre.
    const dotColour = await page.evaluate<number[]>(`(() => {
      const map = ${OL_MAP}
      const [x, y] = map.getPixelFromCoordinate(map.getView().getCenter())
      const canvases = [...document.querySelectorAll('.service-map .ol-layers canvas')]
      const top = canvases[canvases.length - 1]
      const ratio = top.width / top.getBoundingClientRect().width
      return [...top.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data]
    })()`)
    t.same(dotColour, [0x0b, 0x57, 0xb0, 255], 'the own position is drawn on top, in its own colour')

    // A tap on the biggest cluster clear of the zoom buttons and the attribution zooms in to fit its services.
    const box = await page.locator('.service-map .ol-viewport').boundingBox()
    if (!box) throw new Error('the map is not rendered')
    const target = clusters.filter((cluster) => clearOfControls(cluster, box)).sort((a, b) => b.size - a.size)[0]
    if (!target) throw new Error('no cluster inside the default view')
    await page.locator('.service-map .ol-viewport').click({ position: { x: target.x, y: target.y } })
    await waitUntil(() =>
      page.evaluate<boolean>(`${OL_MAP}.getView().getZoom() > 10 && !${OL_MAP}.getView().getAnimating()`),
    )
    t.ok((await zoomOf(page)) > 10, `the tap on a cluster of ${target.size} zoomed in to ${await zoomOf(page)}`)
    t.equal(await page.getByRole('dialog').count(), 0, 'a cluster opens no service')
    await waitUntil(() =>
      page.evaluate<boolean>(`(() => {
      const layer = ${OL_MAP}.getAllLayers().find((candidate) => candidate.get('name') === 'services')
      return layer.getSource().getFeatures().length > ${before.length}
    })()`),
    )
    t.pass('the cluster came apart into more markers')
    await screenshot(page, `service-map-cluster-zoomed-${colorScheme}`, { fullPage: true })

    // The category dropdown is a normal field, not a read-only one (Form.css's rule for read-only inputs).
    const filter = page.getByRole('combobox', { name: 'Category' })
    t.equal(await styleOf(page, '#service-filter', 'borderTopStyle'), 'solid', 'the dropdown has a solid border')

    // The services list's toggle looks and acts like a control: a bordered 44 px row with a chevron, a focus ring.
    const SUMMARY = '.service-list summary'
    const summary = page.locator(SUMMARY)
    const summaryBox = await summary.boundingBox()
    t.ok(summaryBox && summaryBox.height >= 44, `the list toggle is a 44 px target (${summaryBox?.height})`)
    t.equal(await summary.locator('.service-list__chevron').count(), 1, 'with a chevron')
    t.not(await styleOf(page, SUMMARY, 'borderTopStyle'), 'none', 'with a border')
    await filter.focus()
    for (
      let step = 0;
      step < 15 && !(await page.evaluate<boolean>(`document.activeElement === document.querySelector('${SUMMARY}')`));
      step++
    ) {
      await page.keyboard.press('Tab')
    }
    t.ok(
      await page.evaluate<boolean>(`document.querySelector('${SUMMARY}').matches(':focus-visible')`),
      'Tab reaches the list toggle',
    )
    t.not(await styleOf(page, SUMMARY, 'outlineStyle'), 'none', 'with a focus ring')
    await page.keyboard.press('Enter')
    await page.locator('.service-list[open]').waitFor()
    t.pass('Enter opens the list')
    await screenshot(page, `service-map-list-open-${colorScheme}`, { fullPage: true })
    await expectNoSeriousViolations(t, page, `service map with clusters (${colorScheme})`)
    t.same(pageErrors, [], 'no errors in the page')
  })
}
