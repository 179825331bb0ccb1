import t from 'tap'
import postgres from 'postgres'
import { notifyInstances } from '../../server/events/bus.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { waitUntil } from '../wait.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const admin: TestUser = { username: 'Ylläpitäjä', phone: '050 444 0101', e164: '+358504440101', password: 'hallinto1' }
const cyclist: TestUser = {
  username: 'Pyöräilijä',
  phone: '050 444 0102',
  e164: '+358504440102',
  password: 'polkija12',
}
await createUser(server, admin)
await createUser(server, cyclist)
await sql`update users set is_admin = true where user_name = ${admin.username}`

t.test('a visitor going to /admin is sent to log in', async (t) => {
  const { page } = await openContext(t, browser)
  await page.goto(`${server.baseUrl}/admin/users`)
  await page.waitForURL(`${server.baseUrl}/login`)
  t.pass('on /login')
})

t.test('a user who is not an admin going to /admin ends on the main screen', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, server.baseUrl, cyclist.username, cyclist.password)
  await page.goto(`${server.baseUrl}/admin`)
  await page.waitForURL(`${server.baseUrl}/`)
  t.equal(await page.getByRole('heading', { name: 'Admin dashboard' }).count(), 0, 'no dashboard shown')
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('link', { name: 'Info and FAQ' }).waitFor()
  t.equal(await page.getByRole('link', { name: 'Admin dashboard' }).count(), 0, 'no link to it in the settings')
  t.same(pageErrors, [])
})

t.test('an admin reaches the dashboard from the settings, and its sections by address', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  const loaded: string[] = []
  page.on('request', (request) => loaded.push(request.url()))
  await logIn(page, server.baseUrl, admin.username, admin.password)
  t.notOk(
    loaded.some((url) => url.includes('/assets/AdminScreen')),
    'the dashboard code is not loaded with the main screen',
  )
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('link', { name: 'Admin dashboard' }).click()
  await page.waitForURL(`${server.baseUrl}/admin`)
  await page.getByRole('heading', { name: 'Admin dashboard', level: 1 }).waitFor()
  t.ok(
    loaded.some((url) => url.includes('/assets/AdminScreen')),
    'the dashboard came as its own chunk',
  )
  const nav = page.getByRole('navigation', { name: 'Dashboard sections' })
  t.equal(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current'), 'page')
  // At phone width every section is on screen, none scrolled out of sight (they wrap to a second row).
  const width = page.viewportSize()!.width
  const links = await nav.getByRole('link').all()
  t.equal(links.length, 4, 'four sections')
  for (const link of links) {
    const box = (await link.boundingBox())!
    t.ok(box.x >= 0 && box.x + box.width <= width, `${await link.textContent()} is within the ${width} px screen`)
  }

  await nav.getByRole('link', { name: 'Users' }).click()
  await page.waitForURL(`${server.baseUrl}/admin/users`)
  t.equal(await nav.getByRole('link', { name: 'Users' }).getAttribute('aria-current'), 'page', 'the section is marked')
  t.equal(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current'), null)

  await page.reload()
  await page.getByRole('heading', { name: 'Users', level: 2 }).waitFor()
  t.pass('a reload keeps the section')

  // The longest section names are Finnish and Swedish: on a 360 px phone they too stay on screen, in two rows at most.
  await page.setViewportSize({ width: 360, height: 780 })
  for (const [language, lang] of [
    ['finnish', 'fi'],
    ['swedish', 'sv'],
  ] as const) {
    await page.evaluate(`localStorage.setItem('language', '${language}')`)
    await page.reload()
    await waitUntil(() => page.evaluate<boolean>(`document.documentElement.lang === '${lang}'`))
    const sectionLinks = page.locator('.admin-nav .admin-nav__link')
    await sectionLinks.first().waitFor()
    const boxes = await Promise.all((await sectionLinks.all()).map(async (link) => (await link.boundingBox())!))
    t.equal(boxes.length, 4, `${lang}: four sections`)
    t.ok(
      boxes.every((box) => box.x >= 0 && box.x + box.width <= 360),
      `${lang}: every section is within the 360 px screen`,
    )
    t.ok(new Set(boxes.map((box) => Math.round(box.y))).size <= 2, `${lang}: in two rows at most`)
  }
  await page.evaluate(`localStorage.setItem('language', 'english')`)

  // The role is revoked while the dashboard is open: the app leaves it at once.
  const [row] = await sql<{ user_id: number }[]>`
    update users set is_admin = false where user_name = ${admin.username} returning user_id`
  await notifyInstances(sql, { type: 'user', userId: row!.user_id })
  await page.waitForURL(`${server.baseUrl}/`)
  t.pass('a revoked admin is sent to the main screen')
  t.same(pageErrors, [])
})
