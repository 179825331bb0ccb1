import t from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import postgres from 'postgres'
import { BUS_LEASE_MS, notifyInstances } from '../../server/events/bus.ts'
import { createUser, logIn, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const user: TestUser = { username: 'Ylennetty', phone: '050 444 0001', e164: '+358504440001', password: 'rooli1234' }
await createUser(server, user)

/**
 * What `npm run admin -- grant|revoke` does on a PostgreSQL server (server/cli/admin.ts): the change and its NOTIFY in
 * one transaction, then the bus lease, after which no instance answers from a copy with the old role.
 */
async function setAdmin(isAdmin: boolean) {
  await sql.begin(async (tx) => {
    const [row] = await tx<{ user_id: number }[]>`
      update users set is_admin = ${isAdmin} where user_name = ${user.username} returning user_id`
    await notifyInstances(tx, { type: 'user', userId: row!.user_id })
  })
  // The command's own step, not a guess at how long something takes: after the lease an instance has either heard
  // the NOTIFY or is not current and reads the database (docs/adr/0010-session-cache.md), however slow the machine.
  await sleep(BUS_LEASE_MS)
}

t.test('a granted or revoked role shows at once, and after a reload, not at the next token refresh', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, server.baseUrl, user.username, user.password)
  const settings = await openSettingsSection(page, /^Account/)
  await settings.getByRole('button', { name: 'Delete account' }).waitFor()
  t.equal(await settings.getByText(/^Registered users/).count(), 0, 'not an admin yet')

  await setAdmin(true)
  await settings.getByText(/^Registered users: \d+/).waitFor()
  t.pass('granted: admin mode appears live, with the settings open')
  await screenshot(page, 'admin-role-granted')

  await setAdmin(false)
  await settings.getByText(/^Registered users/).waitFor({ state: 'detached' })
  t.pass('revoked: it goes live')

  // The access token still says "no admin" (it lives 15 minutes): only the server's answer at start can tell. Granted
  // while the app is closed, so no live stream hears of it (as with the embedded database, whose command runs while
  // the server is stopped).
  await page.goto('about:blank')
  await setAdmin(true)
  await page.goto(server.baseUrl)
  const reloaded = await openSettingsSection(page, /^Account/)
  await reloaded.getByText(/^Registered users: \d+/).waitFor()
  t.pass('granted while nobody listened: a reload shows it')
  t.same(pageErrors, [])
})
