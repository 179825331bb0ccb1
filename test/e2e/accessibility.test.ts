import type { Locator, Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { createUser, logIn, typeCode, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer } from './browser.ts'
import { SmsOutbox } from './sms-outbox.ts'

checkPrerequisites()
const browser = await launchBrowser(t, { serviceWorker: true })
const server = await startServer(t)
const { baseUrl } = server
const outbox = new SmsOutbox(server.dataDir)

const user: TestUser = {
  username: 'Saavutettava',
  phone: '040 333 0001',
  e164: '+358403330001',
  password: 'polkupyora',
}
const other: TestUser = { username: 'Toinen', phone: '040 333 0002', e164: '+358403330002', password: 'polkupyora' }
const newcomer = { username: 'Uusi', phone: '040 333 0009', e164: '+358403330009', password: 'polkupyora' }
await Promise.all([user, other].map((one) => createUser(server, one)))
const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }

/**
 * One state of the app to check: open `path`, then `act` brings it to the state (a modal open, a step reached);
 * without one, the page's h1 is awaited. A new page is one line: `{ label: 'some page', path: '/some-page' }`.
 * Without a `path`, `act` goes on from the state the screen before left: a wizard's next step, the next section of
 * the open settings (a fresh load and a wizard's earlier steps again cost more than the check).
 */
interface Screen {
  label: string
  path?: string
  act?: (page: Page) => Promise<unknown>
}

const anyHeading = (page: Page) => page.locator('h1').first().waitFor()

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name }).waitFor()

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('dialog', { name: 'Settings' }).waitFor()
}

/** Opens a section of the open settings (which closes the one open before). */
async function openSection(page: Page, section: RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Settings' })
  await dialog.getByRole('button', { name: section }).click()
  await dialog.getByRole('button', { name: section, expanded: true }).waitFor()
}

async function serviceMap(page: Page) {
  await page.locator('.service-map .ol-viewport canvas').first().waitFor()
  await page.getByText(/^Services on the map \(\d+\)$/).waitFor()
}

async function serviceDetail(page: Page) {
  await serviceMap(page)
  await page.getByText(/^Services on the map/).click()
  await page.locator('.service-list__item').first().click()
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).waitFor()
}

/** The SMS count of the phone a wizard's first step sent a code to, for its second step to read the code. */
let codesSeen = 0

/** The registration's step 1 filled in and sent: step 2 (the code) shows. */
async function registerStep2(page: Page) {
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(newcomer.username)
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(newcomer.phone)
  await page.getByLabel('Password', { exact: true }).fill(newcomer.password)
  codesSeen = outbox.count(newcomer.e164)
  await page.getByRole('button', { name: 'Next' }).click()
  await heading(page, 'Confirm your phone number', 2)
}

/** Step 2 of a wizard: the code the SMS brought to `e164`, then the next step's heading. */
async function enterCode(page: Page, e164: string, next: string) {
  await typeCode(page, (await outbox.waitForCode(e164, codesSeen)).code)
  await page.getByRole('button', { name: 'Next' }).click()
  await heading(page, next, 2)
}

/** The password reset's step 1 filled in and sent: step 2 (the code) shows. */
async function resetStep2(page: Page) {
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(user.phone)
  codesSeen = outbox.count(user.e164)
  await page.getByRole('button', { name: 'Next' }).click()
  await heading(page, 'Confirm your phone number', 2)
}

/** Presses `button` in `within` and waits for the dialog it opens. */
async function openDialog(page: Page, within: Locator, button: string, dialog: string) {
  await within.getByRole('button', { name: button }).click()
  await page.getByRole('dialog', { name: dialog }).waitFor()
}

/** Cancels the open dialog `name`, back to what opened it. */
async function cancelDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

const userMain = (page: Page) => page.getByText('Logged in as').waitFor()

const VISITOR_SCREENS: Screen[] = [
  { label: 'main, visitor, service map', path: '/', act: serviceMap },
  { label: 'main, visitor, service detail', act: serviceDetail },
  {
    label: 'main, visitor, requests tab locked',
    path: '/',
    act: async (page) => {
      await page.getByRole('tab', { name: 'Requests' }).click()
      await heading(page, 'Log in to see help requests', 2)
    },
  },
  { label: 'settings, visitor', act: async (page) => openSettings(page) },
  {
    label: 'settings, visitor, language',
    act: (page) => openSection(page, /^Language/),
  },
  { label: 'settings, visitor, map', act: (page) => openSection(page, /^Map/) },
  { label: 'login', path: '/login', act: (page) => heading(page, 'Log in') },
  {
    label: 'login, wrong password',
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Username or phone number', exact: true }).fill(user.username)
      await page.getByLabel('Password', { exact: true }).fill('not-the-password')
      await page.getByRole('button', { name: 'Log in', exact: true }).click()
      await page.getByText('Invalid username or password').waitFor()
    },
  },
  { label: 'login, password updated', path: '/login?message=password-updated', act: (page) => heading(page, 'Log in') },
  { label: 'register step 1', path: '/register', act: (page) => heading(page, 'Register') },
  {
    label: 'register step 1, errors shown',
    act: async (page) => {
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByText('Please fill in all fields').first().waitFor()
    },
  },
  { label: 'register step 2', act: registerStep2 },
  { label: 'register step 3', act: (page) => enterCode(page, newcomer.e164, 'Your help radius') },
  {
    label: 'register step 3, radius info',
    act: async (page) => {
      await page.getByRole('button', { name: 'What is the radius?' }).click()
      await page.getByRole('dialog', { name: 'What the radius means' }).waitFor()
    },
  },
  { label: 'login with a code step 1', path: '/login/code', act: (page) => heading(page, 'Log in with a code') },
  { label: 'reset password step 1', path: '/resetpassword', act: (page) => heading(page, 'Reset password') },
  { label: 'reset password step 2', act: resetStep2 },
  { label: 'reset password step 3', act: (page) => enterCode(page, user.e164, 'Choose a new password') },
  { label: 'info, FAQ collapsed', path: '/info', act: (page) => heading(page, 'Info and FAQ') },
  {
    label: 'info, FAQ expanded',
    act: async (page) => {
      await page.getByText('What does an approximate location mean?').click()
      await page.getByText(/rounded to about one kilometre/).waitFor()
    },
  },
  { label: 'privacy statement', path: '/privacystatement' },
  { label: 'install', path: '/install' },
  { label: 'not found', path: '/no/such/page' },
  {
    label: 'share link, no longer valid',
    path: `/s/${'A'.repeat(43)}`,
    act: (page) => heading(page, 'This link is no longer valid'),
  },
]

const USER_SCREENS_BEFORE_REQUESTS: Screen[] = [
  {
    label: 'main, user, no requests',
    path: '/',
    act: (page) => page.getByText('No help requests to show right now.').waitFor(),
  },
  {
    label: 'main, user, service map',
    act: async (page) => {
      await userMain(page)
      await page.getByRole('tab', { name: 'Service map' }).click()
      await serviceMap(page)
    },
  },
  { label: 'settings, user', act: async (page) => openSettings(page) },
  { label: 'settings, account', act: (page) => openSection(page, /^Account/) },
  {
    label: 'settings, account, editing',
    act: (page) =>
      page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Edit username' }).click(),
  },
  // The other sections, one after another in the open settings (opening one closes the one before).
  { label: 'settings, radius and location', act: (page) => openSection(page, /^Radius and location/) },
  { label: 'settings, notifications', act: (page) => openSection(page, /^Notifications/) },
  {
    label: 'settings, notifications with quiet hours',
    act: (page) =>
      page.getByRole('dialog', { name: 'Settings' }).getByRole('checkbox', { name: 'Use quiet hours' }).check(),
  },
  { label: 'settings, map', act: (page) => openSection(page, /^Map/) },
  { label: 'settings, language', act: (page) => openSection(page, /^Language/) },
  // The settings' dialogs, each cancelled for the next.
  {
    label: 'settings, change password dialog',
    act: async (page) => {
      await openSection(page, /^Account/)
      await openDialog(page, page.getByRole('dialog', { name: 'Settings' }), 'Change password', 'Change password')
    },
  },
  {
    label: 'settings, delete account dialog',
    act: async (page) => {
      await cancelDialog(page, 'Change password')
      await openDialog(page, page.getByRole('dialog', { name: 'Settings' }), 'Delete account', 'Delete account')
    },
  },
  {
    label: 'logout confirmation',
    act: async (page) => {
      await cancelDialog(page, 'Delete account')
      await openDialog(page, page.getByRole('dialog', { name: 'Settings' }), 'Log out', 'Log out')
    },
  },
  {
    label: 'new request',
    act: async (page) => {
      await cancelDialog(page, 'Log out')
      await page.keyboard.press('Escape')
      await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' })
      await page.getByRole('tab', { name: 'Requests' }).click()
      await openDialog(page, page.locator('body'), 'Ask for help', 'Ask for help')
    },
  },
  {
    label: 'new request, errors shown',
    act: async (page) => {
      const form = page.getByRole('dialog', { name: 'Ask for help' })
      await form.getByRole('button', { name: 'Send request' }).click()
      await form.getByText('Please fill in all fields').first().waitFor()
    },
  },
]

async function openRequest(page: Page, category: string) {
  await page.getByRole('button', { name: new RegExp(category) }).click()
  const dialog = page.getByRole('dialog', { name: category })
  await dialog.getByText('Asked by').waitFor()
  await dialog.locator('.ol-viewport canvas').first().waitFor()
  return dialog
}

// The user's own request is a bicycle repair, the other user's a food one.
const USER_SCREENS_WITH_REQUESTS: Screen[] = [
  {
    label: 'main, user, requests listed',
    path: '/',
    act: (page) => page.getByRole('button', { name: /Food and drink/ }).waitFor(),
  },
  { label: 'request detail, own', act: (page) => openRequest(page, 'Bicycle maintenance') },
  {
    label: 'request detail, own, editing the description',
    act: (page) =>
      page
        .getByRole('dialog', { name: 'Bicycle maintenance' })
        .getByRole('button', { name: 'Edit description' })
        .click(),
  },
  // The request's dialogs, each cancelled for the next.
  {
    label: 'request detail, mark ready dialog',
    act: async (page) => {
      const detail = page.getByRole('dialog', { name: 'Bicycle maintenance' })
      await detail.getByRole('button', { name: 'Cancel' }).click()
      await detail.getByRole('button', { name: 'Edit description' }).waitFor()
      await openDialog(page, detail, 'Mark ready', 'Mark the request ready?')
    },
  },
  {
    label: 'request detail, delete dialog',
    act: async (page) => {
      await cancelDialog(page, 'Mark the request ready?')
      const detail = page.getByRole('dialog', { name: 'Bicycle maintenance' })
      await openDialog(page, detail, 'Delete request', 'Delete the request?')
    },
  },
  { label: "request detail, someone else's", path: '/', act: (page) => openRequest(page, 'Food and drink') },
  {
    label: "request detail, someone else's, report dialog",
    act: async (page) => {
      await page
        .getByRole('dialog', { name: 'Food and drink' })
        .getByRole('button', { name: `Report ${other.username}` })
        .click()
      await page.getByRole('dialog', { name: `Report ${other.username}` }).waitFor()
    },
  },
  // The last two change the requests for good: a helper's view, and a completed request.
  {
    label: "request detail, someone else's, helping",
    act: async (page) => {
      await cancelDialog(page, `Report ${other.username}`)
      await page
        .getByRole('dialog', { name: 'Food and drink' })
        .getByRole('button', { name: 'I’m working on it' })
        .click()
      await page.getByRole('button', { name: 'Release the request' }).waitFor()
    },
  },
  {
    label: 'request detail, own, completed',
    path: '/',
    act: async (page) => {
      const detail = await openRequest(page, 'Bicycle maintenance')
      await detail.getByRole('button', { name: 'Mark ready' }).click()
      const ready = page.getByRole('dialog', { name: 'Mark the request ready?' })
      await ready.getByRole('radio', { name: 'Yes' }).check()
      await ready.getByRole('button', { name: 'Mark ready' }).click()
      await detail.getByText('Completed', { exact: true }).waitFor()
    },
  },
]

/**
 * Each screen, checked in the light and in the dark colour scheme without reloading: every rule in the light one, the
 * colour rules in the dark one (the schemes differ only in the colour tokens: the markup, names and roles the other
 * rules read are the same).
 */
async function checkScreens(t: Test, page: Page, screens: Screen[]) {
  for (const screen of screens) {
    await page.emulateMedia({ colorScheme: 'light' })
    if (screen.path !== undefined) await page.goto(`${baseUrl}${screen.path}`)
    await (screen.act ?? anyHeading)(page)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      if (!(await page.evaluate(`matchMedia('(prefers-color-scheme: ${colorScheme})').matches`))) {
        throw new Error(`the ${colorScheme} colour scheme did not apply`)
      }
      await expectNoSeriousViolations(t, page, `${screen.label} (${colorScheme})`, {
        colourOnly: colorScheme === 'dark',
      })
    }
  }
}

async function apiAs<T = unknown>(one: TestUser, path: string, body: unknown): Promise<T> {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: one.username, password: one.password }),
  })
  const { token } = (await login.json()) as { token: string }
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/** The page a share link opens (docs/requests.md, "Share links"), and the owner's detail with the live link. */
function shareLinkScreens(sharedPath: string): Screen[] {
  return [
    {
      label: 'share link page, signed in',
      path: sharedPath,
      act: async (page) => {
        await page.getByRole('heading', { level: 2, name: 'Waiting for a helper' }).waitFor()
        await page.locator('.single-map .ol-viewport canvas').first().waitFor()
      },
    },
    {
      label: 'request detail, own, shared with a link',
      path: '/',
      act: async (page) =>
        (await openRequest(page, 'Bicycle maintenance'))
          .getByRole('button', { name: 'Stop sharing the link' })
          .waitFor(),
    },
  ]
}

t.test('every screen and modal a visitor can reach', async (t) => {
  const { page } = await openContext(t, browser)
  await checkScreens(t, page, VISITOR_SCREENS)
})

t.test('every screen and modal of a logged-in user', async (t) => {
  const { page } = await openContext(t, browser, { geolocation: HELSINKI, permissions: ['geolocation'] })
  await logIn(page, baseUrl, user.username, user.password)
  await checkScreens(t, page, USER_SCREENS_BEFORE_REQUESTS)
  const place = { latitude: 60.17, longitude: 24.94, isApproximate: 0 }
  const own = await apiAs<{ request_id: number }>(user, '/api/requests', {
    category: 'bicycle_maintenance',
    description: 'Flat tyre',
    ...place,
  })
  await apiAs(other, '/api/requests', { category: 'food_and_hydration', description: 'Out of water', ...place })
  const link = await apiAs<{ token: string }>(user, `/api/requests/${own.request_id}/share`, {})
  await checkScreens(t, page, shareLinkScreens(`/s/${link.token}`))
  await checkScreens(t, page, USER_SCREENS_WITH_REQUESTS)
})
