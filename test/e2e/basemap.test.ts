import type { BrowserContext, Page } from 'playwright-core'
import t from 'tap'
import { buildBasemap } from '../../scripts/build-basemap.ts'
import { waitUntil } from '../wait.ts'
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

const browser = await launchBrowser(t)
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

interface Drawn {
  land: string
  water: string
  /** Shares of the sampled pixels of the basemap's canvas in the land and the water colour. */
  landShare: number
  waterShare: number
}

/** The basemap's colours (map.css) and how much of its canvas is drawn in each: page code as a string. */
const DRAWN = `(() => {
  const pixel = document.createElement('canvas').getContext('2d')
  const color = (token) => {
    const probe = document.createElement('span')
    probe.style.color = 'var(' + token + ')'
    document.body.append(probe)
    pixel.fillStyle = getComputedStyle(probe).color
    probe.remove()
    pixel.fillRect(0, 0, 1, 1)
    return [...pixel.getImageData(0, 0, 1, 1).data.slice(0, 3)]
  }
  const land = color('--map-land')
  const water = color('--map-water')
  const canvas = document.querySelector('.service-map .basemap-layer canvas')
  if (!canvas || canvas.width === 0) return { land: String(land), water: String(water), landShare: 0, waterShare: 0 }
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height)
  // The sea is the layer's background (OpenLayers paints it on the layer's element), seen where nothing is drawn.
  const background = getComputedStyle(canvas.parentElement).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)
  const seaBehind = background.every((value, c) => Math.abs(value - water[c]) <= 1)
  const near = (i, rgb) => data[i + 3] === 255 && rgb.every((value, c) => Math.abs(data[i + c] - value) <= 4)
  let samples = 0, onLand = 0, onWater = 0
  for (let i = 0; i < data.length; i += 4 * 7) {
    samples += 1
    if (near(i, land)) onLand += 1
    else if (near(i, water) || (seaBehind && data[i + 3] === 0)) onWater += 1
  }
  return { land: String(land), water: String(water), landShare: onLand / samples, waterShare: onWater / samples }
})()`

/** Waits until the basemap shows Finland at the visitor's zoom 5: a good part land, a good part sea. */
async function waitForBasemap(page: Page): Promise<Drawn> {
  await page.locator('.service-map .ol-viewport canvas').first().waitFor()
  let drawn: Drawn | undefined
  await waitUntil(async () => {
    drawn = await page.evaluate<Drawn>(DRAWN)
    return drawn.landShare > 0.2 && drawn.waterShare > 0.1
  })
  return drawn!
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
