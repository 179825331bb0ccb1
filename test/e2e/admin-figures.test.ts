import type { Locator, Page } from 'playwright-core'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { waitUntil } from '../wait.ts'
import { checkPrerequisites, eventStreamReady, launchBrowser, openContext, screenshot, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const admin: TestUser = { username: 'Valvoja', phone: '050 555 0201', e164: '+358505550201', password: 'hallinto1' }
const owner: TestUser = { username: 'Omistaja', phone: '050 555 0202', e164: '+358505550202', password: 'polkija12' }
const helper: TestUser = { username: 'Auttaja', phone: '050 555 0203', e164: '+358505550203', password: 'polkija12' }
await Promise.all([admin, owner, helper].map((user) => createUser(server, user)))
await sql`update users set is_admin = true where user_name = ${admin.username}`

/**
 * The figures load again after a live change (at most once a second) and every 30 s regardless (docs/admin.md,
 * Overview). Waiting for new figures alone would also pass by the 30 s timer, so a live step also checks that the
 * timer started none of the loads since it: the timer starts a load 30 s after the last one started, and these
 * loads each started sooner than that after the one before. The margin is for the delay with which Playwright
 * reports a request; a step would have to take some 25 s, not 3, to fail.
 */
const PERIOD_MS = 30_000
const REPORTED_WITHIN_MS = 5_000

/** Another user, driving the API the way their app would: logged in, with their own token. */
async function apiUser(user: TestUser) {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: user.username, password: user.password }),
  })
  const { token } = (await login.json()) as { token: string }
  return async (method: 'POST' | 'PUT', path: string, body: object): Promise<Record<string, unknown>> => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    const json = (await answer.json()) as Record<string, unknown>
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${String(json.message)}`)
    return json
  }
}

/** A card's value, found by its label the way a screen reader pairs them (a term and its definition). */
function card(page: Page, label: string): Locator {
  return page
    .locator('.figure-card')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition')
    .first()
}

/** When each figures load started (as Playwright reports the request), in order. */
function figureLoads(page: Page): number[] {
  const starts: number[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/admin/stats') starts.push(Date.now())
  })
  return starts
}

/** Asserts that the loads after the first `earlier` ones (at least one) were all started by a change, not the timer. */
function loadedByChange(t: Test, loads: number[], earlier: number, what: string) {
  const since = loads.slice(earlier - 1)
  const gaps = since.slice(1).map((start, index) => start - since[index]!)
  t.ok(
    gaps.length > 0 && gaps.every((gap) => gap < PERIOD_MS - REPORTED_WITHIN_MS),
    `${what}: loaded after the change, not by the 30 s timer (${gaps.join(', ')} ms after the load before)`,
  )
}

/** Waits until the named cards show these values (no deadline: docs/testing.md, Helpers). */
async function cardsShow(t: Test, page: Page, expected: Record<string, string>, what: string) {
  let seen: Record<string, string> = {}
  await waitUntil(async () => {
    seen = {}
    for (const label of Object.keys(expected)) seen[label] = (await card(page, label).textContent()) ?? ''
    return JSON.stringify(seen) === JSON.stringify(expected)
  })
  t.same(seen, expected, `${what}, without a reload`)
}

/** The chart's table row of today: its day, created, completed with help, completed without help. */
async function todayInChart(page: Page): Promise<string[]> {
  const cells = page.locator('.chart table tbody tr').last().locator('th, td')
  return cells.allTextContents()
}

t.test('an admin with /admin open sees the figures follow a request from created to completed', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { viewport: { width: 390, height: 844 } })
  const loads = figureLoads(page)
  const ready = eventStreamReady(page)
  await logIn(page, baseUrl, admin.username, admin.password)
  await ready
  await page.goto(`${baseUrl}/admin`)
  await page.getByRole('heading', { name: 'Figures', level: 3 }).waitFor()
  await page.evaluate('window.notReloaded = true')
  await cardsShow(
    t,
    page,
    { 'Created today': '0', 'New now': '0', 'In progress now': '0', 'Completed today': '0' },
    'no requests yet',
  )
  t.match(await card(page, 'Until completed').textContent(), /—/, 'a median with nothing to measure is a dash')
  t.equal(await card(page, 'Registered').textContent(), '3', 'the three users')
  t.ok(await page.getByText('No requests in the last 30 days.').isVisible(), 'the empty chart says so')

  const asOwner = await apiUser(owner)
  const asHelper = await apiUser(helper)
  let earlier = loads.length
  const created = await asOwner('POST', '/api/requests', {
    category: 'bicycle_maintenance',
    description: 'Chain snapped near the harbour',
    latitude: 60.1699,
    longitude: 24.9384,
    isApproximate: 0,
  })
  const id = created.request_id as number
  await cardsShow(t, page, { 'Created today': '1', 'New now': '1', 'In progress now': '0' }, 'created')
  loadedByChange(t, loads, earlier, 'created')

  earlier = loads.length
  await asHelper('PUT', `/api/requests/${id}/addresponder`, {})
  await cardsShow(t, page, { 'New now': '0', 'In progress now': '1' }, 'taken over')
  loadedByChange(t, loads, earlier, 'taken over')

  earlier = loads.length
  await asOwner('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })
  await cardsShow(
    t,
    page,
    {
      'In progress now': '0',
      'Completed today': '1',
      'Completed in 30 days': '1',
      'Got help in 30 days': '1',
    },
    'completed with help',
  )
  loadedByChange(t, loads, earlier, 'completed with help')
  t.equal(await page.getByText('100% of completed').count(), 1, 'the share of completed requests that got help')
  t.notMatch(await card(page, 'Until completed').textContent(), /—/, 'a median once something is completed')
  const today = await todayInChart(page)
  t.same(today.slice(1), ['1', '1', '0'], "the chart's today: 1 created, 1 completed with help")
  const chart = page.getByRole('img', { name: /^Bar chart of requests per day/ })
  t.match(await chart.getAttribute('aria-label'), /1 created, 1 completed with help, 0 completed without help/)
  t.ok(await page.evaluate<boolean>('window.notReloaded === true'), 'the page was never reloaded')

  // A month of history for the screenshots, so they show a chart with bars of every kind.
  await sql`
    insert into requests (owner_id, category, status, description, created_at, completed_at, got_help)
    select (select user_id from users where user_name = ${owner.username}), 'other', 'completed', 'History',
      now() - make_interval(days => day, hours => n), now() - make_interval(days => day, hours => n - 1),
      (day + n) % 4 <> 0
    from generate_series(1, 29) as day, generate_series(1, 8) as n
    where n <= 1 + (day * 7) % 6
  `
  await page.reload()
  await page.locator('.chart svg').waitFor()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 })
      await page.locator('.chart svg').waitFor()
      await screenshot(page, `admin-figures-${width}-${colorScheme}`, { fullPage: true })
      await expectNoSeriousViolations(t, page, `figures at ${width} px, ${colorScheme}`)
    }
  }
  t.same(pageErrors, [])
})

t.test('failed loads: an error and a retry at first, later the last figures with their time', async (t) => {
  const { page, context, pageErrors } = await openContext(t, browser, { viewport: { width: 390, height: 844 } })
  const loads = figureLoads(page)
  let refused = 0
  const refuse = () =>
    context.route('**/api/admin/stats', (route) => {
      refused += 1
      return route.fulfill({ status: 503, body: '{"message":"Down"}' })
    })
  await logIn(page, baseUrl, admin.username, admin.password)
  await refuse()
  await page.goto(`${baseUrl}/admin`)
  await page.getByRole('alert').getByText('The figures could not be loaded.').waitFor()
  t.equal(await page.locator('.figure-card').count(), 0, 'no figures to show yet')
  // The requests' first load asks for the figures again (at most once a second): let that one be refused too, so
  // that the next load, the 30 s timer aside, is the retry's. Otherwise it may succeed first and take the button.
  // (Were the requests loaded before the figures listened, the 30 s timer's load would be this second one.)
  await waitUntil(() => refused >= 2)
  await context.unroute('**/api/admin/stats')
  await page.getByRole('button', { name: 'Try again' }).click()
  await page.getByText(/^Updated \d\d:\d\d:\d\d$/).waitFor()
  t.equal(await page.getByText('The figures could not be loaded.').count(), 0, 'the retry loaded them')
  const before = await card(page, 'Registered').textContent()

  // The server stops answering the figures; a live change asks for them again.
  await refuse()
  const asOwner = await apiUser(owner)
  let earlier = loads.length
  await asOwner('POST', '/api/requests', {
    category: 'other',
    description: 'Lost my way',
    latitude: 60.2,
    longitude: 24.9,
    isApproximate: 1,
  })
  const stale = page.getByText(
    /^Updating the figures failed\. They may be out of date: last loaded at \d\d:\d\d:\d\d\.$/,
  )
  await stale.waitFor()
  loadedByChange(t, loads, earlier, 'the refused load')
  t.equal(await card(page, 'Registered').textContent(), before, 'the last figures stay on screen')
  await screenshot(page, 'admin-figures-stale-390', { fullPage: true })

  await context.unroute('**/api/admin/stats')
  earlier = loads.length
  await page.getByRole('button', { name: 'Try again' }).click()
  await stale.waitFor({ state: 'detached' })
  loadedByChange(t, loads, earlier, 'the retry')
  t.equal(await card(page, 'New now').textContent(), '1', 'retried: the request created meanwhile is counted')
  // Chromium logs the refused load as a console error: the page itself threw nothing.
  t.same(
    pageErrors.filter((error) => !/status of 503/.test(error)),
    [],
  )
})
