import type { Page } from 'playwright-core'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import type { HelpRequest } from '../../web/src/features/requests/api.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, eventStreamReady, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { waitUntil } from '../wait.ts'
import { olMapNextTo } from './ol-map.ts'

checkPrerequisites()
// Dashboards opened by logging in as a person does: 125-150 s on a busy 2-core machine when each of the nine tests
// opened its own, so the project's 180 s per file could run out when other builds share the cores.
t.setTimeout(300_000)

const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const admin: TestUser = { username: 'Valvoja', phone: '050 555 0101', e164: '+358505550101', password: 'valvoja12' }
const asker: TestUser = { username: 'Aino', phone: '050 555 0102', e164: '+358505550102', password: 'polkija12' }
const helper: TestUser = { username: 'Hemmo', phone: '050 555 0103', e164: '+358505550103', password: 'auttaja12' }
for (const user of [admin, asker, helper]) await createUser(server, user)
// The admin is far north with a 10 km radius: only being an admin brings Helsinki's requests to the dashboard live.
await sql`
  update users set is_admin = true, latitude = 66.5, longitude = 25.73, radius = 10
  where user_name = ${admin.username}`

/** What the other users do, through the API with their own tokens, as their apps would. */
async function tokenOf(user: TestUser): Promise<string> {
  const answer = await call<{ token: string }>(null, 'POST', '/api/user/login', {
    identifier: user.username,
    password: user.password,
  })
  return answer.token
}

async function call<T>(token: string | null, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as T & { message?: string }
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${answer.message}`)
  return answer
}

const adminToken = await tokenOf(admin)
const askerToken = await tokenOf(asker)
const helperToken = await tokenOf(helper)

const KALLIO = { latitude: 60.1841, longitude: 24.9501 }
const TAMPERE = { latitude: 61.4978, longitude: 23.761 }
/** The status tokens of the light theme (styles/tokens.css), as the canvas draws them. */
const RED = [0xc6, 0x28, 0x28, 255]
const YELLOW = [0xf2, 0xc2, 0x00, 255]
const GREEN = [0x2e, 0x7d, 0x32, 255]
/** The dark theme's completed green. */
const DARK_GREEN = [0x5f, 0xd0, 0x68, 255]

const MAP = olMapNextTo('.live-map')

/** Where request `id`'s marker is in the map's viewport (CSS pixels), or null while it is not on the map. */
const markerPixel = (id: number) => `(() => {
  const map = ${MAP}
  const layer = map.getAllLayers().find((candidate) => candidate.get('name') === 'admin-requests')
  const marker = layer.getSource().getFeatures()
    .find((feature) => feature.get('request_id') === ${id} && feature.get('kind') === 'marker')
  return marker ? map.getPixelFromCoordinate(marker.getGeometry().getCoordinates()) : null
})()`

/** The colour really drawn at the centre of request `id`'s marker: the topmost layer canvas's pixel there. */
const markerColour = (id: number) => `(() => {
  const pixel = ${markerPixel(id)}
  if (!pixel) return null
  const canvases = [...document.querySelectorAll('.live-map .ol-layers canvas')]
  const top = canvases[canvases.length - 1]
  const ratio = top.width / top.getBoundingClientRect().width
  return [...top.getContext('2d').getImageData(Math.round(pixel[0] * ratio), Math.round(pixel[1] * ratio), 1, 1).data]
})()`

/** Waits until request `id`'s marker is drawn in `colour`, then answers the colour drawn there. */
async function waitForMarkerColour(page: Page, id: number, colour: number[]): Promise<number[] | null> {
  await waitUntil(() =>
    page.evaluate<boolean>(`JSON.stringify(${markerColour(id)}) === ${JSON.stringify(JSON.stringify(colour))}`),
  )
  return page.evaluate<number[] | null>(markerColour(id))
}

/** The admin on /admin, reached as a person does (settings, then the link), with the event stream ready. */
async function openDashboard(t: Test, width: number) {
  const opened = await openContext(t, browser, { viewport: { width, height: 900 } })
  const ready = eventStreamReady(opened.page)
  await logIn(opened.page, baseUrl, admin.username, admin.password)
  await ready
  await opened.page.getByRole('button', { name: 'Settings' }).click()
  await opened.page.getByRole('link', { name: 'Admin dashboard' }).click()
  await opened.page.waitForURL(`${baseUrl}/admin`)
  await opened.page.evaluate('window.notReloaded = true')
  const live = opened.page.getByRole('region', { name: 'All requests' })
  await live.waitFor()
  await opened.page.locator('.live-map .ol-layers canvas').first().waitFor()
  return { ...opened, live }
}

/**
 * One dashboard for the tests that need no fresh one (opening it, a login and the live map, is most of a test's
 * time): opened by the first that asks, at 1280 px in the light scheme, and closed when the file ends. A test that
 * changes its filters, viewport or media puts them back.
 */
let sharedDashboard: ReturnType<typeof openDashboard> | undefined
const dashboard = () => (sharedDashboard ??= openDashboard(t, 1280))

const rowOf = (page: Page, id: number) => page.locator(`.live-list button[data-request-id="${id}"]`)

/**
 * Counts each highlight of a row as it starts (a `.live-row__flash` added inside it), however briefly it lasts: its
 * two seconds may be over before a busy machine's test reads the row, so the page records them from now on.
 */
async function recordHighlights(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.highlights = []
    const note = (element) => {
      const row = element.closest('[data-request-id]')
      if (row) window.highlights.push(Number(row.dataset.requestId))
    }
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue
          if (node.matches('.live-row__flash')) note(node)
          node.querySelectorAll('.live-row__flash').forEach(note)
        }
      }
    }).observe(document.body, { subtree: true, childList: true })
  })()`)
}

/** Waits until the row of request `id` has been highlighted `times` times since recordHighlights. */
const highlighted = (page: Page, id: number, times: number) =>
  page.waitForFunction(`window.highlights.filter((each) => each === ${id}).length >= ${times}`)

let flatTyre: HelpRequest
let testRequest: HelpRequest
let noLocation: HelpRequest

t.test('a new request appears, and its status changes recolour its row and marker, without a reload', async (t) => {
  const { page, live, pageErrors } = await openDashboard(t, 1280)
  await live.getByText('No requests yet.').waitFor()
  t.ok(await live.getByText('0 requests shown').isVisible(), 'the count says none')
  await recordHighlights(page)

  flatTyre = await call<HelpRequest>(askerToken, 'POST', '/api/requests', {
    category: 'bicycle_maintenance',
    description: 'Ketju katkesi Kalliossa',
    ...KALLIO,
    isApproximate: 0,
  })
  const row = rowOf(page, flatTyre.request_id)
  await row.waitFor()
  t.match(await row.innerText(), /Bicycle maintenance[\s\S]*New[\s\S]*Asked by: Aino/, 'category, status and owner')
  await highlighted(page, flatTyre.request_id, 1)
  t.pass('the row is highlighted')
  await live.getByText('New request: Bicycle maintenance, Aino').waitFor({ state: 'attached' })
  t.equal(
    await live.locator('[aria-live="polite"]').innerText(),
    'New request: Bicycle maintenance, Aino',
    'announced in a polite live region',
  )
  t.ok(await live.getByText('1 request shown').isVisible())
  t.same(await waitForMarkerColour(page, flatTyre.request_id, RED), RED, 'its marker is drawn red')
  await screenshot(page, 'admin-live-new-1280')

  await call(helperToken, 'PUT', `/api/requests/${flatTyre.request_id}/addresponder`, {})
  await row.getByText('In progress').waitFor()
  t.match(await row.innerText(), /Helper: Hemmo/, 'the helper is named')
  await highlighted(page, flatTyre.request_id, 2)
  t.pass('the changed row is highlighted again')
  t.equal(await live.locator('[aria-live="polite"]').innerText(), 'Bicycle maintenance, Aino: now In progress')
  t.same(await waitForMarkerColour(page, flatTyre.request_id, YELLOW), YELLOW, 'its marker turned yellow')

  await call(askerToken, 'PUT', `/api/requests/${flatTyre.request_id}/setready`, { gotHelp: 1 })
  await row.getByText('Completed').waitFor()
  t.same(await waitForMarkerColour(page, flatTyre.request_id, GREEN), GREEN, 'its marker turned green')

  t.ok(await page.evaluate('window.notReloaded === true'), 'the page was never reloaded')
  t.same(pageErrors, [], 'no errors in the page')
})

t.test('filters and orders narrow the list and the map alike', async (t) => {
  testRequest = await call<HelpRequest>(adminToken, 'POST', '/api/requests', {
    category: 'other',
    description: 'Testataan ylläpidon näkymää',
    ...TAMPERE,
    isApproximate: 1,
    isTest: 1,
  })
  noLocation = await call<HelpRequest>(helperToken, 'POST', '/api/requests', {
    category: 'food_and_hydration',
    description: 'Vesi loppui',
    latitude: null,
    longitude: null,
    isApproximate: 0,
  })
  const { page, live, pageErrors } = await openDashboard(t, 1280)
  await rowOf(page, noLocation.request_id).waitFor()
  const shownIds = () =>
    page.evaluate<number[]>(
      `[...document.querySelectorAll('.live-list button')].map((row) => Number(row.dataset.requestId))`,
    )
  const mapIds = () =>
    page.evaluate<number[]>(`(() => {
      const layer = ${MAP}.getAllLayers().find((candidate) => candidate.get('name') === 'admin-requests')
      return [...new Set(layer.getSource().getFeatures().map((feature) => feature.get('request_id')))].sort((a, b) => a - b)
    })()`)

  t.same(await shownIds(), [noLocation.request_id, testRequest.request_id, flatTyre.request_id], 'newest first')
  t.ok(await live.getByText('3 requests shown').isVisible())
  t.same(await mapIds(), [flatTyre.request_id, testRequest.request_id], 'the map has those with a location')
  t.ok(await live.getByText('1 of them has no location and is only in the list.').isVisible())
  t.ok(
    await rowOf(page, testRequest.request_id).getByText('Test request', { exact: true }).isVisible(),
    'the test request is marked in the interface language',
  )
  await screenshot(page, 'admin-live-1280', { fullPage: true })

  await live.getByLabel('Status', { exact: true }).selectOption('completed')
  t.same(await shownIds(), [flatTyre.request_id], 'completed only')
  t.ok(await live.getByText('1 request shown').isVisible())
  t.same(await mapIds(), [flatTyre.request_id], 'the map shows the same set')

  await live.getByLabel('Status', { exact: true }).selectOption('all')
  await live.getByLabel('Test or real').selectOption('test')
  t.same(await shownIds(), [testRequest.request_id], 'test requests only')
  t.same(await mapIds(), [testRequest.request_id])
  await live.getByLabel('Test or real').selectOption('real')
  t.same(await shownIds(), [noLocation.request_id, flatTyre.request_id], 'real requests only')

  await live.getByLabel('Test or real').selectOption('all')
  await live.getByLabel('Category').selectOption('food_and_hydration')
  t.same(await shownIds(), [noLocation.request_id], 'one category')
  t.same(await mapIds(), [], 'nothing with a location to draw')
  await live.getByLabel('Category').selectOption('transportation_need')
  await live.getByText('No requests match these filters.').waitFor()
  t.ok(await live.getByText('0 requests shown').isVisible())

  await live.getByLabel('Category').selectOption('all')
  await sql`update requests set created_at = now() - interval '3 days' where request_id = ${flatTyre.request_id}`
  await page.reload()
  // Every request of the list is on screen before the filter: each row may come with its own render.
  for (const shown of [flatTyre, noLocation, testRequest]) await rowOf(page, shown.request_id).waitFor()
  await live.getByLabel('Created').selectOption('day')
  t.same(await shownIds(), [noLocation.request_id, testRequest.request_id], 'the last 24 hours')
  await live.getByLabel('Created').selectOption('week')
  t.same(await shownIds(), [noLocation.request_id, testRequest.request_id, flatTyre.request_id], 'the last 7 days')

  await live.getByLabel('Order', { exact: true }).selectOption('oldest')
  t.same(await shownIds(), [flatTyre.request_id, testRequest.request_id, noLocation.request_id], 'oldest first')
  await live.getByLabel('Order', { exact: true }).selectOption('status')
  t.same(await shownIds(), [noLocation.request_id, testRequest.request_id, flatTyre.request_id], 'new before completed')

  // The admin moves the map: a new arrival no longer moves it, a new choice of filters fits it again.
  const centre = () => page.evaluate<number[]>(`${MAP}.getView().getCenter()`)
  const viewport = page.locator('.live-map .ol-viewport')
  // The figures above push the map below a 900 px fold, and the raw mouse does not scroll: a drag there would miss.
  await viewport.scrollIntoViewIfNeeded()
  const box = await viewport.boundingBox()
  if (!box) throw new Error('the map is not rendered')
  const before = await centre()
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 8 })
  await page.mouse.up()
  // A drag ends in a short kinetic glide.
  await waitUntil(() => page.evaluate<boolean>(`!${MAP}.getView().getAnimating()`))
  const moved = await centre()
  t.notSame(moved, before, 'the drag moved the map')
  const oulu = await call<HelpRequest>(helperToken, 'POST', '/api/requests', {
    category: 'other',
    description: 'Oulussa',
    latitude: 65.0121,
    longitude: 25.4651,
    isApproximate: 0,
  })
  await rowOf(page, oulu.request_id).waitFor()
  t.same(await centre(), moved, 'a new request leaves the moved map where the admin put it')
  await live.getByLabel('Status', { exact: true }).selectOption('new')
  // The refit may be animated, and on a busy machine may follow a first move of the centre: wait for what it is for,
  // the marker in view with the view at rest.
  const inView = `(() => {
    const pixel = ${markerPixel(oulu.request_id)}
    return !${MAP}.getView().getAnimating() && pixel !== null &&
      pixel[0] > 0 && pixel[0] < ${box.width} && pixel[1] > 0 && pixel[1] < ${box.height}
  })()`
  await waitUntil(() => page.evaluate<boolean>(inView))
  t.notSame(await centre(), moved, 'refitted: the view moved')
  t.ok(await page.evaluate<boolean>(inView), 'refitted: in view')
  t.same(pageErrors, [], 'no errors in the page')
})

t.test('a row or a marker opens the request with its admin actions; closing returns to /admin', async (t) => {
  const { page, live, pageErrors } = await dashboard()
  await rowOf(page, testRequest.request_id).click()
  await page.waitForURL(`${baseUrl}/admin?request=${testRequest.request_id}`)
  const dialog = page.getByRole('dialog', { name: 'Other' })
  await dialog.getByRole('button', { name: 'Mark ready' }).waitFor()
  t.ok(await dialog.getByRole('button', { name: 'Delete request' }).isVisible(), 'the admin may delete it')
  t.ok(await dialog.getByText('Test request', { exact: true }).isVisible(), 'the detail says it is a test')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.waitForURL(`${baseUrl}/admin`)
  t.equal(await page.getByRole('dialog').count(), 0)

  // Only the test request on the map: the view fits its circle, and a click there opens it. The refit starts after
  // the filter's render, and may be animated: wait for the view at rest on the marker (the fit centres it), not
  // only at rest, which it also is just before the refit begins.
  await live.getByLabel('Test or real').selectOption('test')
  await waitUntil(() =>
    page.evaluate<boolean>(`(() => {
      const pixel = ${markerPixel(testRequest.request_id)}
      const [width, height] = ${MAP}.getSize()
      return !${MAP}.getView().getAnimating() && pixel !== null &&
        Math.abs(pixel[0] - width / 2) < width / 10 && Math.abs(pixel[1] - height / 2) < height / 10
    })()`),
  )
  const pixel = await page.evaluate<[number, number]>(markerPixel(testRequest.request_id))
  await page.locator('.live-map .ol-viewport').click({ position: { x: pixel[0], y: pixel[1] } })
  await page.waitForURL(`${baseUrl}/admin?request=${testRequest.request_id}`)
  await dialog.waitFor()
  t.pass('the marker opened the request')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.waitForURL(`${baseUrl}/admin`)
  await live.getByLabel('Test or real').selectOption('all')
  t.same(pageErrors, [], 'no errors in the page')
})

t.test('"New test request" opens the new-request form with the test box ticked', async (t) => {
  const { page, live, pageErrors } = await dashboard()
  await live.getByRole('button', { name: 'New test request' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.waitFor()
  t.ok(await form.getByRole('checkbox', { name: 'Testipyyntö' }).isChecked(), 'the test box is ticked')
  await form.getByRole('radio', { name: 'Other' }).check()
  await form.getByLabel('Description').fill('Koeajo')
  // The admin's stored location is the form's position (the browser shares none here).
  await form.getByRole('radio', { name: /Exact location/ }).check()
  await form.getByRole('button', { name: 'Send request' }).click()
  await form.waitFor({ state: 'hidden' })
  const created = await sql<{ request_id: number; is_test: boolean }[]>`
    select request_id, is_test from requests where description = 'Koeajo'`
  t.same(
    created.map((row) => row.is_test),
    [true],
    'it was sent as a test request',
  )
  await rowOf(page, created[0]!.request_id).getByText('Test request', { exact: true }).waitFor()
  t.same(pageErrors, [], 'no errors in the page')
})

t.test('under reduced motion a change is highlighted without animation', async (t) => {
  const { page, pageErrors } = await dashboard()
  await page.emulateMedia({ reducedMotion: 'reduce' })
  t.teardown(() => page.emulateMedia({ reducedMotion: 'no-preference' }))
  await rowOf(page, testRequest.request_id).waitFor()
  const still = await call<HelpRequest>(askerToken, 'POST', '/api/requests', {
    category: 'transportation_need',
    description: 'Kyyti kotiin',
    latitude: null,
    longitude: null,
    isApproximate: 0,
  })
  const flash = rowOf(page, still.request_id).locator('.live-row__flash')
  await flash.waitFor()
  const style = `getComputedStyle(document.querySelector('.live-list [data-request-id="${still.request_id}"] .live-row__flash'))`
  t.equal(await page.evaluate<string>(`${style}.animationName`), 'none', 'no animation')
  t.equal(await page.evaluate<string>(`${style}.opacity`), '1', 'a still highlight')
  await flash.waitFor({ state: 'detached' })
  t.pass('and it goes after about two seconds')
  t.same(pageErrors, [], 'no errors in the page')
})

// One page through the four: a switch of the scheme must recolour the markers without a reload (useStatusColors).
// It is loaded again at 390 px, so that the map fits the requests to the phone's width as a fresh dashboard does;
// a wider window then shows more around the same centre, and back at 390 px the same view.
t.test('the overview at 390 and 1280 px, light and dark: usable, axe-clean', async (t) => {
  const { page, live, pageErrors } = await dashboard()
  t.teardown(async () => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1280, height: 900 })
  })
  await page.setViewportSize({ width: 390, height: 900 })
  await page.reload()
  await page.locator('.live-map .ol-layers canvas').first().waitFor()
  await rowOf(page, testRequest.request_id).waitFor()
  for (const [colorScheme, widths] of [
    ['light', [390, 1280]],
    ['dark', [1280, 390]],
  ] as const) {
    await page.emulateMedia({ colorScheme })
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 })
      const at = `${width} px, ${colorScheme}`
      const overflow = await page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth')
      t.notOk(overflow, `${at}: nothing wider than the screen`)
      const box = await page.locator('.live-map').boundingBox()
      const list = await live.locator('.live-list').boundingBox()
      if (!box || !list) throw new Error('the map or the list is not rendered')
      if (width < 1000) {
        t.ok(box.height >= 290 && box.height <= 310, `${at}: the map is about 300 px high (${box.height})`)
        t.ok(list.y > box.y + box.height, `${at}: the list is below the map`)
      } else t.ok(Math.abs(list.y - box.y) < 5 && list.x > box.x + box.width, `${at}: map and list side by side`)
      const green = colorScheme === 'dark' ? DARK_GREEN : GREEN
      t.same(
        await waitForMarkerColour(page, flatTyre.request_id, green),
        green,
        `${at}: the marker has the status badge’s colour of this scheme`,
      )
      await screenshot(page, `admin-live-${width}-${colorScheme}`, { fullPage: true })
      // The dark scheme differs in its colours only: its run is of the colour rules (test/e2e/axe.ts).
      await expectNoSeriousViolations(t, page, `/admin at ${at}`, { colourOnly: colorScheme === 'dark' })
    }
  }
  t.same(pageErrors, [], 'no errors in the page')
})
