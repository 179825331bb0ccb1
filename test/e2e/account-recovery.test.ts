import postgres from 'postgres'
import t from 'tap'
import { askForCode, createUser, logIn, openSettingsSection, typeCode, type TestUser } from './accounts-helpers.ts'
import { storedToken, storedUser } from './stored-session.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'
import { SmsOutbox } from './sms-outbox.ts'

// Getting back into an account and leaving it: a password reset and a login by SMS code, deleting the account, and
// an admin's count of users. Apart from test/e2e/accounts.test.ts (registering, logging in, the account's settings)
// so that neither file nears tap's per-file timeout on a busy machine.

checkPrerequisites()
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server
const outbox = new SmsOutbox(server.dataDir)

t.test('reset the password by SMS', async (t) => {
  const user: TestUser = { username: 'Olli', phone: '040 222 0002', e164: '+358402220002', password: 'unohtunut' }
  await createUser(server, user)
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${baseUrl}/login`)
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor()
  const sms = await askForCode(page, outbox, user.e164, '+358 (40) 222-0002', 'reset-1-phone')
  t.equal(sms.purpose, 'reset')
  // A paste of exactly six digits fills every box.
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).focus()
  await page.evaluate(`(() => {
    const data = new DataTransfer()
    data.setData('text/plain', ' ${sms.code} ')
    document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })()`)
  t.equal(
    await page.getByRole('textbox', { name: 'Digit 6 of 6' }).inputValue(),
    sms.code[5],
    'the paste filled the boxes',
  )
  await screenshot(page, 'reset-2-code')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('heading', { level: 2, name: 'Choose a new password' }).waitFor()
  await page.getByLabel('New password', { exact: true }).fill('1234')
  await page.getByRole('button', { name: 'Save password' }).click()
  await page.getByText('Password must be at least 5 characters long').waitFor()
  await page.getByLabel('New password', { exact: true }).fill('muistan-nyt')
  await screenshot(page, 'reset-3-password')
  await page.getByRole('button', { name: 'Save password' }).click()

  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor()
  t.equal(new URL(page.url()).search, '?message=password-updated')
  t.ok(await page.getByRole('status').getByText('Password changed').isVisible(), 'password-changed message')
  await screenshot(page, 'login-password-updated')
  await page.getByRole('textbox', { name: 'Username or phone number', exact: true }).fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill('muistan-nyt')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.getByText('Logged in as').waitFor()
  t.pass('the new password works')
  t.same(pageErrors, [])
})

t.test('log in with a code sent to the phone, offered first once the password login is held back', async (t) => {
  const user: TestUser = {
    username: 'Koodilla',
    phone: '040 444 0094',
    e164: '+358404440094',
    password: 'uusi-puhelin',
  }
  await createUser(server, user)
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${baseUrl}/login`)
  const offers = page.getByRole('link', { name: 'Send me a login code' })
  await offers.waitFor()
  t.equal(await offers.count(), 1, 'the login page always offers a login code')

  // Someone guesses from this address in parallel: the password login of the account is held back (429).
  await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      fetch(`${baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: user.username, password: `guess-${i}` }),
      }),
    ),
  )
  const identifier = page.getByRole('textbox', { name: 'Username or phone number', exact: true })
  await identifier.fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.getByText('Too many attempts, try again later').waitFor()
  const offer = page.getByRole('region', { name: 'Log in with a code instead' })
  await offer.waitFor()
  t.equal(await offers.count(), 1, 'one offer, now in the notice')
  const offerTop = (await offer.boundingBox())!.y
  t.ok(offerTop < (await identifier.boundingBox())!.y, 'the offer comes before the password form')
  await screenshot(page, 'login-code-offered')

  await offer.getByRole('link', { name: 'Send me a login code' }).click()
  await page.getByRole('heading', { level: 1, name: 'Log in with a code' }).waitFor()
  t.ok(await page.getByText('Step 1 of 2').isVisible(), 'two steps')
  const sms = await askForCode(page, outbox, user.e164, '+358 40 444 0094', 'login-code-1-phone')
  t.equal(sms.purpose, 'login')
  await typeCode(page, sms.code)
  await screenshot(page, 'login-code-2-code')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByText('Logged in as').waitFor()
  t.equal(new URL(page.url()).pathname, '/', 'on the main screen')
  t.ok(await storedToken(page), 'signed in with a session')
  t.match(await storedUser(page), { user_name: user.username })
  await screenshot(page, 'login-code-signed-in')
  t.same(pageErrors, [])
})

t.test('delete the account', async (t) => {
  const user: TestUser = { username: 'Poistuja', phone: '050 333 0001', e164: '+358503330001', password: 'hyvasti123' }
  await createUser(server, user)
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, user.username, user.password)
  const settings = await openSettingsSection(page, /^Account/)
  await settings.getByRole('button', { name: 'Delete account' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete account' })
  await confirm.waitFor()
  await screenshot(page, 'dialog-delete-account')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await confirm.waitFor({ state: 'hidden' })
  t.ok(await settings.isVisible(), 'Cancel keeps everything')

  await settings.getByRole('button', { name: 'Delete account' }).click()
  await Promise.all([page.waitForEvent('load'), confirm.getByRole('button', { name: 'Delete my account' }).click()])
  await page.getByText('You are using the app as a visitor').waitFor()
  t.equal(await storedToken(page), null)
  t.equal(await storedUser(page), null)

  await page.goto(`${baseUrl}/login`)
  await page.getByRole('textbox', { name: 'Username or phone number', exact: true }).fill(user.username)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await page.getByText('Invalid username or password').waitFor()
  t.pass('the account is gone')
  t.same(pageErrors, [])
})

t.test('an admin sees the number of registered users', async (t) => {
  const user: TestUser = { username: 'Admin', phone: '050 333 0004', e164: '+358503330004', password: 'yllapito1' }
  await createUser(server, user)
  // What `npm run admin -- grant Admin` does; the flag reaches the token at the next login.
  const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  await sql`update users set is_admin = true where user_name = ${user.username}`
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from users`
  const count = row?.count

  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, user.username, user.password)
  const settings = await openSettingsSection(page, /^Account/)
  await settings.getByText(`Registered users: ${count}`).waitFor()
  t.pass(`${count} users shown`)
  await screenshot(page, 'settings-account-admin')
  t.same(pageErrors, [])
})
