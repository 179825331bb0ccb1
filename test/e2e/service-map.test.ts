import type { Locator, Page } from 'playwright-core'
import t from 'tap'
import type { Service } from '../../web/src/api/services.ts'
import { pickLocalization } from '../../web/src/services/services.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'
import { startTileServer } from './tile-server.ts'

checkPrerequisites()

const tiles = await startTileServer(t)
const refusingTiles = await startTileServer(t, { status: 401 })
const browser = await launchBrowser(t)
const { baseUrl } = await startServer(t, { TILE_URL: tiles.tileUrl })
const refused = await startServer(t, { TILE_URL: refusingTiles.tileUrl })

const services = (await (await fetch(`${baseUrl}/api/services`)).json()) as Service[]
const nameOf = (service: Service) => pickLocalization(service.localizations, 'en')?.name ?? ''

// SPEC 9's default view for a visitor without a position: zoom 5 centred on 63.92, 25.75, in Web Mercator.
const EARTH_RADIUS_M = 6378137
const mercator = (latitude: number, longitude: number) => ({
  x: (EARTH_RADIUS_M * longitude * Math.PI) / 180,
  y: EARTH_RADIUS_M * Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360)),
})
const ZOOM_5_RESOLUTION = (2 * Math.PI * EARTH_RADIUS_M) / 256 / 2 ** 5

/** Where a service's marker is drawn in the map's viewport at the default view. */
async function pixelOf(
  viewport: Locator,
  service: Service,
): Promise<{ x: number; y: number; box: { width: number; height: number } }> {
  const box = await viewport.boundingBox()
  if (!box) throw new Error('the map is not rendered')
  const centre = mercator(63.92, 25.75)
  const point = mercator(service.latitude, service.longitude)
  return {
    x: box.width / 2 + (point.x - centre.x) / ZOOM_5_RESOLUTION,
    y: box.height / 2 - (point.y - centre.y) / ZOOM_5_RESOLUTION,
    box,
  }
}

/** Of the given services, the one whose marker is farthest from every other marker and well inside the map. */
async function loneMarker(viewport: Locator, candidates: Service[]) {
  const placed = await Promise.all(
    candidates.map(async (service) => ({ service, ...(await pixelOf(viewport, service)) })),
  )
  const inside = placed.filter(
    ({ x, y, box }) => x > 70 && y > 120 && x < box.width - 30 && y < box.height - 50, // clear of zoom buttons and attribution
  )
  const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y)
  const scored = inside.map((one) => ({
    ...one,
    room: Math.min(Infinity, ...placed.filter((other) => other !== one).map((other) => distance(one, other))),
  }))
  scored.sort((a, b) => b.room - a.room)
  return scored[0]
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
  t.ok(await page.getByText(`Services on the map (${services.length})`).isVisible(), 'every service is on the map')
  t.ok(
    loaded.some((url) => url.includes('/assets/ServiceMap')),
    'the map code came as its own chunk',
  )
  t.ok(tiles.requests() > 0, 'tiles come from the configured tile server')

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
  const target = await loneMarker(viewport, chosen)
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
  t.ok(refusingTiles.requests() > 0, 'the tiles were asked for')
  t.ok(
    await panel
      .getByText(/API key/)
      .first()
      .isVisible(),
    'the panel is about the API key',
  )
  await waitForMap(page)
  await screenshot(page, 'service-map-auth-failure')

  const viewport = page.locator('.service-map .ol-viewport')
  const target = await loneMarker(viewport, services)
  if (!target) throw new Error('no marker inside the default view')
  await viewport.click({ position: { x: target.x, y: target.y } })
  await page.getByRole('dialog', { name: nameOf(target.service) }).waitFor()
  t.pass('a marker still opens its service without tiles')
})
