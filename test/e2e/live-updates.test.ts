import type { Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { checkPrerequisites, launchBrowser, startServer, screenshot } from './browser.ts'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { askForHelp, livePage } from './helping.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
// The detail modal's map gets its tiles from the local tile server startServer starts (no internet here).
const server = await startServer(t)
const { baseUrl } = server

const alice: TestUser = { username: 'Alma', phone: '040 333 0001', e164: '+358403330001', password: 'polkupyora' }
const bob: TestUser = { username: 'Bruno', phone: '040 333 0002', e164: '+358403330002', password: 'polkupyora' }
await Promise.all([alice, bob].map((user) => createUser(server, user)))

const AT_ALICE = { latitude: 60.171234, longitude: 24.941234 }
const AT_BOB = { latitude: 60.1855, longitude: 24.9601 }
const REQUEST = /Bicycle maintenance/

/** Logged in and listening live, with a marker to detect reloads. */
async function livePageMarked(t: Test, user: TestUser, geolocation: { latitude: number; longitude: number }) {
  const opened = await livePage(t, browser, baseUrl, user, geolocation)
  await opened.page.evaluate('window.notReloaded = true')
  return opened
}

const notReloaded = (page: Page) => page.evaluate<boolean>('window.notReloaded === true')

t.test('changes reach an open page without a reload', async (t) => {
  const b = await livePageMarked(t, bob, AT_BOB)
  await b.page.getByText('No help requests to show right now.').waitFor()
  const a = await livePageMarked(t, alice, AT_ALICE)

  // A asks for help; B's open list shows it.
  await askForHelp(a.page, 'Flat tyre at the station')
  const row = b.page.getByRole('button', { name: REQUEST })
  await row.waitFor()
  t.ok(await row.getByText('New').isVisible(), 'B sees the new request')

  // B takes it over; A is told, politely, and can dismiss the notice.
  await row.click()
  const dialog = b.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await dialog.getByRole('button', { name: 'I’m working on it' }).click()
  await dialog.getByRole('button', { name: 'Release the request' }).waitFor()
  // Bruno reported his location about 1.9 km from the request: whole kilometres for Alma.
  const notice = a.page.getByText('Bruno is working on your request (Bicycle maintenance), about 2 km from it.')
  await notice.waitFor()
  t.equal(await a.page.locator('[aria-live="polite"]').filter({ has: notice }).count(), 1, 'in a polite live region')
  t.ok(await a.page.getByRole('button', { name: REQUEST }).getByText('In progress').isVisible(), 'A’s list follows')
  // How far the helper was stays on A's own card, and in the detail, after the notice goes.
  const ownCard = a.page.getByRole('button', { name: REQUEST })
  await ownCard.getByText('Bruno was about 2 km away').waitFor()
  t.notMatch(await ownCard.locator('.request-row__distance').textContent(), /·\s*$/, 'no dangling separator')
  await screenshot(a.page, 'live-takeover-notice')
  await a.page.getByRole('button', { name: 'Dismiss notice' }).click()
  await notice.waitFor({ state: 'hidden' })

  // A marks it ready; B's open modal, and then B's list, show it completed.
  await a.page.getByRole('button', { name: REQUEST }).click()
  const own = a.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await own.getByText('Bruno was about 2 km away').waitFor()
  t.pass('and in the owner’s detail, beside the helper’s name')
  await own.getByRole('button', { name: 'Mark ready' }).click()
  const ready = a.page.getByRole('dialog', { name: 'Mark the request ready?' })
  await ready.getByRole('radio', { name: 'Yes' }).check()
  await ready.getByRole('button', { name: 'Mark ready' }).click()
  await ready.waitFor({ state: 'hidden' })
  // The thank-you step that follows "Yes" (test/e2e/thanks.test.ts) is skipped here.
  await a.page.getByRole('dialog', { name: 'Thank your helper' }).getByRole('button', { name: 'Skip' }).click()
  await dialog.getByText('Completed', { exact: true }).waitFor()
  t.equal(await dialog.locator('a[href^="tel:"]').count(), 0, 'B’s modal lost the phone numbers')
  t.equal(await dialog.getByRole('button', { name: 'Release the request' }).count(), 0, 'and the actions')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await row.getByText('Completed').waitFor()
  await screenshot(b.page, 'live-completed')

  t.ok(await notReloaded(a.page), 'A’s page was never reloaded')
  t.ok(await notReloaded(b.page), 'B’s page was never reloaded')
  for (const { pageErrors } of [a, b]) t.same(pageErrors, [], 'no errors in the page')
})
