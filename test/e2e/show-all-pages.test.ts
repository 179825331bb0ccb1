import postgres from 'postgres'
import t from 'tap'
import { expectNoSeriousViolations } from './axe.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const viewer: TestUser = { username: 'Veera', phone: '040 444 0001', e164: '+358404440001', password: 'polkupyora' }
const poster: TestUser = { username: 'Paavo', phone: '040 444 0002', e164: '+358404440002', password: 'polkupyora' }
await Promise.all([viewer, poster].map((user) => createUser(server, user)))

const AT_TAMPERE = { latitude: 61.4978, longitude: 23.761 }
const FAR_AWAY = 130

// More requests far from the viewer than one show-all page holds, straight into the database (the daily limit
// would take weeks of creating them through the API).
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())
const [owner] = await sql<{ user_id: number }[]>`select user_id from users where phone = ${poster.e164}`
await sql`
  insert into requests ${sql(
    Array.from({ length: FAR_AWAY }, (_, i) => ({
      owner_id: owner!.user_id,
      category: 'other',
      description: `Far away request number ${i + 1}`,
      latitude: 60.17,
      longitude: 24.94,
    })),
  )}
`

t.test('show-all brings requests out of reach a page at a time, with a button for more', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, {
    geolocation: AT_TAMPERE,
    permissions: ['geolocation'],
  })
  const reported = page.waitForResponse((r) => r.url().endsWith('/api/user/location') && r.request().method() === 'PUT')
  await logIn(page, server.baseUrl, viewer.username, viewer.password)
  await reported
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.getByText('No help requests to show right now.').waitFor()
  const cards = page.getByRole('listitem')

  await page.getByRole('checkbox', { name: 'Show all requests' }).check()
  const more = page.getByRole('button', { name: 'Show more requests' })
  await more.waitFor()
  t.equal(await cards.count(), 100, 'the first page')
  t.ok(await page.getByText(`Far away request number ${FAR_AWAY}`).isVisible(), 'newest first')
  await more.scrollIntoViewIfNeeded()
  await screenshot(page, 'show-all-more-button')
  await expectNoSeriousViolations(t, page, 'show-all with more to load')

  await more.click()
  await page.getByText('Far away request number 1', { exact: true }).waitFor()
  t.equal(await cards.count(), FAR_AWAY, 'the rest')
  t.equal(await more.count(), 0, 'no button after the last page')

  await page.getByRole('checkbox', { name: 'Show all requests' }).uncheck()
  await page.getByText('No help requests to show right now.').waitFor()
  t.same(pageErrors, [])
})
