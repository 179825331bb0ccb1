import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { apiCall, tokenOf } from './api-calls.ts'
import { checkPrerequisites, launchBrowser, openContext, shootBoth, startServer, WEB_DIST_INDEX } from './browser.ts'
import { waitUntil } from '../wait.ts'

// docs/pwa.md, "Never a blank page": the core actions after the first screen without a network, and a screen whose
// files cannot be fetched says so, with "Try again", instead of a white page. The service worker is blocked in every
// context here: it stands for the first seconds of a first visit, before the worker has stored the app.

checkPrerequisites()
const browser = await launchBrowser(t, { serviceWorker: true })
const server = await startServer(t)
const { baseUrl } = server
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const owner: TestUser = { username: 'Onni', phone: '040 888 0001', e164: '+358408880001', password: 'polkupyora' }
const helper: TestUser = { username: 'Hanna', phone: '040 888 0002', e164: '+358408880002', password: 'polkupyora' }
const writer: TestUser = { username: 'Kaisa', phone: '040 888 0003', e164: '+358408880003', password: 'polkupyora' }
const viewer: TestUser = { username: 'Ville', phone: '040 888 0004', e164: '+358408880004', password: 'polkupyora' }
const drafter: TestUser = { username: 'Dora', phone: '040 888 0005', e164: '+358408880005', password: 'polkupyora' }
await Promise.all([owner, helper, writer, viewer, drafter].map((user) => createUser(server, user)))

const FOREST = { latitude: 61.4981, longitude: 23.761 }
const WAITING = 'Waiting for signal — it will be sent by itself'
const FAILED = 'This part of the app could not be loaded. Check your connection.'
const ASSETS = join(dirname(WEB_DIST_INDEX), 'assets')
const built = readdirSync(ASSETS).filter((name) => /\.(js|css)$/.test(name))
/** The built files whose name starts so, e.g. the chunk `NewRequestDialog-` or the texts `new-request.en-`. */
const filesOf = (prefix: string) => built.filter((name) => name.startsWith(prefix))

/** Built chunks and every chunk they import statically (what they cannot run without), with their stylesheets. */
function closureOf(files: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    if (!file.endsWith('.js')) return
    const code = readFileSync(join(ASSETS, file), 'utf8')
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]!)
  }
  files.forEach(visit)
  // A chunk's stylesheet is named as the chunk is.
  for (const file of [...seen]) {
    const name = file.replace(/[A-Za-z0-9_-]{8}\.js$/, '')
    if (name !== file) for (const css of filesOf(name).filter((n) => n.endsWith('.css'))) seen.add(css)
  }
  return seen
}

/** What index.html loads itself (entry, modulepreloads, stylesheets) and the shell's texts: all the rest is lazy. */
const firstFiles = new Set([
  ...[...readFileSync(WEB_DIST_INDEX, 'utf8').matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]!),
  ...filesOf('shell.'),
])

/** A request of `user`'s, made through the API, optionally taken over by `taker`: a conversation to write in. */
async function requestOf(user: TestUser, description: string, taker?: TestUser): Promise<number> {
  const body = { category: 'food_and_hydration', description, ...FOREST, isApproximate: 0 }
  const { request_id } = await apiCall<{ request_id: number }>(
    baseUrl,
    '/api/requests',
    'POST',
    body,
    await tokenOf(baseUrl, user),
  )
  if (taker)
    await apiCall(baseUrl, `/api/requests/${request_id}/addresponder`, 'PUT', {}, await tokenOf(baseUrl, taker))
  return request_id
}

/** A phone at the forest, its service worker blocked: nothing is stored by a worker, every file comes over the net. */
async function phone(t: Test) {
  const opened = await openContext(t, browser, {
    geolocation: FOREST,
    permissions: ['geolocation'],
    serviceWorkers: 'block',
  })
  // Screens that cannot be fetched log their failure: expected here, unlike in the other browser tests.
  return opened
}

/** Aborts every request for a built file that `blocked` names, until `blocked` says otherwise. */
async function failFiles(context: BrowserContext, blocked: (file: string) => boolean): Promise<string[]> {
  const aborted: string[] = []
  await context.route('**/assets/**', async (route) => {
    const file = new URL(route.request().url()).pathname.replace('/assets/', '')
    if (!blocked(file)) return route.fallback()
    aborted.push(file)
    await route.abort('internetdisconnected')
  })
  return aborted
}

const rows = async (query: Promise<Array<{ n: number }>>) => (await query)[0]?.n ?? -1

/** The failure in place of a screen: its text and a "Try again" button. */
async function expectFailure(t: Test, where: Locator | Page, what: string): Promise<Locator> {
  const failure = where.getByRole('alert').filter({ hasText: FAILED })
  await failure.waitFor()
  t.ok(await failure.getByRole('button', { name: 'Try again' }).isVisible(), `${what}: says so, with Try again`)
  return failure
}

t.test('after the first screen, the core actions work without a network, before any service worker', async (t) => {
  const requestId = await requestOf(owner, 'Out of water by the lake', helper)
  const { context, page } = await phone(t)
  await logIn(page, baseUrl, owner.username, owner.password)
  const card = page.getByRole('button').filter({ hasText: 'Out of water by the lake' })
  await card.getByText('In progress').waitFor()

  // Nothing pressed yet: the app fetches what "Ask for help", the detail and its conversation need by itself.
  const core = [
    ...filesOf('NewRequestDialog-'),
    ...filesOf('RequestDetailDialog-'),
    ...filesOf('new-request.en-'),
    ...filesOf('request-detail.en-'),
  ]
  t.equal(core.length, 5, `the core chunks and their texts: ${core.join(', ')}`)
  const fetched = core.map(
    (file) => `performance.getEntriesByType('resource').some((e) => e.name.endsWith('/${file}'))`,
  )
  await waitUntil(() => page.evaluate<boolean>(fetched.join(' && ')))
  // Each module loaded with everything it imports (an import of a loaded module is answered from memory).
  for (const file of core.filter((name) => name.endsWith('.js'))) await page.evaluate(`import('/assets/${file}')`)
  // The conversation's messages are data, kept on the device once it has been opened (docs/pwa.md).
  await card.click()
  const detail = page.getByRole('dialog', { name: 'Food and drink' })
  await detail.getByRole('textbox', { name: /Your message/ }).waitFor()
  await waitUntil(() =>
    page.evaluate<boolean>(`(localStorage.getItem('conversationsCache') ?? '').includes('"readOnly":null')`),
  )
  await detail.getByRole('button', { name: 'Close' }).click()
  await detail.waitFor({ state: 'hidden' })

  // The signal is lost: no file can be fetched any more.
  await context.setOffline(true)
  const aborted = await failFiles(context, () => true)

  // The detail and the conversation open; a message written now waits on the phone.
  await card.click()
  await detail.getByText('Asked by').waitFor()
  t.ok(await detail.getByText('No messages yet.').isVisible(), 'an empty conversation says so')
  const MESSAGE = 'I am at the north end of the lake'
  await detail.getByRole('textbox', { name: /Your message/ }).fill(MESSAGE)
  await detail.getByRole('button', { name: 'Send', exact: true }).click()
  await detail.locator('.outbox-message').getByText(WAITING).waitFor()
  t.notOk(await detail.getByText('No messages yet.').isVisible(), 'not above the message waiting to be sent')
  await detail.getByRole('button', { name: 'Close' }).click()
  await detail.waitFor({ state: 'hidden' })

  // "Ask for help" opens its form, and the request waits in the outbox.
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByRole('radio', { name: 'Bicycle maintenance' }).check()
  const DESCRIPTION = 'Rear derailleur bent, cannot shift'
  await form.getByLabel('Description').fill(DESCRIPTION)
  await form.getByRole('radio', { name: /Exact location/ }).check()
  await form.getByText('You are offline. Your request is kept on your phone').waitFor()
  await form.getByRole('button', { name: 'Send request' }).click()
  await form.waitFor({ state: 'hidden' })
  await page.locator('.outbox-request').getByText(WAITING).waitFor()
  t.notOk(await page.getByText(FAILED).isVisible(), 'no screen failed')
  t.notOk(
    aborted.some((file) => core.includes(file)),
    `nothing the core actions need was fetched offline (${aborted.join(', ') || 'nothing'} was)`,
  )

  // Back online: each is sent once.
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.setOffline(false)
  await page.getByRole('button', { name: /Bicycle maintenance/ }).waitFor()
  await page.locator('.outbox-request').waitFor({ state: 'detached' })
  await waitUntil(
    async () => (await rows(sql`select count(*)::int as n from request_messages where text = ${MESSAGE}`)) > 0,
  )
  t.equal(await rows(sql`select count(*)::int as n from requests where description = ${DESCRIPTION}`), 1, 'one row')
  t.equal(
    await rows(
      sql`select count(*)::int as n from request_messages where text = ${MESSAGE} and request_id = ${requestId}`,
    ),
    1,
    'one message',
  )
})

t.test(
  'every lazy screen whose files cannot be fetched says so, with Try again, and the app stays usable',
  async (t) => {
    const { context, page } = await phone(t)
    let blocked = (file: string) => !firstFiles.has(file)
    await failFiles(context, (file) => blocked(file))

    // Every page but /install is a chunk: each says so in its place, under the top bar's way home.
    for (const path of [
      '/',
      '/login',
      '/register',
      '/resetpassword',
      '/info',
      '/stats',
      '/privacystatement',
      '/s/x',
      '/nope',
    ]) {
      await page.goto(baseUrl + path)
      await expectFailure(t, page.getByRole('main'), path)
      t.ok(await page.locator('.top-bar__home').isVisible(), `${path}: the top bar's home link is there`)
    }
    await shootBoth(t, page, 'screen-load-failed-page')
    // The way home works: an in-app move, and that page says so too, rather than a white page.
    await page.locator('.top-bar__home').click()
    await waitUntil(() => page.evaluate<boolean>(`location.pathname === '/'`))
    const home = await expectFailure(t, page.getByRole('main'), '/ after the home link')

    // The main screen and the login page can be fetched again (with the store's slices every screen but the
    // install page loads, web/src/app/store.ts), no other screen: "Try again" loads the main screen (a module that
    // failed is fetched again only by a reload), whose service map tab says so in its place.
    const mainFiles = closureOf([
      ...firstFiles,
      ...filesOf('MainPage-'),
      ...filesOf('LoginPage-'),
      ...filesOf('app-slices-'),
    ])
    for (const texts of [...filesOf('main.'), ...filesOf('login.')]) mainFiles.add(texts)
    blocked = (file) => !mainFiles.has(file)
    await home.getByRole('button', { name: 'Try again' }).click()
    const mapPanel = page.getByRole('tabpanel')
    await expectFailure(t, mapPanel, 'the service map tab')
    await page.getByRole('tab', { name: 'Requests' }).click()
    t.equal(await page.getByRole('tab', { name: 'Requests' }).getAttribute('aria-selected'), 'true', 'the tabs work')

    // Logged in: each dialog says so above the screen, and closes; the screen stays.
    await requestOf(writer, 'Flat tyre at the bridge')
    await logIn(page, baseUrl, viewer.username, viewer.password)
    const dialogs: Array<[string, () => Promise<void>]> = [
      ['Ask for help', () => page.getByRole('button', { name: 'Ask for help' }).click()],
      ['Settings', () => page.getByRole('button', { name: 'Settings' }).click()],
      ['the request detail', () => page.getByRole('button').filter({ hasText: 'Flat tyre at the bridge' }).click()],
    ]
    for (const [what, open] of dialogs) {
      await open()
      const failure = await expectFailure(t, page, what)
      if (what === 'Ask for help') await shootBoth(t, page, 'screen-load-failed-dialog')
      await failure.getByRole('button', { name: 'Close' }).click()
      await failure.waitFor({ state: 'detached' })
    }
    t.ok(await page.getByText('Logged in as').isVisible(), 'the main screen is still there')
    await page.getByRole('tab', { name: 'Service map' }).click()
    const failedTab = await expectFailure(t, mapPanel, 'the service map tab, signed in')

    // The network is back: "Try again" loads what failed.
    blocked = () => false
    await failedTab.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('Logged in as').waitFor()
    // A reload (a module had failed) opens the requests tab, the signed-in user's first.
    await page.getByRole('tab', { name: 'Service map' }).click()
    await mapPanel.getByRole('combobox', { name: 'Category' }).waitFor()
    await page.getByRole('tab', { name: 'Requests' }).click()
    await page.getByRole('button', { name: 'Ask for help' }).click()
    const form = page.getByRole('dialog', { name: 'Ask for help' })
    await form.getByLabel('Description').waitFor()
    await form.getByRole('button', { name: 'Cancel' }).click()
    await form.waitFor({ state: 'hidden' })
    await page.getByRole('button').filter({ hasText: 'Flat tyre at the bridge' }).click()
    await page.getByRole('dialog', { name: 'Food and drink' }).getByText('Asked by').waitFor()
    t.notOk(await page.getByText(FAILED).isVisible(), 'no failure left')
  },
)

t.test(
  'a failed import when a new release is served reloads once into it, keeping the request being written',
  async (t) => {
    const { context, page } = await phone(t)
    await logIn(page, baseUrl, drafter.username, drafter.password)
    await page.getByRole('button', { name: 'Ask for help' }).click()
    let form = page.getByRole('dialog', { name: 'Ask for help' })
    await form.getByRole('radio', { name: 'Bicycle maintenance' }).check()
    const DESCRIPTION = 'Tube and pump needed on the ridge path'
    await form.getByLabel('Description').fill(DESCRIPTION)

    // A new release is out: index.html names another entry script, and this release's map chunk is gone.
    const index = readFileSync(WEB_DIST_INDEX, 'utf8').replace(
      /\/assets\/index-[^"]+\.js/,
      '/assets/index-NEWRELEASE.js',
    )
    let releaseChecks = 0
    await context.route('**/index.html?release', async (route) => {
      releaseChecks++
      await route.fulfill({ status: 200, contentType: 'text/html', body: index })
    })
    await failFiles(context, (file) => /^(RequestPointMap|MapView|point-map\.)/.test(file))
    let loads = 0
    page.on('load', () => loads++)

    await form.getByRole('button', { name: 'Adjust the point on the map' }).click()
    await waitUntil(() => loads === 1)
    await page.getByText('Logged in as').waitFor()
    t.equal(releaseChecks, 1, 'the server was asked which release it serves')

    // After the reload: what was being written is there.
    await page.getByRole('button', { name: 'Ask for help' }).click()
    form = page.getByRole('dialog', { name: 'Ask for help' })
    await form.getByLabel('Description').waitFor()
    t.equal(await form.getByLabel('Description').inputValue(), DESCRIPTION, 'the description is kept')
    t.ok(await form.getByRole('radio', { name: 'Bicycle maintenance' }).isChecked(), 'and the category')

    // The same failure again: no second reload, the map says it failed, the form stays.
    await page.evaluate('window.notReloaded = true')
    await form.getByRole('button', { name: 'Adjust the point on the map' }).click()
    await form.getByText('Failed to load map').waitFor()
    await waitUntil(() => releaseChecks === 2)
    // Two frames: a reload the failure would start has begun by then.
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))')
    t.equal(await page.evaluate('window.notReloaded'), true, 'the page was not reloaded again')
    t.equal(loads, 1, 'one reload in all')
    t.equal(await form.getByLabel('Description').inputValue(), DESCRIPTION)
  },
)
