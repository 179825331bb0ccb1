import { readFile } from 'node:fs/promises'
import t from 'tap'
import postgres from 'postgres'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const admin: TestUser = { username: 'Tilastoija', phone: '050 444 0301', e164: '+358504440301', password: 'hallinto3' }
await createUser(server, admin)
await sql`update users set is_admin = true where user_name = ${admin.username}`

t.test('the admin downloads the requests of a period as CSV; a refused period says why', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { acceptDownloads: true })
  await logIn(page, server.baseUrl, admin.username, admin.password)
  await page.goto(`${server.baseUrl}/admin`)
  const form = page.getByRole('region', { name: 'Export requests' })
  await form.waitFor()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  t.match(download.suggestedFilename(), /^requests-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/)
  const content = await readFile(await download.path(), 'utf8')
  t.ok(content.startsWith('\uFEFFrequest_id,created_at,category'), 'the server file: byte order mark, header row')

  await form.getByLabel('From').fill('2026-03-01')
  await form.getByLabel('To').fill('2026-02-01')
  await form.getByRole('button', { name: 'Download CSV' }).click()
  await form.getByRole('alert').getByText('The start date must not be after the end date').waitFor()
  t.pass("the server's refusal, in the user's language")
  t.same(
    pageErrors.filter((error) => !error.includes('400')),
    [],
  )
})
