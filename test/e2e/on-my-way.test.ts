import type { Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import postgres from 'postgres'
import t from 'tap'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { askForHelp, livePage, takeOver } from './helping.ts'
import { checkPrerequisites, eventStreamReady, launchBrowser, startServer } from './browser.ts'
import { waitUntil } from '../wait.ts'
import { olMapNextTo } from './ol-map.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const owner: TestUser = { username: 'Oona', phone: '040 333 0201', e164: '+358403330201', password: 'polkupyora' }
const helper: TestUser = { username: 'Heikki', phone: '040 333 0202', e164: '+358403330202', password: 'polkupyora' }
await Promise.all([owner, helper].map((user) => createUser(server, user)))

const REQUEST_AT = { latitude: 60.171234, longitude: 24.941234 }
/** About 3.3 km north of the request, then about 550 m: the helper cycling closer. */
const HELPER_FAR = { latitude: 60.2012, longitude: 24.9412 }
const HELPER_NEAR = { latitude: 60.1762, longitude: 24.9412 }
const REQUEST = /Bicycle maintenance/
const SHOTS = process.env.ON_MY_WAY_SHOTS_DIR ?? '/tmp/pyoraapu-on-my-way-shots'
mkdirSync(SHOTS, { recursive: true })
const MAP = olMapNextTo('.single-map')
const HELPER_DOT = `${MAP}.getAllLayers().map((layer) => layer.getSource && layer.getSource().getFeatureById && layer.getSource().getFeatureById('helper-position')).find(Boolean)`

/**
 * The Screen Wake Lock API as a browser that grants it, recording what the app asks (`window.wakeLocks`): whether
 * headless Chromium grants a real lock is not for a test to depend on. The browser lets a lock go when the page is
 * hidden; `setVisibility` below does that, and what a phone does on unlock. Put in place before sharing starts: the
 * app looks for the API then.
 */
const FAKE_WAKE_LOCK = `(() => {
  const record = (window.wakeLocks = { asked: 0, held: 0, sentinels: [] })
  const wakeLock = {
    request: async (type) => {
      const sentinel = new EventTarget()
      sentinel.type = type
      sentinel.released = false
      sentinel.release = async () => {
        if (sentinel.released) return
        sentinel.released = true
        record.held -= 1
        sentinel.dispatchEvent(new Event('release'))
      }
      record.asked += 1
      record.held += 1
      record.sentinels.push(sentinel)
      return sentinel
    },
  }
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, get: () => wakeLock })
})()`

/**
 * The page hidden (a locked screen, another app: the browser lets the lock go) or shown again, as the app reads it.
 * Only the document's word for it: Chromium still reports positions, which the test sets anyway.
 */
const setVisibility = (state: 'hidden' | 'visible') => `(async () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${state}' })
  if ('${state}' === 'hidden') for (const sentinel of window.wakeLocks.sentinels) await sentinel.release()
  document.dispatchEvent(new Event('visibilitychange'))
})()`

/** The map's lower half, its legend and the lines under it in view. */
async function shoot(page: Page, name: string) {
  await page.evaluate(`document.querySelector('.map-legend').scrollIntoView({ block: 'center' })`)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, animations: 'disabled', caret: 'hide' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

t.test('the owner sees the helper approach on the map', async (t) => {
  const o = await livePage(t, browser, baseUrl, owner, REQUEST_AT)
  const h = await livePage(t, browser, baseUrl, helper, HELPER_FAR)

  await askForHelp(o.page, 'Chain off near the square')

  const helping = await takeOver(h.page)
  const share = helping.getByRole('button', { name: 'Share my location with Oona' })
  await share.waitFor()
  const shareBox = await share.boundingBox()
  t.ok(shareBox && shareBox.height >= 44, `the switch is at least 44 px high (${shareBox?.height})`)
  await helping.getByText(/^About 1\d min by bike from here$/).waitFor()

  // The owner's detail is open before the helper shares: the dot arrives live.
  await o.page.getByRole('button', { name: REQUEST }).click()
  const own = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await own.locator('.single-map').waitFor()
  t.equal(await own.getByTestId('approach-line').count(), 0, 'nothing shared yet')

  await h.page.evaluate(FAKE_WAKE_LOCK)
  const shared = h.page.waitForResponse(
    (r) => r.url().endsWith('/responder-position') && r.request().method() === 'PUT',
  )
  await share.click()
  t.equal((await shared).status(), 200)
  await helping.getByText('Your location is shared with Oona until you stop or the help ends.').waitFor()
  await helping.getByText('Keep the app open to keep sharing.').waitFor()
  // The screen is kept on while sharing, and asked for again when the page comes back into view.
  await waitUntil(() => h.page.evaluate<boolean>('window.wakeLocks.held === 1'))
  await h.page.evaluate(setVisibility('hidden'))
  await h.page.evaluate(setVisibility('visible'))
  await waitUntil(() => h.page.evaluate<boolean>('window.wakeLocks.asked === 2 && window.wakeLocks.held === 1'))
  const far = own.getByText(/^Heikki is 3[.,]3 km away · about 11 min$/)
  await far.waitFor()
  await own.getByText('Helper (Heikki)').waitFor()
  await waitUntil(() => o.page.evaluate<boolean>(`Boolean(${HELPER_DOT}) && Boolean(${HELPER_DOT}.getGeometry())`))
  const farDot = await o.page.evaluate<number[]>(`${HELPER_DOT}.getGeometry().getCoordinates()`)
  await shoot(o.page, 'owner-far')
  await shoot(h.page, 'helper-sharing')

  // The helper closes the detail and rides closer: sharing goes on (their card says so), and the owner's line and
  // dot follow, within the 5 s interval and the live delay.
  await helping.getByRole('button', { name: 'Close' }).click()
  const row = h.page.getByRole('button', { name: REQUEST })
  await row.getByText('Sharing location').waitFor()
  for (const colorScheme of ['light', 'dark'] as const) {
    await h.page.emulateMedia({ colorScheme })
    await h.page.screenshot({ path: `${SHOTS}/helper-card-${colorScheme}.png`, animations: 'disabled' })
    await expectNoSeriousViolations(t, h.page, `the helper’s card while sharing, ${colorScheme}`)
  }
  await h.page.emulateMedia({ colorScheme: 'light' })
  await h.context.setGeolocation(HELPER_NEAR)
  await own.getByText(/^Heikki is 0[.,]\d km away · about 2 min$/).waitFor()
  await row.click()
  const nearDot = await o.page.evaluate<number[]>(`${HELPER_DOT}.getGeometry().getCoordinates()`)
  t.ok(nearDot[1]! < farDot[1]!, 'the dot moved south, toward the request')
  await helping.getByText(/^About 2 min by bike from here$/).waitFor()
  await shoot(o.page, 'owner-near')

  await expectNoSeriousViolations(t, o.page, 'the owner’s detail with the helper on the way')
  await o.page.emulateMedia({ colorScheme: 'dark' })
  await expectNoSeriousViolations(t, o.page, 'the owner’s detail, dark')
  await o.page.emulateMedia({ colorScheme: 'light' })
  await expectNoSeriousViolations(t, h.page, 'the helper’s detail while sharing')
  await h.page.emulateMedia({ colorScheme: 'dark' })
  await expectNoSeriousViolations(t, h.page, 'the helper’s detail while sharing, dark')
  await h.page.emulateMedia({ colorScheme: 'light' })

  // The helper's screen locks, so their updates stop coming (hidden, the app sends no old fix again either): the
  // owner who opens the app 3 minutes after the last one reads when the helper was last seen, and the dot is drawn
  // hollow, as stale, said in the legend too.
  await h.page.evaluate(setVisibility('hidden'))
  t.equal(await h.page.evaluate('window.wakeLocks.held'), 0, 'the lock went with the page hidden')
  const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  await sql`update responder_positions set shared_at = shared_at - interval '3 minutes'`
  const ownerLive = eventStreamReady(o.page)
  // The open detail is in the address (?request=), so it opens again with the reload.
  await o.page.reload()
  await ownerLive
  await own.getByText(/^Heikki was 0[.,]\d km away · last seen 3 min ago$/).waitFor()
  await own.getByText('Helper (Heikki), last known position').waitFor()
  await waitUntil(() =>
    o.page.evaluate<boolean>(`${HELPER_DOT}?.get('stale') === true && Boolean(${HELPER_DOT}.getGeometry())`),
  )
  await shoot(o.page, 'owner-stale')
  await expectNoSeriousViolations(t, o.page, 'the owner’s detail with a stale helper position')
  // The helper unlocks their phone and rides on: current again, live.
  await h.page.evaluate(setVisibility('visible'))
  await waitUntil(() => h.page.evaluate<boolean>('window.wakeLocks.held === 1'))
  await h.context.setGeolocation(HELPER_FAR)
  await far.waitFor()
  await waitUntil(() => o.page.evaluate<boolean>(`${HELPER_DOT}.get('stale') === false`))
  await own.getByText('Helper (Heikki)', { exact: true }).waitFor()

  // The helper's app reloads (a new release, a phone that closed it in the background): sharing goes on by itself,
  // with no tap (the permission holds), so the owner keeps a current position instead of "last seen 4 min ago".
  await h.page.addInitScript(FAKE_WAKE_LOCK)
  const helperLive = eventStreamReady(h.page)
  const resumed = h.page.waitForResponse(
    (r) => r.url().endsWith('/responder-position') && r.request().method() === 'PUT' && r.status() === 200,
  )
  await h.page.reload()
  await helperLive
  await resumed
  t.pass('after the reload the position goes to the server again, untouched')
  await helping.getByText('Your location is shared with Oona until you stop or the help ends.').waitFor()
  await waitUntil(() => h.page.evaluate<boolean>('window.wakeLocks.held === 1'))
  await h.context.setGeolocation(HELPER_NEAR)
  await own.getByText(/^Heikki is 0[.,]\d km away · about 2 min$/).waitFor()
  await waitUntil(() => o.page.evaluate<boolean>(`${HELPER_DOT}.get('stale') === false`))

  // One tap stops it: the owner's line and dot go, live; and the screen may lock again.
  await helping.getByRole('button', { name: 'Stop sharing' }).click()
  await helping.getByRole('button', { name: 'Share my location with Oona' }).waitFor()
  await waitUntil(() => h.page.evaluate<boolean>('window.wakeLocks.held === 0'))
  await own.getByTestId('approach-line').waitFor({ state: 'detached' })
  await waitUntil(() => o.page.evaluate<boolean>(`!${HELPER_DOT}.getGeometry()`))
  t.equal(await own.getByText('Helper (Heikki)').count(), 0, 'the legend drops the helper')

  // Sharing again, then the owner removes the helper: the sharing ends by itself on both sides.
  await helping.getByRole('button', { name: 'Share my location with Oona' }).click()
  await own.getByTestId('approach-line').waitFor()
  await own.getByRole('button', { name: 'Remove the helper' }).click()
  await o.page
    .getByRole('dialog', { name: 'Remove Heikki as helper?' })
    .getByRole('button', { name: 'Remove', exact: true })
    .click()
  await own.getByTestId('approach-line').waitFor({ state: 'detached' })
  await helping
    .getByText('Your location is shared with Oona until you stop or the help ends.')
    .waitFor({ state: 'detached' })
  t.equal((await sql`select 1 from responder_positions`).length, 0, 'nothing stored after the response ended')

  for (const { pageErrors } of [o, h]) t.same(pageErrors, [], 'no errors in the page')
})
