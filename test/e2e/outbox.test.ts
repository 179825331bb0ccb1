import type { BrowserContext, Locator, Page } from 'playwright-core'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { apiCall, tokenOf as tokenOfUser } from './api-calls.ts'
import {
  checkPrerequisites,
  eventStreamReady,
  launchBrowser,
  openContext,
  shootBoth,
  startServer,
  waitForOfflineReady,
} from './browser.ts'
import { waitUntil } from '../wait.ts'

checkPrerequisites()
const browser = await launchBrowser(t, { serviceWorker: true })
const server = await startServer(t)
const { baseUrl } = server
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const owner: TestUser = { username: 'Otso', phone: '040 777 0001', e164: '+358407770001', password: 'polkupyora' }
const helper: TestUser = { username: 'Helmi', phone: '040 777 0002', e164: '+358407770002', password: 'polkupyora' }
const other: TestUser = { username: 'Veera', phone: '040 777 0003', e164: '+358407770003', password: 'polkupyora' }
const unlucky: TestUser = { username: 'Lauri', phone: '040 777 0005', e164: '+358407770005', password: 'polkupyora' }
await Promise.all([owner, helper, other, unlucky].map((user) => createUser(server, user)))

const FOREST = { latitude: 64.2231, longitude: 27.7281 }
const WAITING = 'Waiting for signal — it will be sent by itself'
const KEY = /^[A-Za-z0-9_-]{1,100}$/

/**
 * Background Sync off, as in Safari and Firefox: the page alone sends, on `online`, at start and when shown. In
 * Chromium the worker's `sync` event fires on the machine's real network, which the emulated offline does not
 * touch; the worker's own path has a test of its own below.
 */
async function withoutBackgroundSync(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    "Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined, configurable: true })",
  )
}

/** Logged in at the phone's position, live, with Background Sync on or off. */
async function signedIn(t: Test, user: TestUser, { backgroundSync = false } = {}) {
  const opened = await openContext(t, browser, { geolocation: FOREST, permissions: ['geolocation'] })
  if (!backgroundSync) await withoutBackgroundSync(opened.context)
  const ready = eventStreamReady(opened.page)
  await logIn(opened.page, baseUrl, user.username, user.password)
  await ready
  return opened
}

const api = <T>(path: string, method: string, body: unknown, token?: string) =>
  apiCall<T>(baseUrl, path, method, body, token)
const tokenOf = (user: TestUser) => tokenOfUser(baseUrl, user)

/** The owner's request made by their page's own API call, then taken over by the helper: a conversation to write in. */
async function requestWithHelper(page: Page, description: string): Promise<number> {
  const body = JSON.stringify({ category: 'food_and_hydration', description, ...FOREST, isApproximate: 0 })
  const requestId = await page.evaluate<number>(
    `fetch('/api/requests', { method: 'POST', body: ${JSON.stringify(body)}, headers: {` +
      " 'content-type': 'application/json', Authorization: 'Bearer ' + localStorage.getItem('token') } })" +
      '.then((r) => r.json()).then((request) => request.request_id)',
  )
  await api(`/api/requests/${requestId}/addresponder`, 'PUT', {}, await tokenOf(helper))
  return requestId
}

/** Every POST of the three kinds the page makes, with its Idempotency-Key. */
function recordPosts(page: Page): Array<{ path: string; key: string | undefined }> {
  const posts: Array<{ path: string; key: string | undefined }> = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() === 'POST' && /^\/api\/requests(\/\d+\/(messages|thanks))?$/.test(path)) {
      posts.push({ path, key: request.headers()['idempotency-key'] })
    }
  })
  return posts
}

/** The card of a request in the list, by its description. */
const card = (page: Page, description: string) => page.getByRole('button').filter({ hasText: description })

async function openDetail(page: Page, description: string): Promise<Locator> {
  await card(page, description).click()
  const dialog = page.getByRole('dialog', { name: 'Food and drink' })
  await dialog.getByText('Asked by').waitFor()
  return dialog
}

async function closeDetail(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

const rows = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? -1

/**
 * Watches the page for a landed message saying "Sent" as it happens, instead of the test polling for it.
 */
async function recordSentNotes(page: Page): Promise<void> {
  await page.evaluate(`{
    window.sentNotes = { message: false }
    const look = () => {
      // A message joins the conversation as it lands, and says so there.
      for (const note of document.querySelectorAll('.conversation__message--mine .conversation__landed')) {
        if (note.textContent === '✓ Sent') window.sentNotes.message = true
      }
    }
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true })
  }`)
}

const sentNotes = (page: Page) => page.evaluate<{ message: boolean }>('window.sentNotes')

t.test(
  'offline, a request and a message wait on the phone, survive a reload, and are sent once back online',
  async (t) => {
    const { context, page } = await signedIn(t, owner)
    await waitForOfflineReady(page)
    const requestId = await requestWithHelper(page, 'Out of water on the trail')
    const posts = recordPosts(page)
    await card(page, 'Out of water on the trail').getByText('In progress').waitFor()
    let detail = await openDetail(page, 'Out of water on the trail')
    await detail.getByRole('textbox', { name: /Your message/ }).waitFor()
    await waitUntil(() =>
      page.evaluate<boolean>(`(localStorage.getItem('conversationsCache') ?? '').includes('"readOnly":null')`),
    )
    await waitUntil(() =>
      page.evaluate<boolean>(`(localStorage.getItem('requestsCache') ?? '').includes('"status":"in progress"')`),
    )

    // The connection drops: the message is kept, shown as a pending bubble, and the field is free again.
    await context.setOffline(true)
    const MESSAGE = 'I walked on to the lean-to by the lake'
    await detail.getByRole('textbox', { name: /Your message/ }).fill(MESSAGE)
    await detail.getByRole('button', { name: 'Send', exact: true }).click()
    const bubble = detail.locator('.outbox-message')
    await bubble.getByText(WAITING).waitFor()
    t.ok(await bubble.getByText(MESSAGE).isVisible(), 'the pending bubble holds the text')
    t.equal(await detail.getByRole('textbox', { name: /Your message/ }).inputValue(), '', 'the field is cleared')
    await bubble.scrollIntoViewIfNeeded()
    await shootBoth(t, page, 'outbox-message')
    await closeDetail(detail)

    // A new request, offline: the form says it will wait and offers the SMS; sending closes it into the list.
    await page.getByRole('button', { name: 'Ask for help' }).click()
    const form = page.getByRole('dialog', { name: 'Ask for help' })
    await form.getByRole('radio', { name: 'Bicycle maintenance' }).check()
    const DESCRIPTION = 'Broken spoke, two km from the road'
    await form.getByLabel('Description').fill(DESCRIPTION)
    await form.getByRole('radio', { name: /Exact location/ }).check()
    await form.getByText('You are offline. Your request is kept on your phone').waitFor()
    const formSms = form.getByRole('link', { name: 'Send by SMS to someone you trust' })
    const href = (await formSms.getAttribute('href')) ?? ''
    t.ok(href.startsWith('sms:?&body='), href)
    const text = decodeURIComponent(href.slice('sms:?&body='.length))
    t.match(text, 'Bicycle maintenance: Broken spoke, two km from the road')
    t.match(text, 'https://www.openstreetmap.org/?mlat=64.2231&mlon=27.7281#map=16/64.2231/27.7281')
    await formSms.scrollIntoViewIfNeeded()
    await shootBoth(t, page, 'outbox-new-request-offline')
    await form.getByRole('button', { name: 'Send request' }).click()
    await form.waitFor({ state: 'hidden' })
    const pending = page.locator('.outbox-request')
    await pending.getByText(WAITING).waitFor()
    t.ok(await pending.getByText('Your request, not sent yet').isVisible())
    t.ok(await pending.getByRole('link', { name: 'Send by SMS to someone you trust' }).isVisible(), 'the SMS here too')
    await shootBoth(t, page, 'outbox-request', true)

    // A reload without a network: both are still there.
    await page.reload()
    await pending.getByText(WAITING).waitFor()
    detail = await openDetail(page, 'Out of water on the trail')
    await detail.locator('.outbox-message').getByText(MESSAGE).waitFor()
    t.ok(await detail.getByText('What you write now waits on your phone').isVisible(), 'the offline copy says so')
    t.equal(await rows(sql`select count(*)::int as n from requests where description = ${DESCRIPTION}`), 0)
    t.equal(await rows(sql`select count(*)::int as n from request_messages where text = ${MESSAGE}`), 0)

    // Back online: each is sent by itself, once, says "Sent" and is then shown where it belongs.
    await recordSentNotes(page)
    await context.setOffline(false)
    await detail.getByText(MESSAGE).first().waitFor()
    await detail.locator('.outbox-message').waitFor({ state: 'detached' })
    await closeDetail(detail)
    await page.getByRole('button', { name: /Bicycle maintenance/ }).waitFor()
    await pending.waitFor({ state: 'detached' })
    t.equal(await rows(sql`select count(*)::int as n from requests where description = ${DESCRIPTION}`), 1, 'one row')
    t.equal(
      await rows(
        sql`select count(*)::int as n from request_messages where text = ${MESSAGE} and request_id = ${requestId}`,
      ),
      1,
      'one message',
    )
    const made = posts.filter((post) => post.path === '/api/requests' || post.path.endsWith('/messages'))
    t.ok(made.length >= 2, `${made.length} posts`)
    for (const post of made) t.match(post.key ?? '', KEY, `${post.path} carries an Idempotency-Key`)
    t.equal(new Set(made.map((post) => post.key)).size, 2, 'one key per item, the same on every attempt')
    // The request's card says "Sent" only while the list does not yet hold the request, which the live stream may
    // bring before the answer itself: then the real card simply takes its place. The message always says it.
    t.ok((await sentNotes(page)).message, 'the message said "Sent" when it landed')
  },
)

t.test('an answer lost on the way: the same key again is answered the first time, and makes nothing new', async (t) => {
  const { page } = await signedIn(t, unlucky)
  const posts = recordPosts(page)
  const replays: string[] = []
  page.on('response', (response) => {
    if (response.headers()['idempotent-replayed'] === 'true') replays.push(new URL(response.url()).pathname)
  })
  // The request reaches the server and is saved; its answer never reaches the phone.
  let lost = 1
  await page.route('**/api/requests', async (route) => {
    if (route.request().method() !== 'POST' || lost-- <= 0) return route.fallback()
    const answer = await route.fetch()
    t.equal(answer.status(), 201, 'the server made it')
    await route.abort('connectionreset')
  })
  const DESCRIPTION = 'Chain snapped on the gravel road'
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByRole('radio', { name: 'Bicycle maintenance' }).check()
  await form.getByLabel('Description').fill(DESCRIPTION)
  await form.getByRole('radio', { name: /Exact location/ }).check()
  await form.getByRole('button', { name: 'Send request' }).click()
  await form.waitFor({ state: 'hidden' })
  // Kept as unanswered, sent again by the outbox, answered from the key: one request in the list and in the database.
  await card(page, DESCRIPTION).waitFor()
  await page.locator('.outbox-request').waitFor({ state: 'detached' })
  await page.unroute('**/api/requests')
  const sent = posts.filter((post) => post.path === '/api/requests')
  t.equal(sent.length, 2, 'the lost one and its retry')
  t.equal(sent[0]?.key, sent[1]?.key, 'with one key')
  t.same(replays, ['/api/requests'], 'the retry was answered as a replay')
  t.equal(await rows(sql`select count(*)::int as n from requests where description = ${DESCRIPTION}`), 1, 'one row')
  t.equal(await card(page, DESCRIPTION).count(), 1, 'shown once')
})

t.test('a 503 is sent again with the same key; a refusal is shown in words and never sent again', async (t) => {
  const { context, page } = await signedIn(t, other)
  // Offline below: the new-request dialog and its texts then come from the worker's precache.
  await waitForOfflineReady(page)
  const requestId = await requestWithHelper(page, 'Lost the trail in the dark')
  const posts = recordPosts(page)
  await card(page, 'Lost the trail in the dark').getByText('In progress').waitFor()
  const detail = await openDetail(page, 'Lost the trail in the dark')

  // The first answer is a 503: the message waits, then lands with the same key.
  let unavailable = 1
  await page.route('**/api/requests/*/messages', async (route) => {
    if (route.request().method() === 'POST' && unavailable-- > 0) {
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' })
    } else await route.fallback()
  })
  const MESSAGE = 'Still here by the big rock'
  await detail.getByRole('textbox', { name: /Your message/ }).fill(MESSAGE)
  await detail.getByRole('button', { name: 'Send', exact: true }).click()
  await detail.locator('.conversation__message--mine').getByText(MESSAGE).waitFor()
  await detail.locator('.outbox-message').waitFor({ state: 'detached' })
  const tries = posts.filter((post) => post.path === `/api/requests/${requestId}/messages`)
  t.equal(tries.length, 2, 'the 503, then the one that landed')
  t.equal(tries[0]?.key, tries[1]?.key, 'with one key')
  t.equal(
    await rows(
      sql`select count(*)::int as n from request_messages where text = ${MESSAGE} and request_id = ${requestId}`,
    ),
    1,
  )
  await page.unroute('**/api/requests/*/messages')
  await closeDetail(detail)

  // A request kept offline meets the daily limit once it goes: refused in the user's words, not sent again.
  let refusals = 0
  await page.route('**/api/requests', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    refusals += 1
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'You have reached the daily request limit.' }),
    })
  })
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByRole('radio', { name: 'Other' }).check()
  await form.getByLabel('Description').fill('Need a lift to the station')
  await form.getByRole('radio', { name: /Exact location/ }).check()
  await form.getByRole('button', { name: 'Send request' }).click()
  await form.waitFor({ state: 'hidden' })
  const pending = page.locator('.outbox-request')
  await pending.getByText(WAITING).waitFor()
  await context.setOffline(false)
  const refused = pending.getByText(/^Not sent: Daily limit reached/)
  await refused.waitFor()
  t.equal(refusals, 1, 'one call')
  await shootBoth(t, page, 'outbox-refused', true)
  // The app shown again and the network back: the refusal stands, nothing is sent.
  await context.setOffline(true)
  await context.setOffline(false)
  await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.getByRole('button', { name: 'Refresh' }).waitFor()
  t.equal(refusals, 1, 'still one call')
  t.ok(await refused.isVisible(), 'still shown')
  await pending.getByRole('button', { name: 'Dismiss' }).click()
  await pending.waitFor({ state: 'detached' })
  await page.unroute('**/api/requests')
})

t.test('a logout clears the outbox: no IndexedDB of the app is left', async (t) => {
  const { context, page } = await signedIn(t, helper)
  await waitForOfflineReady(page)
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByRole('radio', { name: 'Other' }).check()
  await form.getByLabel('Description').fill('Kept until the logout')
  await form.getByRole('radio', { name: /Exact location/ }).check()
  await form.getByRole('button', { name: 'Send request' }).click()
  await page.locator('.outbox-request').getByText(WAITING).waitFor()
  const databases = () =>
    page.evaluate<string[]>(
      "indexedDB.databases().then((list) => list.map((d) => d.name).filter((name) => !name.startsWith('workbox')))",
    )
  t.same(await databases(), ['pyoraapu-outbox'], 'kept in IndexedDB')

  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.getByRole('button', { name: 'Log out' }).click()
  const confirm = page.getByRole('dialog', { name: 'Log out' })
  await confirm
    .getByText('One thing you wrote has not been sent yet. Logging out deletes them from this phone.')
    .waitFor()
  await shootBoth(t, page, 'outbox-logout-warning')
  await confirm.getByRole('button', { name: 'Log out' }).click()
  await page.getByText('You are using the app as a visitor').waitFor()
  await waitUntil(async () => !(await databases()).includes('pyoraapu-outbox'))
  t.same(await databases(), [], 'nothing of the user left')
  await context.setOffline(false)
  t.equal(await rows(sql`select count(*)::int as n from requests where description = 'Kept until the logout'`), 0)
})

t.test('with the app closed, the service worker sends on Background Sync with a token of its own', async (t) => {
  const walker: TestUser = { username: 'Kaisa', phone: '040 777 0004', e164: '+358407770004', password: 'polkupyora' }
  await createUser(server, walker)
  const { context, page } = await signedIn(t, walker, { backgroundSync: true })
  await waitForOfflineReady(page)
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByRole('radio', { name: 'Transport needed' }).check()
  const DESCRIPTION = 'Frame cracked, need a ride out'
  await form.getByLabel('Description').fill(DESCRIPTION)
  await form.getByRole('radio', { name: /Exact location/ }).check()
  await form.getByRole('button', { name: 'Send request' }).click()
  await page.locator('.outbox-request').getByText(WAITING).waitFor()
  // The app is closed: from here on only the worker can send it.
  await page.close()
  await context.setOffline(false)

  // The browser's sync event, as Chromium fires it once it has a network (a page of another site hosts the session).
  const blank = await context.newPage()
  const cdp = await context.newCDPSession(blank)
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(baseUrl) && !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: baseUrl,
    registrationId: await registrationId,
    tag: 'outbox',
    lastChance: false,
  })
  await waitUntil(
    async () => (await rows(sql`select count(*)::int as n from requests where description = ${DESCRIPTION}`)) > 0,
  )
  t.pass('the worker sent it')

  // Opened again: the real request, nothing waiting, the outbox empty; and a second sync sends nothing more.
  const reopened = await context.newPage()
  await reopened.goto(baseUrl)
  await card(reopened, DESCRIPTION).waitFor()
  t.equal(await reopened.locator('.outbox-request').count(), 0, 'nothing waits')
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: baseUrl,
    registrationId: await registrationId,
    tag: 'outbox',
    lastChance: false,
  })
  t.equal(await rows(sql`select count(*)::int as n from requests where description = ${DESCRIPTION}`), 1, 'one row')
  t.same(
    await reopened.evaluate<unknown[]>(
      "new Promise((resolve) => { const r = indexedDB.open('pyoraapu-outbox'); r.onsuccess = () => { const db = r.result; const q = db.transaction('items').objectStore('items').getAll(); q.onsuccess = () => { db.close(); resolve(q.result) } } })",
    ),
    [],
    'the outbox is empty',
  )
})
