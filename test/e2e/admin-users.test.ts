import t from 'tap'
import postgres from 'postgres'
import { expectNoSeriousViolations } from './axe.ts'
import { createUser, logIn, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, eventStreamReady, launchBrowser, openContext, screenshot, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const admin: TestUser = { username: 'Pääkäyttäjä', phone: '050 444 0201', e164: '+358504440201', password: 'hallinto1' }
const cyclist: TestUser = { username: 'Polkija', phone: '050 444 0202', e164: '+358504440202', password: 'polkija12' }
await createUser(server, admin)
await createUser(server, cyclist)
const [adminRow] = await sql<{ user_id: number }[]>`
  update users set is_admin = true where user_name = ${admin.username} returning user_id`
const [cyclistRow] = await sql<{ user_id: number }[]>`select user_id from users where user_name = ${cyclist.username}`
// Earlier registrations with a request each, so the cards have figures to show.
await sql`
  insert into users (user_name, phone, password_hash, created_at)
  values ('Anna_B', '+358504440203', 'not a real hash', '2026-03-01T09:00:00Z'),
    ('Mikko 100%', '+358504440204', 'not a real hash', '2026-02-01T09:00:00Z')
`
await sql`
  insert into requests (owner_id, category, description)
  select user_id, 'other', 'Known data' from users where user_name = 'Anna_B'
`

const PHONE_VIEWPORT_390 = { width: 390, height: 844 }

t.test('an admin searches, looks at a phone number, and grants and revokes a role the user sees live', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { viewport: PHONE_VIEWPORT_390 })
  await logIn(page, server.baseUrl, admin.username, admin.password)
  await page.goto(`${server.baseUrl}/admin/users`)
  const section = page.getByRole('region', { name: 'Users' })
  const cards = section.getByRole('listitem')
  const card = (name: string) => cards.filter({ has: page.getByRole('heading', { name, exact: true }) })

  await section.getByRole('status').filter({ hasText: '4 users' }).waitFor()
  t.same(
    await section.getByRole('heading', { level: 3 }).allTextContents(),
    [cyclist.username, admin.username, 'Anna_B', 'Mikko 100%'],
    'newest registration first',
  )
  const own = card(admin.username)
  t.equal(await own.getByText('You', { exact: true }).count(), 1, 'the own card says "You"')
  t.equal(await own.getByText('Admin', { exact: true }).count(), 1, 'with the admin badge')
  t.equal(await own.getByRole('button', { name: /admin/i }).count(), 0, 'and no role button')
  const anna = card('Anna_B')
  await anna.getByText('Registered 1 Mar 2026').waitFor()
  t.match(await anna.textContent(), /Requests made:?\s*1/, 'her request is counted')
  await screenshot(page, 'admin-users-390')
  await expectNoSeriousViolations(t, page, 'users section')

  // Search: literal, any case; the count is announced politely.
  const search = section.getByRole('searchbox', { name: 'Search by user name' })
  await search.fill('100%')
  await section.getByRole('status').filter({ hasText: '1 user' }).waitFor()
  t.same(await section.getByRole('heading', { level: 3 }).allTextContents(), ['Mikko 100%'])
  await search.fill('nobody here')
  await section.getByText('No users match').waitFor()
  t.equal(await cards.count(), 0, 'the empty state replaces the list')
  await search.fill('POLK')
  await section.getByRole('status').filter({ hasText: '1 user' }).waitFor()
  const target = card(cyclist.username)

  // The phone number on demand: a tel: link, focused, and the look recorded once.
  await target.getByRole('button', { name: `Show phone number: ${cyclist.username}` }).click()
  const link = target.getByRole('link', { name: '+358 50 444 0202' })
  await link.waitFor()
  t.equal(await link.getAttribute('href'), `tel:${cyclist.e164}`)
  t.equal(
    await page.evaluate('document.activeElement?.getAttribute("href")'),
    `tel:${cyclist.e164}`,
    'focus moves to the number',
  )
  const views = await sql`select admin_id, user_id from admin_phone_views`
  t.same([...views], [{ admin_id: adminRow!.user_id, user_id: cyclistRow!.user_id }], 'one look, recorded')
  await screenshot(page, 'admin-users-390-phone')

  // The cyclist has the app open with the settings showing: a granted role appears there without a reload.
  const other = await openContext(t, browser)
  const streamReady = eventStreamReady(other.page)
  await logIn(other.page, server.baseUrl, cyclist.username, cyclist.password)
  await streamReady
  const settings = await openSettingsSection(other.page, /^Account/)
  await settings.getByRole('button', { name: 'Delete account' }).waitFor()
  t.equal(await settings.getByText(/^Registered users/).count(), 0, 'not an admin yet')

  await target.getByRole('button', { name: `Make admin: ${cyclist.username}` }).click()
  const grant = page.getByRole('dialog', { name: `Make ${cyclist.username} an admin?` })
  await grant.waitFor()
  await expectNoSeriousViolations(t, page, 'grant confirmation')
  await screenshot(page, 'admin-users-390-confirm')
  await grant.getByRole('button', { name: 'Make admin' }).click()
  await grant.waitFor({ state: 'detached' })
  await target.getByText('Admin', { exact: true }).waitFor()
  t.pass('the card shows the new role from the answer')
  await settings.getByText(/^Registered users: \d+/).waitFor()
  await settings.getByRole('link', { name: 'Admin dashboard' }).waitFor()
  t.pass("granted: the user's open app shows the admin things without a reload")

  await target.getByRole('button', { name: `Remove admin: ${cyclist.username}` }).click()
  const revoke = page.getByRole('dialog', { name: `Remove the admin role from ${cyclist.username}?` })
  await revoke.getByRole('button', { name: 'Remove admin' }).click()
  await revoke.waitFor({ state: 'detached' })
  await target.getByRole('button', { name: `Make admin: ${cyclist.username}` }).waitFor()
  t.equal(await target.getByText('Admin', { exact: true }).count(), 0, 'the badge is gone')
  await settings.getByText(/^Registered users/).waitFor({ state: 'detached' })
  t.equal(await settings.getByRole('link', { name: 'Admin dashboard' }).count(), 0, 'revoked: gone again, live')
  const [role] = await sql<{ is_admin: boolean }[]>`select is_admin from users where user_id = ${cyclistRow!.user_id}`
  t.equal(role!.is_admin, false)
  t.same(pageErrors, [])
  t.same(other.pageErrors, [])
})

t.test('at 360 px in dark mode, and a failed load offers a retry', async (t) => {
  // openContext's default screen: 360 px wide, the narrowest the app is designed for.
  const { page, pageErrors } = await openContext(t, browser, { colorScheme: 'dark' })
  await logIn(page, server.baseUrl, admin.username, admin.password)
  let failNext = true
  await page.route('**/api/admin/users?*', (route) => {
    if (!failNext) return route.fallback()
    failNext = false
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' })
  })
  await page.goto(`${server.baseUrl}/admin/users`)
  const section = page.getByRole('region', { name: 'Users' })
  await section.getByRole('alert').filter({ hasText: 'Failed to load the users' }).waitFor()
  await expectNoSeriousViolations(t, page, 'users section, failed (dark)')
  await section.getByRole('button', { name: 'Try again' }).click()
  await section.getByRole('status').filter({ hasText: '4 users' }).waitFor()
  t.pass('the retry loads the list')
  await screenshot(page, 'admin-users-360-dark')
  await expectNoSeriousViolations(t, page, 'users section (dark)')
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')
  t.equal(overflow, 0, 'nothing wider than the screen')
  // The refused call is the one the test made fail; nothing else may have gone wrong.
  t.same(
    pageErrors.filter((text) => !/503|Loading the users failed/.test(text)),
    [],
  )
})

t.test('"Show more" adds the next page below; on a desktop the cards sit side by side', async (t) => {
  await sql`
    insert into users (user_name, phone, password_hash, created_at)
    select 'Rider ' || i, '+35840' || lpad(i::text, 7, '0'), 'not a real hash',
      '2026-01-01'::timestamptz + i * interval '1 hour'
    from generate_series(1, 50) i
  `
  const { page, pageErrors } = await openContext(t, browser, { viewport: { width: 1280, height: 900 } })
  await logIn(page, server.baseUrl, admin.username, admin.password)
  await page.goto(`${server.baseUrl}/admin/users`)
  const section = page.getByRole('region', { name: 'Users' })
  const cards = section.getByRole('listitem')
  await section.getByRole('status').filter({ hasText: '54 users' }).waitFor()
  t.equal(await cards.count(), 50, 'the first page')
  await section.getByText('Showing 50 of 54').waitFor()
  await screenshot(page, 'admin-users-1280')
  await section.getByRole('button', { name: 'Show more users' }).click()
  await cards.nth(53).waitFor()
  t.equal(await cards.count(), 54, 'the rest below')
  t.equal(await cards.last().getByRole('heading').textContent(), 'Rider 1', 'the oldest last')
  t.equal(await section.getByRole('button', { name: 'Show more users' }).count(), 0, 'nothing more to show')
  t.same(pageErrors, [])
})
