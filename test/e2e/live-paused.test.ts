/**
 * A user's live sockets are bounded per instance (docs/live-and-push.md): a page whose socket a newer one
 * replaced (4409) does not reconnect by itself, says calmly that its live updates are paused, and resumes on request.
 * The limit is 1 here, so two pages are already one too many.
 */
import t from 'tap'
import { checkPrerequisites, eventStreamReady, launchBrowser, screenshot, startServer } from './browser.ts'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { askForHelp, livePage } from './helping.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t, { LIVE_SOCKETS_PER_USER: 1 })
const { baseUrl } = server

const rider: TestUser = { username: 'Pauliina', phone: '040 333 0101', e164: '+358403330101', password: 'polkupyora' }
const asker: TestUser = { username: 'Kysyjä', phone: '040 333 0102', e164: '+358403330102', password: 'polkupyora' }
await Promise.all([rider, asker].map((user) => createUser(server, user)))

const HERE = { latitude: 60.171234, longitude: 24.941234 }
const PAUSED = 'Live updates are paused here because the app is open in many other tabs or devices.'
const REQUEST = /Bicycle maintenance/

t.test('the older page pauses, the newer keeps listening, and resuming swaps them', async (t) => {
  const older = await livePage(t, browser, baseUrl, rider, HERE)
  const newer = await livePage(t, browser, baseUrl, rider, HERE)
  const olderNotice = older.page.getByRole('status').filter({ hasText: PAUSED })
  await olderNotice.waitFor()
  t.pass('the older page says its live updates are paused')
  await screenshot(older.page, 'live-paused')
  t.equal(await newer.page.getByText(PAUSED).count(), 0, 'the newer one does not')

  // A change while the older page is paused reaches the newer one live.
  const other = await livePage(t, browser, baseUrl, asker, HERE)
  await askForHelp(other.page, 'Chain off near the market')
  await newer.page.getByRole('button', { name: REQUEST }).waitFor()
  t.ok(await olderNotice.isVisible(), 'the older page is still paused: it did not reconnect by itself')

  // The user comes back to the older page and resumes: it connects, fetches what it missed, and the other pauses.
  const resumed = eventStreamReady(older.page)
  await older.page.getByRole('button', { name: 'Resume live updates' }).click()
  await resumed
  await olderNotice.waitFor({ state: 'hidden' })
  await older.page.getByRole('button', { name: REQUEST }).waitFor()
  t.pass('the older page shows the request made while it was paused')
  await newer.page.getByRole('status').filter({ hasText: PAUSED }).waitFor()
  t.pass('and now the newer page is the paused one')
  for (const { pageErrors } of [older, newer, other]) t.same(pageErrors, [], 'no errors in the page')
})
