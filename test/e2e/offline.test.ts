import type { Page } from 'playwright-core'
import t from 'tap'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import {
  checkPrerequisites,
  launchBrowser,
  openContext,
  screenshot,
  startServer,
  waitForOfflineReady,
} from './browser.ts'
import { waitUntil } from '../wait.ts'

checkPrerequisites()
const browser = await launchBrowser(t, { serviceWorker: true })
const server = await startServer(t)
const { baseUrl } = server

const alice: TestUser = { username: 'Aino', phone: '040 333 0001', e164: '+358403330001', password: 'polkupyora' }
const bob: TestUser = { username: 'Bertil', phone: '040 333 0002', e164: '+358403330002', password: 'polkupyora' }
const carl: TestUser = { username: 'Cecilia', phone: '040 333 0003', e164: '+358403330003', password: 'polkupyora' }
await Promise.all([alice, bob, carl].map((user) => createUser(server, user)))

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const REQUEST = /Bicycle maintenance/
const DESCRIPTION = 'Chain broke near the market square'
const OFFLINE_LINE = /^You are offline — showing what was loaded at \d\d:\d\d$/

// Page code is written as strings: the root tsconfig that checks these tests has Node's types, not the DOM's.

/** Resolves once the service worker controls the page, so a reload offline opens the app from its precache. */
/** Everything the page keeps on the device that could hold a request: both storages and IndexedDB's names. */
async function deviceStorage(page: Page): Promise<{ storage: string; databases: string[] }> {
  return page.evaluate(`(async () => {
    const dump = (s) => Object.keys(s).map((key) => key + '=' + s.getItem(key)).join('\\n')
    const databases = (await indexedDB.databases()).map((d) => d.name)
    return { storage: dump(localStorage) + '\\n' + dump(sessionStorage), databases }
  })()`)
}

/** B takes the request over through the API, as their own app would. */
async function takeOverAs(user: TestUser, requestId: number): Promise<void> {
  const call = async (path: string, method: string, body: unknown, token?: string) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`${path} answered ${response.status}`)
    return (await response.json()) as { token: string }
  }
  const { token } = await call('/api/user/login', 'POST', { identifier: user.username, password: user.password })
  await call(`/api/requests/${requestId}/addresponder`, 'PUT', {}, token)
}

async function openDetail(page: Page) {
  await page.getByRole('button', { name: REQUEST }).click()
  const dialog = page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await dialog.getByText('Asked by').waitFor()
  return dialog
}

async function closeDetail(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

t.test('offline, the cyclist keeps their request and the helper’s number; a logout leaves nothing', async (t) => {
  const { context, page } = await openContext(t, browser, { geolocation: HELSINKI, permissions: ['geolocation'] })
  await logIn(page, baseUrl, alice.username, alice.password)
  await waitForOfflineReady(page)

  // A asks for help; B takes it over; A sees B's number (and the device keeps it).
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByRole('radio', { name: 'Bicycle maintenance' }).check()
  await form.getByLabel('Description').fill(DESCRIPTION)
  await form.getByRole('radio', { name: /Approximate location/ }).check()
  await form.getByRole('button', { name: 'Send request' }).click()
  await form.waitFor({ state: 'hidden' })
  const requestId = await page.evaluate<number>(
    "fetch('/api/requests', { headers: { Authorization: 'Bearer ' + localStorage.getItem('token') } })" +
      '.then((r) => r.json()).then((list) => list[0].request_id)',
  )
  await takeOverAs(bob, requestId)
  await page.getByRole('button', { name: REQUEST }).getByText('In progress').waitFor()
  let dialog = await openDetail(page)
  await dialog.locator(`a[href="tel:${bob.e164}"]`).waitFor()
  await closeDetail(page)
  // Saved a moment after the change (changes are batched): waited for, not assumed.
  await waitUntil(() =>
    page.evaluate<boolean>(`(localStorage.getItem('requestsCache') ?? '').includes(${JSON.stringify(bob.e164)})`),
  )
  t.pass('the list on the device holds the helper’s number')

  // At start the kept list shows at once, while the stored session is still being checked (held here).
  await page.route('**/api/user/protected-route', () => {})
  await page.reload()
  await page.getByRole('button', { name: REQUEST }).waitFor()
  t.pass('the kept list shows before the session check answers')
  await page.unroute('**/api/user/protected-route')

  // Offline, a reload: the list from the device, from when, and no fetch error.
  await context.setOffline(true)
  await page.reload()
  const line = page.getByText(OFFLINE_LINE)
  await line.waitFor()
  t.ok(await page.getByRole('button', { name: REQUEST }).getByText('In progress').isVisible(), 'the own request')
  t.ok(await page.getByText('You are offline. Saved screens still work').isVisible(), 'the app’s offline text')
  t.equal(await page.getByText('Failed to fetch requests').count(), 0, 'no fetch error')
  await screenshot(page, 'offline-list-light')
  await expectNoSeriousViolations(t, page, 'offline list, light')

  dialog = await openDetail(page)
  t.ok(await dialog.locator(`a[href="tel:${bob.e164}"]`).isVisible(), 'the helper’s number, offline')
  t.ok(await dialog.getByText(DESCRIPTION).isVisible(), 'the description')
  await screenshot(page, 'offline-detail-light')
  await closeDetail(page)

  await page.emulateMedia({ colorScheme: 'dark' })
  await line.waitFor()
  await screenshot(page, 'offline-list-dark')
  await expectNoSeriousViolations(t, page, 'offline list, dark')
  await page.emulateMedia({ colorScheme: 'light' })

  // Online again, A logs out: nothing of theirs stays on the device.
  await context.setOffline(false)
  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Log out' }).click()
  await page.getByText('You are using the app as a visitor').waitFor()
  const kept = await deviceStorage(page)
  t.notMatch(kept.storage, DESCRIPTION, 'no request left in local or session storage')
  t.notMatch(kept.storage, bob.e164, 'no phone number left')
  t.same(
    kept.databases.filter((name) => !name.startsWith('workbox')),
    [],
    'no IndexedDB of the app (the worker’s own holds only app files)',
  )

  // C logs in on the same device, then goes offline: only C's own view of the request, never A's copy.
  await logIn(page, baseUrl, carl.username, carl.password)
  await page.getByRole('button', { name: REQUEST }).waitFor()
  await waitUntil(() =>
    page.evaluate<boolean>(`(localStorage.getItem('requestsCache') ?? '').includes('"requests":[{')`),
  )
  await context.setOffline(true)
  await page.reload()
  await page.getByText(OFFLINE_LINE).waitFor()
  dialog = await openDetail(page)
  t.equal(await dialog.locator(`a[href="tel:${bob.e164}"]`).count(), 0, 'the helper’s number was A’s to see')
  t.ok(await dialog.getByText('In progress').isVisible(), 'C’s copy of the request')
  await context.setOffline(false)
})

t.test('offline with nothing kept: the offline text, not a fetch error', async (t) => {
  const { context, page } = await openContext(t, browser)
  await logIn(page, baseUrl, bob.username, bob.password)
  await waitForOfflineReady(page)
  // The list is saved a moment after it loads: removed only once it was, so a late save cannot bring it back.
  await waitUntil(() => page.evaluate<boolean>("localStorage.getItem('requestsCache') !== null"))
  await page.evaluate("localStorage.removeItem('requestsCache')")
  await context.setOffline(true)
  await page.reload()
  await page.getByText('You are offline. Saved screens still work').waitFor()
  // The list (empty) renders once the fetch has failed; a spinner while it runs.
  await page.locator('.request-list').waitFor({ state: 'attached' })
  t.equal(await page.getByText('Failed to fetch requests').count(), 0, 'no fetch error')
  t.equal(await page.getByText(OFFLINE_LINE).count(), 0, 'no claim of a kept list')
  await context.setOffline(false)
})
