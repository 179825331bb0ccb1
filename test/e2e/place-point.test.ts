import type { Locator, Page } from 'playwright-core'
import t from 'tap'
import postgres from 'postgres'
import { distanceKm } from '../../server/domain/shared/distance.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { waitUntil } from '../wait.ts'
import { atLeastTouchSize } from './helping.ts'
import { olMapNextTo } from './ol-map.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const owner: TestUser = { username: 'Paula', phone: '040 555 0101', e164: '+358405550101', password: 'polkupyora' }
await createUser(server, owner)
// The phone's position, off by a few hundred metres from where the cyclist stands.
const PHONE = { latitude: 60.2, longitude: 24.9 }

const MAP = olMapNextTo('.place-point .single-map')

/** The pixel, inside the map's element, of a point given in map coordinates (page expression for the point). */
async function pixelOf(page: Page, map: Locator, coordinate: string): Promise<{ x: number; y: number }> {
  const [x, y] = await page.evaluate<[number, number]>(`${MAP}.getPixelFromCoordinate(${coordinate})`)
  const box = await map.boundingBox()
  if (!box) throw new Error('the map is not rendered')
  return { x: box.x + x, y: box.y + y }
}

/** The placed point as the map draws it: the picked-point layer's one feature, in longitude and latitude. */
const markerCoordinate = `${MAP}.getAllLayers().find((layer) => layer.getZIndex() === 11).getSource().getFeatures()[0].getGeometry().getCoordinates()`

/** The marker can be picked up where the test will press: drawn at its pixel in the last frame, the view at rest. */
const markerPickable = `(() => {
  const map = ${MAP}
  const pixel = map.getPixelFromCoordinate(${markerCoordinate})
  return pixel !== null && !map.getView().getAnimating() &&
    map.forEachFeatureAtPixel(pixel, () => true, { layerFilter: (layer) => layer.getZIndex() === 11 }) === true
})()`

/**
 * Throws unless a press at the page pixel lands on the map: the raw mouse neither scrolls nor says what it hit, and
 * a press off the screen (or under the dialog's header) would leave the point where it was.
 */
async function onTheMap(page: Page, pixel: { x: number; y: number }, what: string): Promise<void> {
  const hit = await page.evaluate<boolean>(
    `${MAP}.getViewport().contains(document.elementFromPoint(${pixel.x}, ${pixel.y}))`,
  )
  if (!hit) throw new Error(`${what} (${pixel.x}, ${pixel.y}) is not on the map as shown on the screen`)
}

async function storedPoint() {
  const [row] = await sql<{ latitude: number; longitude: number }[]>`
    select latitude, longitude from requests order by request_id desc limit 1`
  return row!
}

for (const colorScheme of ['light', 'dark'] as const) {
  t.test(
    `the owner drags the request's point before sending, and taps a new one when updating (${colorScheme})`,
    async (t) => {
      await sql`delete from requests`
      const { page } = await openContext(t, browser, { geolocation: PHONE, permissions: ['geolocation'], colorScheme })
      await logIn(page, server.baseUrl, owner.username, owner.password)
      await page.getByRole('button', { name: 'Ask for help' }).click()
      const form = page.getByRole('dialog', { name: 'Ask for help' })
      await form.getByRole('radio', { name: 'Bicycle maintenance' }).check()
      await form.getByRole('textbox', { name: 'Description' }).fill('Chain broke by the bridge')
      await form.getByRole('radio', { name: /Exact location/ }).check()

      const adjust = form.getByRole('button', { name: 'Adjust the point on the map' })
      t.equal(await adjust.getAttribute('aria-expanded'), 'false', 'the map is closed until asked for')
      await atLeastTouchSize(t, adjust, 'the adjust button')
      await adjust.click()
      const map = form.locator('.place-point .single-map')
      await map.locator('canvas').first().waitFor()
      await form.getByText('Drag the red point').waitFor()

      // The map opens below the button, and where that is depends on the fonts: with some, below the fold, where a
      // person scrolls before dragging. The raw mouse does not scroll, and a press off the screen misses the point.
      await map.scrollIntoViewIfNeeded()
      await waitUntil(() => page.evaluate<boolean>(markerPickable))

      // Drag the marker 80 px right and 60 px down, with small steps as a finger moves.
      const from = await pixelOf(page, map, markerCoordinate)
      const to = { x: from.x + 80, y: from.y + 60 }
      await onTheMap(page, from, 'the marker')
      await onTheMap(page, to, 'where it is dragged')
      await page.mouse.move(from.x, from.y)
      await page.mouse.down()
      // The press picked the point up (OpenLayers' Translate shows the grabbing hand), rather than panning the map.
      await waitUntil(() => page.evaluate<boolean>(`${MAP}.getViewport().classList.contains('ol-grabbing')`))
      await page.mouse.move(to.x, to.y, { steps: 8 })
      await page.mouse.up()
      const moved = form.getByRole('status').filter({ hasText: /The point is \d+ m from your phone’s position\./ })
      await moved.waitFor()
      const [dragged] = await page.evaluate<[{ latitude: number; longitude: number }]>(`(() => {
      const [x, y] = ${markerCoordinate}
      const r = 6378137
      return [{ longitude: (x / r) * 180 / Math.PI, latitude: (2 * Math.atan(Math.exp(y / r)) - Math.PI / 2) * 180 / Math.PI }]
    })()`)
      const metres = Math.round(distanceKm(PHONE, dragged) * 1000)
      t.ok(metres > 50, `the marker moved with the drag (${metres} m)`)
      t.match(await moved.textContent(), `The point is ${metres} m`, 'the form says how far it moved')
      await expectNoSeriousViolations(t, page, 'new request with the point map')
      await screenshot(page, `place-point-new-request-${colorScheme}`)

      await form.getByRole('button', { name: 'Send request' }).click()
      await form.waitFor({ state: 'hidden' })
      const sent = await storedPoint()
      t.ok(distanceKm(sent, dragged) < 0.005, 'the request is where the point was dragged, not at the phone')

      // Updating the location: a tap on the map places the point, and Update location sends it.
      await page.getByRole('button', { name: /Bicycle maintenance/ }).click()
      const detail = page.getByRole('dialog', { name: 'Bicycle maintenance' })
      await detail.getByRole('button', { name: 'Adjust the point on the map' }).click()
      const detailMap = detail.locator('.place-point .single-map')
      await detailMap.locator('canvas').first().waitFor()
      // The owner's detail is long (progress, nearby services): the map must be on screen to be tapped.
      await detailMap.scrollIntoViewIfNeeded()
      const box = await detailMap.boundingBox()
      if (!box) throw new Error('the map is not rendered')
      await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.3)
      await detail
        .getByRole('status')
        .filter({ hasText: /The point is \d+ m/ })
        .waitFor()
      await detail.getByRole('button', { name: 'Update location' }).click()
      await detail.getByText('Location updated').waitFor()
      const updated = await storedPoint()
      t.ok(distanceKm(updated, sent) > 0.05, 'the tapped point was sent')
      t.ok(distanceKm(updated, PHONE) > 0.05, 'and not the phone’s position')
    },
  )
}
