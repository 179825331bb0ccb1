import type { Locator, Page } from 'playwright-core'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, screenshot, startServer } from './browser.ts'
import { askForHelp, livePage } from './helping.ts'
import { away, placeUser } from '../push-helpers.ts'

/**
 * The waiting owner's progress (docs/product.md#progress-while-waiting): the counts change live as helpers are
 * alerted and open the request, and "Alert more helpers now" sends the next round at once, then waits 2 minutes.
 */

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t, {
  ALERT_FIRST_WAVE: 2,
  ALERT_MAX_RECIPIENTS: 200,
  // Only "Alert more helpers now" brings the next round here.
  ALERT_ESCALATE_AFTER: 3600,
})
const { baseUrl } = server
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const owner: TestUser = { username: 'Pirkko', phone: '040 333 0301', e164: '+358403330301', password: 'polkupyora' }
const looker: TestUser = { username: 'Lasse', phone: '040 333 0302', e164: '+358403330302', password: 'polkupyora' }
const farOwner: TestUser = { username: 'Ritva', phone: '040 333 0303', e164: '+358403330303', password: 'polkupyora' }
await Promise.all([owner, looker, farOwner].map((user) => createUser(server, user)))

const REQUEST_AT = { latitude: 60.171234, longitude: 24.941234 }
// Subscribed helpers nearby, written straight into the database: the rounds record them as alerted whether or not
// their (made-up) push service answers.
const helpers = []
for (let km = 1; km <= 6; km++)
  helpers.push(await placeUser(sql, 'https://push.invalid', { at: away(REQUEST_AT, km, 45), radius: 20 }))
// The one 2 km away carries a pump (docs/product.md#abilities): the first round takes them, and says so.
await sql`update users set ability_kit = '{pump_presta}' where user_id = ${helpers[1]!.userId}`

/** Both colour schemes at 390 px, the block in view. */
async function shoot(page: Page, block: Locator, name: string) {
  await block.scrollIntoViewIfNeeded()
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await screenshot(page, `${name}-${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** The looker opens the request as the app does: the detail, then its view counted. */
async function openAsLooker(t: Test, id: number) {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: looker.username, password: looker.password }),
  })
  const { token } = (await login.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  t.equal((await fetch(`${baseUrl}/api/requests/${id}`, { headers })).status, 200)
  const viewed = await fetch(`${baseUrl}/api/requests/${id}/add-view`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  })
  t.equal(viewed.status, 200)
}

t.test('the owner watches helpers being alerted and alerts more', async (t) => {
  const { page, pageErrors } = await livePage(t, browser, baseUrl, owner, REQUEST_AT)
  await page.setViewportSize({ width: 390, height: 844 })
  await askForHelp(page, 'Rear tyre flat by the market')
  await page.getByRole('button', { name: /Bicycle maintenance/ }).click()
  const detail = page.getByRole('dialog', { name: 'Bicycle maintenance' })
  const block = detail.getByRole('region', { name: 'Finding a helper' })
  await block.getByText('2 helpers alerted').waitFor()
  t.pass('the first round: 2 helpers alerted, live')
  await block.getByText('1 with tools or spares').waitFor()
  t.pass('of whom 1 has what fits the request')
  await block.getByText(/^Next alert round in (59 minutes|1 hour)$/).waitFor()
  const button = block.getByRole('button', { name: 'Alert more helpers now' })
  t.ok(await button.isDisabled(), 'not within 2 minutes of the first round')
  t.equal(await button.getAttribute('aria-describedby'), 'alert-more-wait', 'the reason is tied to the disabled button')
  await block.getByText('You can alert more helpers again in 2 minutes.').waitFor()
  await shoot(page, block, 'waiting-progress-first-round-390')
  await expectNoSeriousViolations(t, page, 'the progress block, first round')

  const [row] = await sql<{ request_id: number }[]>`select request_id from requests`
  const id = row!.request_id
  // Three minutes pass (the round's time moved back), then someone opens the request: the owner hears both.
  await sql`update push_waves set last_wave_at = now() - interval '3 minutes' where request_id = ${id}`
  await openAsLooker(t, id)
  await block.getByText('1 opened it').waitFor()
  t.pass('"1 opened it" arrived live')
  await block.getByRole('button', { name: 'Alert more helpers now', disabled: false }).waitFor()
  t.equal(await block.getByText(/You can alert more helpers again/).count(), 0, 'no reason to wait any more')

  await button.click()
  await block.getByText('More helpers are being alerted.').waitFor()
  await block.getByText('4 helpers alerted').waitFor()
  t.pass('the next round went out at once: 4 helpers alerted, live')
  t.ok(await button.isDisabled(), 'and the button waits again')
  await block.getByText('You can alert more helpers again in 2 minutes.').waitFor()
  await shoot(page, block, 'waiting-progress-alerted-more-390')
  await expectNoSeriousViolations(t, page, 'the progress block after alerting more')
  t.same(pageErrors, [], 'no errors in the page')
})

// docs/product.md#progress-while-waiting, "When nobody is near": the words and the other ways are checked in
// test/component/waiting-progress.test.ts; here the block as drawn at 390 px, in both schemes, and axe.
t.test('far from every helper: the block says so and offers the other ways right there', async (t) => {
  const { page, pageErrors } = await livePage(t, browser, baseUrl, farOwner, { latitude: 66.5, longitude: 25.7 })
  await page.setViewportSize({ width: 390, height: 844 })
  await askForHelp(page, 'Chain snapped on the ridge road')
  await page.getByRole('button', { name: /Bicycle maintenance/ }).click()
  const detail = page.getByRole('dialog', { name: 'Bicycle maintenance' })
  const block = detail.getByRole('region', { name: 'Finding a helper' })
  await block.getByText('No helpers within reach yet').waitFor()
  t.pass('the first round found nobody, and the block says so')
  await block.getByText('Meanwhile, other ways to get help:').waitFor()
  t.equal(await block.getByRole('link', { name: 'Send by SMS to someone you trust' }).count(), 1, 'the SMS')
  t.equal(await block.getByRole('link', { name: 'Life in danger? Call 112' }).count(), 1, 'the 112 line')
  t.equal(await detail.getByRole('link', { name: 'Life in danger? Call 112' }).count(), 1, 'once in the detail')
  await shoot(page, block, 'waiting-progress-nobody-near-390')
  await expectNoSeriousViolations(t, page, 'the progress block, nobody near')
  t.same(pageErrors, [], 'no errors in the page')
})
