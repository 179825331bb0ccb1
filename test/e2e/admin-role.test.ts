import t from 'tap'
import postgres from 'postgres'
import { notifyInstances } from '../../server/events/bus.ts'
import { createUser, logIn, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const user: TestUser = { username: 'Ylennetty', phone: '050 444 0001', e164: '+358504440001', password: 'rooli1234' }
await createUser(server, user)

/** What `npm run admin -- grant|revoke` does on a PostgreSQL server; `tell: false` is the embedded database's way. */
async function setAdmin(isAdmin: boolean, { tell = true } = {}) {
  const [row] = await sql<{ user_id: number }[]>`
    update users set is_admin = ${isAdmin} where user_name = ${user.username} returning user_id`
  if (tell) await notifyInstances(sql, { type: 'user', userId: row!.user_id })
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

  // The access token still says "no admin" (it lives 15 minutes): only the server's answer at start can tell.
  await setAdmin(true, { tell: false })
  await page.reload()
  const reloaded = await openSettingsSection(page, /^Account/)
  await reloaded.getByText(/^Registered users: \d+/).waitFor()
  t.pass('granted while nobody listened: a reload shows it')
  t.same(pageErrors, [])
})
