import type { Page } from 'playwright-core'
import t from 'tap'
import { createUser, logIn, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { storedToken, storedUser } from './stored-session.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'
import { SmsOutbox } from './sms-outbox.ts'
import { waitUntil } from '../wait.ts'

checkPrerequisites()
// The full browser: registering ends with the alerts offer, which the app shows only where web push works.
const browser = await launchBrowser(t, { push: true })
const server = await startServer(t)
const { baseUrl } = server
const outbox = new SmsOutbox(server.dataDir)

/** GET an API path with the page's own token, as the app would. */
async function apiGet(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate<{ status: number; body: unknown }>(`(async () => {
    const response = await fetch(${JSON.stringify(path)}, { headers: { Authorization: 'Bearer ' + localStorage.getItem('token') } })
    return { status: response.status, body: await response.json().catch(() => null) }
  })()`)
}

/** The user's location as the server has it, once the browser has reported one (no deadline: docs/testing.md). */
async function reportedLocation(page: Page): Promise<unknown> {
  let body: unknown
  await waitUntil(async () => {
    body = (await apiGet(page, '/api/user/location')).body
    return (body as { latitude: unknown }).latitude !== null
  })
  return body
}

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }

t.test('register in three steps, reading the SMS code from the outbox', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, {
    // Notifications allowed, as a browser that has not been asked yet would let the app ask: the alerts offer shows.
    permissions: ['geolocation', 'notifications'],
    geolocation: HELSINKI,
  })
  const user: TestUser = {
    username: 'Ville Pöllö',
    phone: '040 111 0001',
    e164: '+358401110001',
    password: 'polkupyora',
  }
  await page.goto(`${baseUrl}/login`)
  await page.getByRole('link', { name: 'Register' }).click()
  await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor()
  // What step 1 shows (its step, hints, links, the password toggle) is a component test:
  // test/component/account-rules.test.ts.
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(user.username)
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(user.phone)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Show password' }).click()
  await screenshot(page, 'register-1-details')

  const seen = outbox.count(user.e164)
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('heading', { level: 2, name: 'Confirm your phone number' }).waitFor()
  const sms = await outbox.waitForCode(user.e164, seen)
  t.equal(sms.purpose, 'register')
  t.match(
    await page.getByText(/You can ask for a new code in \d+ s/).textContent(),
    /in (30|29|28) s/,
    'countdown from 30',
  )
  const firstBox = page.getByRole('textbox', { name: 'Digit 1 of 6' })
  t.equal(await firstBox.getAttribute('inputmode'), 'numeric')
  t.equal(await firstBox.getAttribute('autocomplete'), 'one-time-code')
  t.equal(await firstBox.and(page.locator(':focus')).count(), 1, 'the first box has focus')
  await page.keyboard.type(sms.code.slice(0, 3))
  t.equal(
    await page.getByRole('textbox', { name: 'Digit 4 of 6' }).and(page.locator(':focus')).count(),
    1,
    'typing advances box by box',
  )
  await page.keyboard.press('Backspace')
  t.equal(await page.getByRole('textbox', { name: 'Digit 3 of 6' }).inputValue(), '', 'Backspace goes back and clears')
  await page.keyboard.type(sms.code.slice(2))
  await screenshot(page, 'register-2-code')
  await page.getByRole('button', { name: 'Next' }).click()

  await page.getByRole('heading', { level: 2, name: 'Your help radius' }).waitFor()
  const radius = page.getByRole('textbox', { name: 'Radius (km)', exact: true })
  t.equal(await radius.getAttribute('placeholder'), '10')
  await page.getByRole('button', { name: 'What is the radius?' }).click()
  const info = page.getByRole('dialog', { name: 'What the radius means' })
  await info.waitFor()
  t.ok(await info.getByText('distance in kilometres').isVisible(), 'the popup explains the radius')
  await screenshot(page, 'register-3-radius-info')
  await info.getByRole('button', { name: 'Close' }).click()
  await info.waitFor({ state: 'hidden' })
  await radius.fill('25')
  t.notOk(await page.getByText('Failed to get location').isVisible(), 'no location warning: the position is known')
  await screenshot(page, 'register-3-radius')
  await page.getByRole('button', { name: 'Register' }).click()

  await page.getByText('Logged in as').waitFor()
  t.equal(new URL(page.url()).pathname, '/', 'on the main screen')

  // The one optional step after registering (docs/product.md#abilities): Skip is in view without scrolling the
  // long list, and skipping goes on as before (the alerts offer below).
  const step = page.getByRole('dialog', { name: 'What can you help with?' })
  await step.waitFor()
  const skip = step.getByRole('button', { name: 'Skip' })
  const box = await skip.boundingBox()
  t.ok(box && box.y >= 0 && box.y + box.height <= page.viewportSize()!.height, 'Skip is on screen at once')
  t.ok(await step.getByRole('group', { name: 'Kit I carry' }).isVisible(), 'the same form as the settings')
  await expectNoSeriousViolations(t, page, 'the abilities step, light')
  await screenshot(page, 'register-4-abilities-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoSeriousViolations(t, page, 'the abilities step, dark')
  await screenshot(page, 'register-4-abilities-dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await skip.click()
  await step.waitFor({ state: 'detached' })
  t.match(await storedUser(page), { abilities: { kit: [], transport: [], firstAid: false, languages: [] } })
  t.ok(await page.getByText(user.username).isVisible(), 'the main screen names the user')
  t.ok(await storedToken(page), 'token stored')
  t.match(await storedUser(page), { user_name: user.username, phone: user.e164, radius: 25, language: 'english' })
  await screenshot(page, 'main-logged-in')

  // The position is reported once per browser session (docs/product.md#accounts).
  t.match(
    await reportedLocation(page),
    { latitude: HELSINKI.latitude, longitude: HELSINKI.longitude },
    'the browser position reached the server',
  )
  // The session remembers what it reported, so a reload reports again only after a move of more than a kilometre.
  // Kept once the answer arrives, which is after the server stored it (a user change answers after the bus lease).
  await waitUntil(async () => (await page.evaluate("sessionStorage.getItem('locationReported')")) !== null)
  const reported = JSON.parse(
    (await page.evaluate<string | null>("sessionStorage.getItem('locationReported')")) ?? 'null',
  ) as { position?: unknown } | null
  t.same(reported?.position, HELSINKI, 'the reported position is kept for the session')

  // A new user is offered alerts once (docs/product.md, "Offered after registering"); "Not now" answers it for good on this device.
  const offer = page.getByRole('region', { name: 'Get alerts when a cyclist nearby needs help?' })
  await offer.waitFor()
  t.ok(await offer.getByRole('button', { name: 'Turn notifications on' }).isVisible(), 'with the button to do it')
  await expectNoSeriousViolations(t, page, 'the alerts offer')
  await screenshot(page, 'main-alerts-offer')
  await offer.getByRole('button', { name: 'Not now' }).click()
  await offer.waitFor({ state: 'detached' })
  await page.reload()
  await page.getByText('Logged in as').waitFor()
  await page.getByRole('button', { name: 'Ask for help' }).waitFor()
  t.equal(await offer.count(), 0, 'once answered, the offer is not made again')
  t.equal(await step.count(), 0, 'nor the abilities step, once skipped')
  t.same(
    await page.evaluate<string[]>('Object.keys(localStorage).filter((key) => key.startsWith("alertsOffer:"))'),
    [],
    'nothing of the offer is left on the device',
  )

  // A logged-in user has nothing to do on the guest pages.
  for (const path of ['/login', '/register', '/resetpassword']) {
    await page.goto(`${baseUrl}${path}`)
    await page.getByText('Logged in as').waitFor()
    t.equal(new URL(page.url()).pathname, '/', `${path} leads a logged-in user to /`)
  }
  t.same(pageErrors, [], 'no errors in the page')
})

t.test('log out, then log in with the phone number written another way', async (t) => {
  const user: TestUser = { username: 'Kaisa', phone: '040-1110002', e164: '+358401110002', password: 'salasana1' }
  await createUser(server, user)
  const { page, pageErrors } = await openContext(t, browser)

  await page.goto(`${baseUrl}/login`)
  await screenshot(page, 'login')
  await page.getByRole('textbox', { name: 'Username or phone number', exact: true }).fill('+358 40 111 0002')
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.getByText('Logged in as').waitFor()
  t.ok(await page.getByText('Kaisa').isVisible(), 'logged in as the user of that phone')

  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.getByRole('button', { name: 'Log out' }).click()
  const confirm = page.getByRole('dialog', { name: 'Log out' })
  await confirm.waitFor()
  await screenshot(page, 'dialog-logout')
  await confirm.getByRole('button', { name: 'Log out' }).click()
  await settings.waitFor({ state: 'hidden' })
  await page.getByText('You are using the app as a visitor').waitFor()
  t.equal(await storedToken(page), null, 'token cleared')
  t.equal(await storedUser(page), null, 'user cleared')
  const refresh = await page.evaluate<number>(
    "fetch('/api/user/refresh-token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then((r) => r.status)",
  )
  t.equal(refresh, 401, 'the session is over on the server too')

  await page.getByRole('link', { name: 'Log in' }).click()
  await page.getByRole('textbox', { name: 'Username or phone number', exact: true }).fill('0401110002')
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.getByText('Logged in as').waitFor()
  t.pass('logged in again with the domestic form')
  t.same(pageErrors, [])
})

t.test('a stored expired token is refreshed at start-up; without a session the user is logged out', async (t) => {
  const user: TestUser = { username: 'Aatu', phone: '040 111 0003', e164: '+358401110003', password: 'salasana2' }
  await createUser(server, user)
  const { page, context, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, 'aatu', user.password)
  t.pass('user names are matched ignoring case')

  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const expired = `${part({ alg: 'HS256' })}.${part({ user_id: 1, user_name: 'Aatu', exp: 1_000_000 })}.x`
  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(expired)})`)
  await page.reload()
  await page.getByText('Logged in as').waitFor()
  const token = await storedToken(page)
  t.not(token, expired, 'a new token replaced the expired one')
  t.equal((await apiGet(page, '/api/user/protected-route')).status, 200, 'and it works')

  await context.clearCookies()
  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(expired)})`)
  await page.reload()
  await page.getByText('You are using the app as a visitor').waitFor()
  t.equal(await storedToken(page), null, 'without the refresh cookie the session ends')
  t.same(pageErrors, [])
})

t.test('change the username, the radius and the password in settings', async (t) => {
  const user: TestUser = { username: 'Minna', phone: '040 222 0001', e164: '+358402220001', password: 'vanha-salasana' }
  await createUser(server, user)
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, user.username, user.password)

  const settings = await openSettingsSection(page, /^Account/)
  const username = settings.getByRole('textbox', { name: 'Username', exact: true })
  t.equal(await username.getAttribute('readonly'), '', 'read-only until Edit')
  t.equal(
    await settings.getByRole('textbox', { name: 'Phone number', exact: true }).inputValue(),
    '+358 40 222 0001',
    'phone shown',
  )
  t.equal(
    await settings.getByRole('textbox', { name: 'Phone number', exact: true }).getAttribute('readonly'),
    '',
    'phone is read-only',
  )
  await screenshot(page, 'settings-account')
  await settings.getByRole('button', { name: 'Delete account' }).waitFor()
  t.equal(await settings.getByText('Registered users').count(), 0, 'a user who is not an admin sees no user count')

  await settings.getByRole('button', { name: 'Edit username' }).click()
  t.equal(await username.getAttribute('readonly'), null, 'editable after Edit')
  await username.fill('Mi')
  await settings.getByRole('button', { name: 'Save' }).click()
  await settings.getByText('Username must be 3-16 characters').waitFor()
  t.equal(await username.getAttribute('aria-invalid'), 'true')
  await settings.getByRole('button', { name: 'Cancel' }).click()
  t.equal(await username.inputValue(), user.username, 'Cancel restores the saved name')

  await settings.getByRole('button', { name: 'Edit username' }).click()
  await username.fill('Minna_K')
  await screenshot(page, 'settings-account-editing')
  await settings.getByRole('button', { name: 'Save' }).click()
  await settings.getByText('Information updated').waitFor()
  t.equal(await username.inputValue(), 'Minna_K')
  t.match(await storedUser(page), { user_name: 'Minna_K' }, 'saved locally')
  t.ok(await settings.getByRole('button', { name: /^Account\s*Minna_K/ }).isVisible(), 'section summary updated')

  await settings.getByRole('button', { name: /^Radius and location/ }).click()
  t.equal(
    await settings.getByRole('button', { name: /^Account/ }).getAttribute('aria-expanded'),
    'false',
    'one section open',
  )
  await settings.getByRole('button', { name: 'Edit radius' }).click()
  await settings.getByRole('textbox', { name: 'Radius (km)', exact: true }).fill('120')
  await settings.getByRole('button', { name: 'Save' }).click()
  await settings.getByText('Information updated').waitFor()
  t.match(await storedUser(page), { radius: 120 })
  await screenshot(page, 'settings-radius-location')

  await settings.getByRole('button', { name: /^Account/ }).click()
  await settings.getByRole('button', { name: 'Change password' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change password' })
  await dialog.waitFor()
  await dialog.getByLabel('Current password', { exact: true }).fill('not-the-password')
  await dialog.getByLabel('New password', { exact: true }).fill('uusi-salasana')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.getByText('Invalid password').waitFor()
  await screenshot(page, 'dialog-change-password-error')
  await dialog.getByLabel('Current password', { exact: true }).fill(user.password)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await settings.getByText('Password changed').waitFor()
  t.ok(await settings.isVisible(), 'the settings stay open behind the closed dialog')
  await screenshot(page, 'settings-password-changed')

  await page.keyboard.press('Escape')
  await settings.waitFor({ state: 'hidden' })
  t.ok(await page.getByRole('main').getByText('Minna_K').isVisible(), 'the main screen shows the new name')
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'Minna_K', password: 'uusi-salasana' }),
  })
  t.equal(login.status, 200, 'the new name and password log in')
  t.same(pageErrors, [])
})

t.test('without a browser position the saved one stands in; the language choice reaches the server', async (t) => {
  const user: TestUser = { username: 'Sanna', phone: '050 333 0003', e164: '+358503330003', password: 'sijainti1' }
  await createUser(server, user)
  const OULU = { latitude: 65.0121, longitude: 25.4651 }
  const withPosition = await openContext(t, browser, { permissions: ['geolocation'], geolocation: OULU })
  await logIn(withPosition.page, baseUrl, user.username, user.password)
  t.match(await reportedLocation(withPosition.page), OULU, 'reported from the first device')

  // Another device that gives no position (permission not granted).
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, user.username, user.password)
  const settings = await openSettingsSection(page, /^Language/)
  await settings.getByRole('radio', { name: /^Suomi/ }).check()
  const finnish = page.getByRole('dialog', { name: 'Asetukset' })
  await finnish.waitFor()
  let me: unknown
  await waitUntil(async () => {
    me = (await apiGet(page, '/api/user/protected-route')).body
    return (me as { user: { language: string } }).user.language === 'finnish'
  })
  t.match(me, { user: { language: 'finnish' } }, 'the server knows the new language (push texts)')
  await finnish.getByRole('button', { name: /^Säde ja sijainti/ }).click()
  await finnish.getByText('Käytössä viimeksi tallennettu sijainti').waitFor()
  t.pass('the saved position is in use')
  await finnish.getByRole('button', { name: 'Päivitä sijainti nyt' }).click()
  await finnish.getByText('Sijainnin hakeminen epäonnistui, tarkista asetukset').waitFor()
  t.pass('no browser position: locationfailed')
  await screenshot(page, 'settings-location-fi')
  t.same(pageErrors, [])
  t.same(withPosition.pageErrors, [])
})
