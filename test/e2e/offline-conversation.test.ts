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

const owner: TestUser = { username: 'Oona', phone: '040 666 0001', e164: '+358406660001', password: 'polkupyora' }
const helper: TestUser = { username: 'Heikki', phone: '040 666 0002', e164: '+358406660002', password: 'polkupyora' }
await Promise.all([owner, helper].map((user) => createUser(server, user)))

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const REQUEST = /Bicycle maintenance/
const FIRST = 'On my way, I am at the bridge'
const SECOND = 'Five minutes now, wait by the kiosk'
const OFFLINE_COPY = /^You are offline — this is the offline copy of the messages, as loaded at \d\d:\d\d$/
/** Offline, what is written waits on the phone (docs/outbox.md). */
const WAITS = 'What you write now waits on your phone and is sent by itself when there is signal.'

/** The API as the helper's own app calls it. */
async function asHelper(path: string, method: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return (await response.json()) as { token: string }
}

/** Everything the page keeps on the device: both storages and IndexedDB's names (page code is a string). */
async function deviceStorage(page: Page): Promise<{ storage: string; databases: string[] }> {
  return page.evaluate(`(async () => {
    const dump = (s) => Object.keys(s).map((key) => key + '=' + s.getItem(key)).join('\\n')
    const databases = (await indexedDB.databases()).map((d) => d.name)
    return { storage: dump(localStorage) + '\\n' + dump(sessionStorage), databases }
  })()`)
}

async function openDetail(page: Page) {
  await page.getByRole('button', { name: REQUEST }).click()
  const dialog = page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await dialog.getByText('Asked by').waitFor()
  return dialog
}

t.test('offline, the owner still reads the conversation and can write; a logout leaves none of it', async (t) => {
  const { context, page } = await openContext(t, browser, { geolocation: HELSINKI, permissions: ['geolocation'] })
  await logIn(page, baseUrl, owner.username, owner.password)
  await waitForOfflineReady(page)

  // The owner asks for help; the helper takes it over and writes, as their app would.
  const body = JSON.stringify({
    category: 'bicycle_maintenance',
    description: 'Chain off',
    ...HELSINKI,
    isApproximate: 0,
  })
  const requestId = await page.evaluate<number>(
    `fetch('/api/requests', { method: 'POST', body: ${JSON.stringify(body)}, headers: {` +
      " 'content-type': 'application/json', Authorization: 'Bearer ' + localStorage.getItem('token') } })" +
      '.then((r) => r.json()).then((request) => request.request_id)',
  )
  const { token } = await asHelper('/api/user/login', 'POST', {
    identifier: helper.username,
    password: helper.password,
  })
  await asHelper(`/api/requests/${requestId}/addresponder`, 'PUT', {}, token)
  await asHelper(`/api/requests/${requestId}/messages`, 'POST', { text: FIRST }, token)

  await page.getByRole('button', { name: REQUEST }).getByText('In progress').waitFor()
  let dialog = await openDetail(page)
  await dialog.getByText(FIRST).waitFor()
  await waitUntil(() =>
    page.evaluate<boolean>(`(localStorage.getItem('conversationsCache') ?? '').includes(${JSON.stringify(FIRST)})`),
  )
  t.pass('the loaded conversation is kept on the device')
  // Read on screen (the section scrolled into view): the kept copy counts it read, as the server does.
  await dialog.getByText(FIRST).scrollIntoViewIfNeeded()
  await waitUntil(() =>
    page.evaluate<boolean>(`/"lastReadId":"\\d+"/.test(localStorage.getItem('conversationsCache') ?? '')`),
  )
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'hidden' })

  // A message heard live while the detail is closed joins the kept copy.
  await asHelper(`/api/requests/${requestId}/messages`, 'POST', { text: SECOND }, token)
  await waitUntil(() =>
    page.evaluate<boolean>(`(localStorage.getItem('conversationsCache') ?? '').includes(${JSON.stringify(SECOND)})`),
  )
  t.pass('a live message joins the kept copy')
  // The list is saved a moment after it changes: waited for, so the reload below finds the request in progress.
  await waitUntil(() =>
    page.evaluate<boolean>(`(localStorage.getItem('requestsCache') ?? '').includes('"status":"in progress"')`),
  )

  // Offline, a reload: the conversation from the device, said to be the offline copy, and no sending.
  await context.setOffline(true)
  await page.reload()
  await page.getByText(/^You are offline — showing what was loaded at/).waitFor()
  dialog = await openDetail(page)
  await dialog.getByText(OFFLINE_COPY).waitFor()
  t.ok(await dialog.getByText(FIRST).isVisible(), 'the message loaded before')
  t.ok(await dialog.getByText(SECOND).isVisible(), 'the message heard live')
  t.equal(await dialog.getByText('The messages could not be loaded.').count(), 0, 'no load error')
  t.equal(
    await dialog.locator('.unread-badge [aria-hidden="true"]').textContent(),
    '1',
    'unread: only the message heard while the detail was closed',
  )
  t.ok(await dialog.getByText(WAITS).isVisible(), 'what a message written now does')
  t.equal(await dialog.getByRole('textbox', { name: /Your message/ }).count(), 1, 'the message field, offline too')
  await dialog.getByRole('heading', { name: 'Messages' }).scrollIntoViewIfNeeded()
  await screenshot(page, 'offline-conversation-light')
  await expectNoSeriousViolations(t, page, 'offline conversation, light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'offline-conversation-dark')
  await expectNoSeriousViolations(t, page, 'offline conversation, dark')
  await page.emulateMedia({ colorScheme: 'light' })

  // Back online: fetched anew.
  await context.setOffline(false)
  await dialog.getByText(OFFLINE_COPY).waitFor({ state: 'detached' })
  t.equal(await dialog.getByText(WAITS).count(), 0, 'no longer the offline copy')
  t.ok(await dialog.getByText(SECOND).isVisible(), 'the messages from the server')
  await dialog.getByRole('button', { name: 'Close' }).click()

  // The owner logs out: nothing of the conversation stays on the device.
  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Log out' }).click()
  await page.getByText('You are using the app as a visitor').waitFor()
  const kept = await deviceStorage(page)
  t.notMatch(kept.storage, 'conversationsCache', 'no kept conversations in local or session storage')
  t.notMatch(kept.storage, FIRST, 'no message text left')
  t.notMatch(kept.storage, SECOND, 'not even the one heard live')
  t.same(
    kept.databases.filter((name) => !name.startsWith('workbox')),
    [],
    'no IndexedDB of the app (the worker’s own holds only app files)',
  )
})
