import type { BrowserContext, Page } from 'playwright-core'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { askForHelp, atLeastTouchSize, livePage, takeOver } from './helping.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { waitUntil } from '../wait.ts'

checkPrerequisites()

const browser = await launchBrowser(t, { serviceWorker: true })
const server = await startServer(t)
const { baseUrl } = server

const owner: TestUser = { username: 'Oona', phone: '040 333 0401', e164: '+358403330401', password: 'polkupyora' }
const helper: TestUser = { username: 'Heikki', phone: '040 333 0402', e164: '+358403330402', password: 'polkupyora' }
await Promise.all([owner, helper].map((user) => createUser(server, user)))

const REQUEST_AT = { latitude: 60.171234, longitude: 24.941234 }
/** About 3.3 km north of the request. */
const HELPER_AT = { latitude: 60.2012, longitude: 24.9412 }
const REQUEST = /Bicycle maintenance/

/**
 * The page asks the server every 12 s: a change shows up at the next ask, so these waits have no deadline of their
 * own (docs/testing.md, "Waiting"); the file's timeout ends one that never comes.
 */
const headlineIs = (page: Page, text: string) =>
  waitUntil(() =>
    page.evaluate<boolean>(
      `document.querySelector('.shared-status__headline')?.textContent === ${JSON.stringify(text)}`,
    ),
  )

/** The device off the network and back: the shared page then asks at once (it also asks every 12 s). */
async function backOnline(context: BrowserContext) {
  await context.setOffline(true)
  await context.setOffline(false)
}

/** Light and dark: a screenshot to look at and the axe check (of the colour rules in the dark: test/e2e/axe.ts). */
async function shootAndCheck(t: Test, page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await screenshot(page, `share-link-${name}-${colorScheme}`, { fullPage: true })
    await expectNoSeriousViolations(t, page, `${name}, ${colorScheme}`, { colourOnly: colorScheme === 'dark' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

t.test('a link shared with a friend follows the request live until it is closed', async (t) => {
  const o = await livePage(t, browser, baseUrl, owner, REQUEST_AT)
  const h = await livePage(t, browser, baseUrl, helper, HELPER_AT)
  await askForHelp(o.page, 'Chain off near the square')

  // The owner shares from the detail. Headless Chromium on Linux has no share menu: a stand-in records what the
  // app hands to the Web Share API; the copy and the SMS link are the fallbacks every browser gets.
  await o.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  await o.page.evaluate(`Object.defineProperty(Navigator.prototype, 'share', {
    configurable: true,
    value: async (data) => { window.sharedWithMenu = data },
  })`)
  await o.page.getByRole('button', { name: REQUEST }).click()
  const own = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await own.getByText(/without an account: its status, description, place as you share it/).waitFor()
  const create = own.getByRole('button', { name: 'Share with someone you trust' })
  await atLeastTouchSize(t, create, 'the share button')
  await create.click()
  const field = own.getByRole('textbox', { name: 'Link' })
  await field.waitFor()
  const url = await field.inputValue()
  t.match(url, new RegExp(`^${baseUrl}/s/[A-Za-z0-9_-]{43}$`), 'the link is the page of the app')
  await own
    .getByText(/^This request is shared with a link\. It works until \w+,? \d?\d:\d\d( [AP]M)?, or an hour after/)
    .waitFor()
  t.same(
    await o.page.evaluate('window.sharedWithMenu'),
    { title: 'My help request', text: 'I asked for help on Bike Help. You can follow how it goes here:', url },
    'the share menu got the link',
  )
  const sms = own.getByRole('link', { name: 'Send as a text message' })
  t.equal(
    await sms.getAttribute('href'),
    `sms:?&body=${encodeURIComponent(`I asked for help on Bike Help. You can follow how it goes here: ${url}`)}`,
  )
  await own.getByRole('button', { name: 'Copy the link' }).click()
  await own.getByText('Link copied').waitFor()
  t.equal(await o.page.evaluate('navigator.clipboard.readText()'), url, 'the link is on the clipboard')
  for (const name of ['Share the link', 'Copy the link', 'Stop sharing the link'])
    await atLeastTouchSize(t, own.getByRole('button', { name }), name)
  await field.scrollIntoViewIfNeeded()
  await shootAndCheck(t, o.page, 'owner-detail')
  await own.getByRole('button', { name: 'Stop sharing the link' }).scrollIntoViewIfNeeded()
  await screenshot(o.page, 'share-link-owner-detail-actions')

  // A friend without an account opens it in a browser of their own.
  const friend = await openContext(t, browser)
  await friend.page.goto(url)
  await friend.page.getByRole('heading', { level: 1, name: 'Shared help request' }).waitFor()
  await headlineIs(friend.page, 'Waiting for a helper')
  const page = friend.page
  await page.getByText('Chain off near the square').waitFor()
  await page.getByText('Bicycle maintenance').waitFor()
  await page.locator('.single-map .ol-viewport canvas').first().waitFor()
  t.equal(await page.getByText('040').count(), 0, 'no phone number')
  t.equal(await page.getByText('Oona').count(), 0, 'not even the owner’s name')
  await shootAndCheck(t, page, 'waiting')

  // In the friend's language: a Finnish browser gets the page in Finnish.
  const finnish = await openContext(t, browser, { locale: 'fi-FI' })
  await finnish.page.goto(url)
  await finnish.page.getByRole('heading', { level: 1, name: 'Jaettu avunpyyntö' }).waitFor()
  await headlineIs(finnish.page, 'Odottaa auttajaa')
  await finnish.page.locator('.single-map .ol-viewport canvas').first().waitFor()
  await screenshot(finnish.page, 'share-link-waiting-fi', { fullPage: true })
  await finnish.context.close()

  // A helper takes it over: the friend's page follows by itself.
  const helping = await takeOver(h.page)
  await headlineIs(page, 'Heikki is helping')
  await page.getByText('About 3 km from the request').waitFor()
  await shootAndCheck(t, page, 'helping')

  // The helper shares their position with the owner: the friend reads "on the way", never the position. The change
  // above came with the page's own 12 s ask; from here on the friend's device drops off the network and comes back,
  // and the page asks at once when it is online again (useSharedRequest), instead of at its next turn.
  await helping.getByRole('button', { name: 'Share my location with Oona' }).click()
  await helping.getByText('Your location is shared with Oona until you stop or the help ends.').waitFor()
  await backOnline(friend.context)
  await headlineIs(page, 'Heikki is on the way')

  // The owner marks it ready: the friend's page says the request is closed, and asks no more.
  await own.getByRole('button', { name: 'Mark ready' }).click()
  const ready = o.page.getByRole('dialog', { name: 'Mark the request ready?' })
  await ready.getByRole('radio', { name: 'Yes' }).check()
  await ready.getByRole('button', { name: 'Mark ready' }).click()
  await o.page.getByRole('dialog', { name: 'Thank your helper' }).getByRole('button', { name: 'Skip' }).click()
  await backOnline(friend.context)
  await headlineIs(page, 'This request is closed')
  await page.getByText(/^Marked ready at \d?\d:\d\d( [AP]M)?\.$/).waitFor()
  await shootAndCheck(t, page, 'closed')

  // Completed, the owner's detail still offers to stop the link early; stopped, the link shows it is over.
  await own.getByRole('button', { name: 'Stop sharing the link' }).click()
  await own.getByText('The link no longer works.').waitFor()
  t.equal(await own.getByRole('button', { name: 'Share with someone you trust' }).count(), 0, 'completed: no new link')
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'This link is no longer valid' }).waitFor()
  await page.getByText(/has stopped sharing, or the request has ended/).waitFor()
  await shootAndCheck(t, page, 'not-valid')

  const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  t.equal((await sql`select 1 from share_links`).length, 0, 'nothing left of the link')
  for (const { pageErrors } of [o, h, friend]) t.same(pageErrors, [], 'no errors in the page')
})
