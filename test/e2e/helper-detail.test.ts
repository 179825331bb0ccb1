import type { Locator, Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { distanceKm, formatKm } from '../../web/src/features/requests/distance.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'

checkPrerequisites()
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const owner: TestUser = { username: 'Omistaja', phone: '040 555 0001', e164: '+358405550001', password: 'polkupyora' }
const helper: TestUser = { username: 'Auttaja', phone: '040 555 0002', e164: '+358405550002', password: 'polkupyora' }
await Promise.all([owner, helper].map((user) => createUser(server, user)))

/** The phone the issue measured: what a helper decides on must be on this first screen. */
const PHONE = { width: 390, height: 844 }
const AT_OWNER = { latitude: 60.171234, longitude: 24.941234 }
const AT_HELPER = { latitude: 60.1855, longitude: 24.9601 }
// A description as long as people write them at the roadside, two lines and more on a phone.
const DESCRIPTION =
  'Rear tyre punctured on the gravel path by the shore, and my pump does not fit the valve. ' +
  'I have a spare tube with me but no tyre levers, and the kids are waiting with me.'

async function userPage(t: Test, user: TestUser, geolocation: typeof AT_OWNER, colorScheme: 'light' | 'dark') {
  const opened = await openContext(t, browser, {
    viewport: PHONE,
    geolocation,
    permissions: ['geolocation'],
    colorScheme,
  })
  await logIn(opened.page, baseUrl, user.username, user.password)
  return opened
}

/** POST /api/requests as the page's user (code run in the page is a string: this tsconfig has no DOM types). */
async function askForHelp(page: Page): Promise<number> {
  const body = JSON.stringify({
    category: 'bicycle_maintenance',
    description: DESCRIPTION,
    ...AT_OWNER,
    isApproximate: 0,
  })
  return page.evaluate<number>(
    `fetch('/api/requests', { method: 'POST', body: ${JSON.stringify(body)}, headers: {` +
      " 'content-type': 'application/json', Authorization: 'Bearer ' + localStorage.getItem('token') } })" +
      '.then((r) => r.json()).then((request) => request.request_id)',
  )
}

/** Where `target` is on the screen, as it is now: nothing is scrolled into view to measure it. */
async function box(target: Locator) {
  const measured = await target.boundingBox()
  if (!measured) throw new Error('not on screen')
  return measured
}

async function withinFirstScreen(t: Test, target: Locator, what: string): Promise<void> {
  const { y, height } = await box(target)
  t.ok(
    y >= 0 && y + height <= PHONE.height,
    `${what} is within the first screen (${y}–${y + height} of ${PHONE.height})`,
  )
}

t.test('a helper reads what is wrong, how far and the action first; the rest follows', async (t) => {
  const o = await userPage(t, owner, AT_OWNER, 'light')
  await askForHelp(o.page)

  for (const colorScheme of ['light', 'dark'] as const) {
    const h = await userPage(t, helper, AT_HELPER, colorScheme)
    await h.page.getByRole('button', { name: /Bicycle maintenance/ }).click()
    const dialog = h.page.getByRole('dialog', { name: 'Bicycle maintenance' })
    const description = dialog.getByText(DESCRIPTION)
    const takeOver = dialog.getByRole('button', { name: 'I’m working on it' })
    const km = formatKm(distanceKm(AT_HELPER, AT_OWNER), 'en')
    const distance = dialog.getByText(`${km} km away`)
    await Promise.all([description.waitFor(), takeOver.waitFor(), distance.waitFor()])
    // The map's chunk has come too: its height can no longer push anything down.
    await dialog.locator('.ol-viewport canvas').first().waitFor()

    const scrolled = await dialog.locator('.dialog__body').evaluate((body: { scrollTop: number }) => body.scrollTop)
    t.equal(scrolled, 0, 'the detail is not scrolled')
    await withinFirstScreen(t, dialog.getByRole('heading', { name: 'Bicycle maintenance' }), 'the category (title)')
    await withinFirstScreen(t, description, 'the description')
    await withinFirstScreen(t, distance, 'the distance')
    await withinFirstScreen(t, takeOver, '“I’m working on it”')
    t.ok(await takeOver.isEnabled(), 'and it can be pressed')

    const below = async (target: Locator, what: string) =>
      t.ok((await box(target)).y > (await box(takeOver)).y, `${what} follows the action`)
    await below(dialog.getByText('Asked by'), 'who asked')
    await below(dialog.getByText('Status', { exact: true }), 'the status')
    await below(dialog.getByText('Created', { exact: true }), 'the times')
    await below(dialog.getByRole('heading', { name: 'Location' }), 'the map')
    t.equal(await dialog.getByRole('heading', { name: 'Description' }).count(), 1, 'the description once')
    t.equal(await dialog.getByText(`${km} km away`).count(), 1, 'the distance once')

    await screenshot(h.page, `helper-detail-${colorScheme}`)
    await expectNoSeriousViolations(t, h.page, `the helper's detail, ${colorScheme}`)

    if (colorScheme === 'dark') {
      // Once helping, the release goes to the end: what stays on top is what is wrong and how far.
      await takeOver.click()
      const release = dialog.getByRole('button', { name: 'Release the request' })
      await release.waitFor()
      t.ok(
        (await box(dialog.getByRole('heading', { name: 'Messages' }))).y < (await box(release)).y,
        'helping: the release after the conversation',
      )
      await withinFirstScreen(t, description, 'helping: the description')
    }
  }

  // The owner's view keeps its order: their request's state first, then the map, the description and the actions.
  await o.page.getByRole('button', { name: /Bicycle maintenance/ }).click()
  const own = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await own.getByText(DESCRIPTION).waitFor()
  await own.getByRole('button', { name: 'Mark ready' }).waitFor()
  const order = await Promise.all(
    [
      own.getByText('Status', { exact: true }),
      own.getByRole('heading', { name: 'Location' }),
      own.getByRole('heading', { name: 'Description' }),
      own.getByRole('button', { name: 'Mark ready' }),
    ].map(async (target) => (await box(target)).y),
  )
  t.same(
    order,
    [...order].sort((a, b) => a - b),
    'owner: status, location, description, actions',
  )
  // The owner's own distance to their request is noise; how far the helper was ("… was about 4 km away") is not.
  t.equal(await own.getByText(/^[\d.,]+ km away$/).count(), 0, 'no distance to one’s own request')
  await screenshot(o.page, 'helper-detail-owner-light')
})
