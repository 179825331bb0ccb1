import t from 'tap'
import postgres from 'postgres'
import { suspendAccount } from '../../server/domain/moderation/suspension.ts'
import { notifyInstances } from '../../server/events/bus.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, eventStreamReady, launchBrowser, openContext, screenshot, startServer } from './browser.ts'

/**
 * Suspension and ban in the app (docs/accounts.md, "Suspension and ban"): the suspended user's open app is signed out
 * and told why, until when and how to appeal, in their language; a ban likewise; an admin lifts it from the user's
 * card and the user gets in again.
 */

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const admin: TestUser = { username: 'Valvoja', phone: '050 444 0301', e164: '+358504440301', password: 'valvoja12' }
const rider: TestUser = { username: 'Kiusaaja', phone: '050 444 0302', e164: '+358504440302', password: 'kiusaaja1' }
await createUser(server, admin)
await createUser(server, rider)
const [adminRow] = await sql<{ user_id: number }[]>`
  update users set is_admin = true where user_name = ${admin.username} returning user_id`
const [riderRow] = await sql<{ user_id: number }[]>`select user_id from users where user_name = ${rider.username}`

/**
 * A decision as the reports' decision endpoint makes it, from this process: suspendAccount in a transaction, then
 * every instance told of the requests it changed and of the user (their sessions ended).
 */
async function decide(until: Date | null, reason: string): Promise<void> {
  const changed = await sql.begin((tx) =>
    suspendAccount(tx, { userId: riderRow!.user_id, until, reason, decidedBy: adminRow!.user_id }),
  )
  for (const requestId of changed) await notifyInstances(sql, { type: 'request', requestId, previousHelperId: null })
  await notifyInstances(sql, { type: 'user', userId: riderRow!.user_id })
}

const REASON = 'Rude messages to a helper'

t.test('the open app of a suspended user is signed out and says why, until when and how to appeal', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  const streaming = eventStreamReady(page)
  await logIn(page, server.baseUrl, rider.username, rider.password)
  await streaming

  await decide(new Date(Date.now() + 7 * 86_400_000), REASON)
  await page.waitForURL(`${server.baseUrl}/login`)
  const notice = page.getByRole('alert').filter({ hasText: 'Your account is suspended' })
  await notice.waitFor()
  t.match(await notice.textContent(), /You can use Bike Help again from .*20\d\d/, 'until when, in words')
  t.match(await notice.textContent(), REASON, "the administrator's reason as written")
  t.match(await notice.textContent(), /you can appeal it by email/, 'how to appeal')
  t.equal(
    await notice.getByRole('link', { name: 'support@pyoraapu.fi' }).getAttribute('href'),
    'mailto:support@pyoraapu.fi',
  )
  t.equal(await page.getByText('Logged in as').count(), 0, 'signed out')
  await screenshot(page, 'suspension-signed-out', { fullPage: true })
  await expectNoSeriousViolations(t, page, 'login page with the suspension notice')

  // Logging in again is refused with the same words, and the form stays.
  await page.getByRole('textbox', { name: 'Username or phone number', exact: true }).fill(rider.username)
  await page.getByLabel('Password', { exact: true }).fill(rider.password)
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/user/login'))
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  t.equal((await answered).status(), 403)
  await notice.waitFor()
  t.equal(page.url(), `${server.baseUrl}/login`, 'still on the login page')
  t.same(pageErrors, [])
})

t.test('a ban, in Finnish and dark: the login says so, with the reason and the address', async (t) => {
  await decide(null, 'Valepyyntöjä toistuvasti')
  const { page, pageErrors } = await openContext(t, browser, { locale: 'fi-FI', colorScheme: 'dark' })
  await page.goto(`${server.baseUrl}/login`)
  await page.locator('input[name="identifier"]').fill(rider.username)
  await page.locator('input[name="password"]').fill(rider.password)
  await page.locator('form button[type="submit"]').click()
  const notice = page.getByRole('alert').filter({ hasText: 'Tilisi on suljettu' })
  await notice.waitFor()
  t.match(await notice.textContent(), /Et voi enää käyttää Pyöräapua tällä tilillä/)
  t.match(await notice.textContent(), /Ylläpitäjän perustelu:\s*.?Valepyyntöjä toistuvasti/)
  t.match(await notice.textContent(), /voit hakea siihen muutosta sähköpostilla/)
  await notice.getByRole('link', { name: 'support@pyoraapu.fi' }).waitFor()
  await screenshot(page, 'suspension-banned-fi-dark', { fullPage: true })
  await expectNoSeriousViolations(t, page, 'login page with the ban notice, dark')
  t.same(pageErrors, [])
})

t.test("an admin lifts the ban from the user's card, and the user gets in again", async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, server.baseUrl, admin.username, admin.password)
  await page.goto(`${server.baseUrl}/admin/users`)
  const section = page.getByRole('region', { name: 'Users' })
  const card = section
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: rider.username, exact: true }) })
  await card.getByText('Banned: Valepyyntöjä toistuvasti').waitFor()
  await screenshot(page, 'suspension-admin-card', { fullPage: true })
  await expectNoSeriousViolations(t, page, 'users section with a banned user')

  await card.getByRole('button', { name: `Lift the suspension or ban: ${rider.username}` }).click()
  const dialog = page.getByRole('dialog', { name: `Lift the decision on ${rider.username}?` })
  await dialog.getByText('can log in again at once').waitFor()
  await screenshot(page, 'suspension-lift-confirm')
  await dialog.getByRole('button', { name: 'Lift', exact: true }).click()
  await card.getByText('Banned:').waitFor({ state: 'detached' })
  t.equal(await card.getByRole('button', { name: /^Lift/ }).count(), 0, 'no Lift on a user in good standing')
  const [lifted] = await sql<{ lifted_by: number }[]>`
    select lifted_by from account_suspensions where user_id = ${riderRow!.user_id} and ends_at is null`
  t.equal(lifted!.lifted_by, adminRow!.user_id, 'recorded as lifted by this admin')

  const user = await openContext(t, browser)
  await logIn(user.page, server.baseUrl, rider.username, rider.password)
  t.pass('the user logs in again')
  t.same(pageErrors, [])
  t.same(user.pageErrors, [])
})
