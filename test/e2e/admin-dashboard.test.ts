import type { Page } from 'playwright-core'
import t from 'tap'
import postgres from 'postgres'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const admin: TestUser = { username: 'Valvoja', phone: '050 444 0201', e164: '+358504440201', password: 'hallinto2' }
await createUser(server, admin)
await sql`update users set is_admin = true where user_name = ${admin.username}`

/** One state of the dashboard: its address, and what shows that it has loaded. */
interface Screen {
  name: string
  path: string
  ready: (page: Page) => Promise<unknown>
}

const SCREENS: Screen[] = [
  {
    name: 'overview',
    path: '/admin',
    ready: (page) => page.getByRole('heading', { name: 'Overview', level: 2 }).waitFor(),
  },
  {
    name: 'services',
    path: '/admin/services',
    ready: (page) => page.getByRole('heading', { name: 'Services', level: 2 }).waitFor(),
  },
  {
    name: 'users',
    path: '/admin/users',
    ready: (page) => page.getByRole('heading', { name: 'Users', level: 2 }).waitFor(),
  },
]

const WIDTHS = [
  { label: 'phone', viewport: { width: 390, height: 844 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
]

for (const { label, viewport } of WIDTHS) {
  t.test(`every dashboard section at ${viewport.width} px, light and dark: axe-clean`, async (t) => {
    const { page, pageErrors } = await openContext(t, browser, { viewport })
    await logIn(page, server.baseUrl, admin.username, admin.password)
    for (const screen of SCREENS) {
      await page.emulateMedia({ colorScheme: 'light' })
      await page.goto(`${server.baseUrl}${screen.path}`)
      await screen.ready(page)
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await expectNoSeriousViolations(t, page, `${screen.name}, ${label}, ${colorScheme}`)
        await screenshot(page, `admin-${screen.name}-${label}-${colorScheme}`, { fullPage: true })
      }
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      )
      t.equal(overflow, 0, `${screen.name} at ${viewport.width} px: nothing wider than the screen`)
    }
    t.same(pageErrors, [])
  })
}
