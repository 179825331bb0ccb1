import type { Page } from 'playwright-core'
import t from 'tap'
import { buildBasemap } from '../../scripts/build-basemap.ts'
import { areaTiles } from '../../server/tiles/area.ts'
import { waitUntil } from '../wait.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { waitForBasemap } from './basemap-pixels.ts'
import {
  checkPrerequisites,
  launchBrowser,
  openContext,
  screenshot,
  shootBoth,
  startServer,
  waitForOfflineReady,
} from './browser.ts'

/**
 * "Keep the map of this area on this phone" (docs/pwa.md, "The kept map"): Settings → Map stores the basemap's tiles
 * around the user in the cache the service worker answers tiles from first; offline, with nothing else kept, the map
 * still draws (read on the canvas's pixels) and says "Offline map". A visitor's area: 30 km around the browser's
 * position; the embedded basemap goes to zoom 10.
 */
checkPrerequisites()
buildBasemap()

const browser = await launchBrowser(t, { serviceWorker: true })
const server = await startServer(t, { TILE_URL: '' })
const { baseUrl } = server
const HELSINKI = { latitude: 60.17, longitude: 24.94 }
const PHONE = { width: 390, height: 844 }
const KEEP = 'Keep the map of this area on this phone'

const keptUrls = (page: Page) =>
  page.evaluate<string[]>(
    `caches.has('map-area').then((has) => has ? caches.open('map-area').then((c) => c.keys()).then((k) => k.map((r) => r.url)) : [])`,
  )

async function openMapSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await dialog.getByRole('button', { name: /^Map/ }).click()
  return dialog
}

t.test('kept, then offline with nothing else kept: the map draws from it and says "Offline map"', async (t) => {
  const { context, page, pageErrors } = await openContext(t, browser, {
    geolocation: HELSINKI,
    permissions: ['geolocation'],
    viewport: PHONE,
  })
  await page.goto(`${baseUrl}/`)
  await waitForBasemap(page)
  await waitForOfflineReady(page)
  // What the page shows of the progress, as it changes: a download of 35 tiles is over before a test could look.
  await page.evaluate(`(() => {
    window.progressSeen = []
    new MutationObserver(() => {
      const amount = document.querySelector('.kept-map__amount')?.textContent
      const bar = document.querySelector('progress.kept-map__bar')
      if (amount && window.progressSeen.at(-1) !== amount) window.progressSeen.push(amount)
      if (bar && bar.max > 1) window.progressMax = bar.max
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })()`)

  const dialog = await openMapSettings(page)
  await dialog.getByText('The map within 30 km of your location is stored on this phone').waitFor()
  const keep = dialog.getByRole('button', { name: KEEP, exact: true })
  const box = await keep.boundingBox()
  t.ok(box && box.height >= 44, `the button is a touch target of ${box?.height} px`)

  // Held at the first tiles: the progress against the estimate, and Cancel, which leaves nothing kept.
  const held: Array<() => Promise<void>> = []
  await context.route(/\/tiles\/\d+\/\d+\/\d+\.mvt\?.*keeping=1/, (route) => {
    held.push(() => route.continue().catch(() => undefined))
  })
  await keep.click()
  await dialog.getByText(/^0 of \d+ kB$/).waitFor()
  await waitUntil(() => held.length > 0)
  t.ok(await dialog.getByRole('progressbar', { name: 'Storing the map' }).isVisible(), 'a progress bar')
  await shootBoth(t, page, 'settings-map-storing')
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
  await keep.waitFor()
  t.same(await keptUrls(page), [], 'cancelled: nothing kept')
  await context.unroute(/\/tiles\/\d+\/\d+\/\d+\.mvt\?.*keeping=1/)
  await Promise.all(held.map((release) => release()))

  await keep.click()
  const done = dialog.getByText(/^The map of this area is on this phone \(\d+ kB, \d+ [A-Z][a-z]{2}\)$/)
  await done.waitFor()

  const area = (await (
    await page.request.get(`${baseUrl}/tiles/area?latitude=60.17&longitude=24.94&radius=30`)
  ).json()) as { tiles: number; bytes: number; maxZoom: number }
  const expected = areaTiles(HELSINKI, 30, 0, area.maxZoom)
  t.equal(area.maxZoom, 10, 'the embedded basemap: zoom 0 to 10')
  t.equal(area.tiles, expected.length, 'the server sizes the same tiles')
  const kept = await keptUrls(page)
  t.equal(kept.length, expected.length, `${kept.length} tiles kept, every tile of the area`)
  t.ok(
    kept.every((url) => /\/tiles\/\d+\/\d+\/\d+\.mvt\?v=[0-9a-f]+$/.test(url)),
    'under the URLs the map asks for',
  )
  const seen = await page.evaluate<string[]>('window.progressSeen')
  const total = `${Math.round(area.bytes / 1000)} kB`
  t.ok(seen.length > 0, `progress shown: ${seen.join(', ')}`)
  t.ok(
    seen.every((text) => text.endsWith(` of ${total}`)),
    `against the size estimated before the start (${total})`,
  )
  t.equal(await page.evaluate<number>('window.progressMax'), area.bytes, 'the bar’s end is the estimate')
  t.match(await done.innerText(), `(${total},`, 'the size stored is the size estimated')
  for (const name of ['Update', 'Remove']) {
    const target = await dialog.getByRole('button', { name, exact: true }).boundingBox()
    t.ok(target && target.height >= 44 && target.width >= 44, `${name}: a touch target (${target?.height} px)`)
  }
  // Update: the area again, the same tiles, a new record.
  const keptAt = () => page.evaluate<number>(`JSON.parse(localStorage.getItem('keptMap')).keptAt`)
  const before = await keptAt()
  await dialog.getByRole('button', { name: 'Update', exact: true }).click()
  await waitUntil(async () => (await keptAt()) > before)
  await done.waitFor()
  t.equal((await keptUrls(page)).length, expected.length, 'updated: the same tiles, each once')

  // The browser may evict it (persist() is refused to a site that is not installed): the section says so.
  await dialog.getByText(/may delete the stored map/).waitFor()
  await dialog.getByRole('heading', { name: /^Map/ }).scrollIntoViewIfNeeded()
  await shootBoth(t, page, 'settings-map-kept')

  // Offline, with the tiles the map saw online thrown away: only the kept area can draw.
  await page.evaluate(`caches.delete('map-tiles')`)
  await context.setOffline(true)
  await page.reload()
  const drawn = await waitForBasemap(page, ({ landShare }) => landShare > 0.05)
  t.pass(`offline: land ${(drawn.landShare * 100).toFixed(0)} %, sea ${(drawn.waterShare * 100).toFixed(0)} %`)
  const badge = page.locator('.map-frame').getByRole('status').filter({ hasText: 'Offline map' })
  await badge.waitFor()
  const [badgeBox, mapBox] = [await badge.boundingBox(), await page.locator('.service-map').boundingBox()]
  t.ok(
    badgeBox && mapBox && badgeBox.y < mapBox.y + 40 && badgeBox.x + badgeBox.width > mapBox.x + mapBox.width - 40,
    'in the top right corner of the map',
  )
  await screenshot(page, 'offline-map')
  await context.setOffline(false)
  await waitUntil(() => page.evaluate<boolean>('navigator.onLine'))
  await badge.waitFor({ state: 'detached' })

  // Remove: the tiles and the record go; the button is back.
  const again = await openMapSettings(page)
  await again.getByRole('button', { name: 'Remove', exact: true }).click()
  await again.getByRole('button', { name: KEEP, exact: true }).waitFor()
  t.same(await keptUrls(page), [], 'nothing kept')
  t.equal(await page.evaluate<string | null>(`localStorage.getItem('keptMap')`), null)
  await shootBoth(t, page, 'settings-map')
  t.same(
    pageErrors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error)),
    [],
    'no error but the offline fetches of live data',
  )
})

t.test('without a location the button says it needs one, and keeps nothing', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { viewport: PHONE })
  await page.goto(`${baseUrl}/`)
  const dialog = await openMapSettings(page)
  await dialog.getByRole('button', { name: KEEP, exact: true }).click()
  await dialog.getByRole('alert').getByText('Storing the map needs your location.', { exact: false }).waitFor()
  t.same(await keptUrls(page), [])
  t.same(
    pageErrors.filter((error) => !/Browser position unavailable/.test(error)),
    [],
  )
})

t.test('a logged-in user keeps the area of their own radius', async (t) => {
  // Registered with a radius of 10 km (test/register-user.ts).
  const user: TestUser = { username: 'Kartta', phone: '040 555 0041', e164: '+358405550041', password: 'polkupyora' }
  await createUser(server, user)
  const { page, pageErrors } = await openContext(t, browser, {
    geolocation: HELSINKI,
    permissions: ['geolocation'],
    viewport: PHONE,
  })
  await logIn(page, baseUrl, user.username, user.password)
  const dialog = await openMapSettings(page)
  await dialog.getByText('The map within 10 km of your location is stored on this phone').waitFor()
  await dialog.getByRole('button', { name: KEEP, exact: true }).click()
  await dialog.getByText(/^The map of this area is on this phone/).waitFor()
  t.equal((await keptUrls(page)).length, areaTiles(HELSINKI, 10, 0, 10).length, 'the tiles of 10 km')
  t.same(pageErrors, [])
})
