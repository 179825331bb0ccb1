import type { BrowserContext } from 'playwright-core'
import t from 'tap'
import { buildBasemap } from '../../scripts/build-basemap.ts'
import { waitForBasemap, type Drawn } from './basemap-pixels.ts'
import {
  checkPrerequisites,
  launchBrowser,
  openContext,
  screenshot,
  startServer,
  waitForOfflineReady,
} from './browser.ts'

/**
 * The map of our own (docs/adr/0023-a-map-of-our-own.md): with no TILE_URL the service map draws the server's embedded
 * basemap from /tiles/, with every outside host blocked, in the app's light and dark colours; and once seen, it draws
 * again offline from the service worker's tile cache. Checked on the canvas's pixels: land and sea must be there.
 */
checkPrerequisites()
buildBasemap()

const browser = await launchBrowser(t, { serviceWorker: true })
const { baseUrl } = await startServer(t, { TILE_URL: '' })

/** Aborts every request that leaves the server's origin; the list of those that tried. */
async function blockOutsideHosts(context: BrowserContext): Promise<string[]> {
  const outside: string[] = []
  await context.route(
    (url) => url.origin !== baseUrl,
    (route) => {
      outside.push(route.request().url())
      return route.abort('blockedbyclient')
    },
  )
  return outside
}

const palettes: Record<string, Drawn> = {}

for (const colorScheme of ['light', 'dark'] as const) {
  t.test(`the service map draws the server’s own basemap, nothing from outside (${colorScheme})`, async (t) => {
    const { context, page, pageErrors } = await openContext(t, browser, { colorScheme })
    const outside = await blockOutsideHosts(context)
    const tiles: { url: string; status: number }[] = []
    page.on('response', (response) => {
      if (response.url().includes('/tiles/')) tiles.push({ url: response.url(), status: response.status() })
    })
    await page.goto(`${baseUrl}/`)
    const drawn = await waitForBasemap(page)
    palettes[colorScheme] = drawn
    t.pass(`land ${(drawn.landShare * 100).toFixed(0)} %, sea ${(drawn.waterShare * 100).toFixed(0)} % of the map`)
    t.ok(tiles.length > 0, `${tiles.length} tiles came from the server`)
    t.ok(
      tiles.every(({ url, status }) => url.startsWith(`${baseUrl}/tiles/`) && (status === 200 || status === 204)),
      'every tile from /tiles/, found or empty',
    )
    t.match(await page.locator('.service-map .ol-attribution').innerText(), /Natural Earth/)
    t.same(outside, [], 'no request left the server’s origin')
    t.same(pageErrors, [], 'no console error, no CSP violation')
    await screenshot(page, `basemap-${colorScheme}`)
  })
}

t.test('light and dark draw the land and the sea in their own colours', async (t) => {
  t.not(palettes.light?.land, palettes.dark?.land)
  t.not(palettes.light?.water, palettes.dark?.water)
})

t.test('a map seen once draws offline from the tiles the service worker kept', async (t) => {
  const { context, page, pageErrors } = await openContext(t, browser)
  await blockOutsideHosts(context)
  await page.goto(`${baseUrl}/`)
  await waitForOfflineReady(page)
  // The first load's tiles were fetched before the worker controlled the page: this load's go through it.
  await page.reload()
  await waitForBasemap(page)
  const kept = await page.evaluate<number>(
    `caches.open('map-tiles').then((cache) => cache.keys()).then((k) => k.length)`,
  )
  t.ok(kept > 0, `the worker kept ${kept} tiles`)

  await context.setOffline(true)
  await page.reload()
  const drawn = await waitForBasemap(page)
  t.pass(`offline: land ${(drawn.landShare * 100).toFixed(0)} %, sea ${(drawn.waterShare * 100).toFixed(0)} %`)
  t.equal(await page.getByText('Map tiles could not be loaded').count(), 0, 'no notice of failing tiles')
  await screenshot(page, 'basemap-offline')
  await context.setOffline(false)
  t.same(
    pageErrors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error)),
    [],
    'no error but the offline fetches of live data',
  )
})
