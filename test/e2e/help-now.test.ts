import t from 'tap'
import { createUser, logIn, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import type { Locator, Page } from 'playwright-core'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { atLeastTouchSize } from './helping.ts'

checkPrerequisites()
const browser = await launchBrowser(t, { serviceWorker: true })
const server = await startServer(t)
const { baseUrl } = server

const helper: TestUser = { username: 'Valmis', phone: '040 444 0001', e164: '+358404440001', password: 'polkupyora' }
await createUser(server, helper)

const OFF_LINE = 'You get no alerts about new requests'
/** What the server holds, read the way the app reads the user at start. */
const storedSwitch =
  "fetch('/api/user/protected-route', { headers: { Authorization: 'Bearer ' + localStorage.getItem('token') } })" +
  '.then((r) => r.json()).then((answer) => answer.user.availableToHelp)'

/** Taps a switch and waits for the server's answer to the change. */
async function flip(page: Page, control: Locator): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/available-to-help') && r.ok())
  await control.click()
  await saved
}

t.test('"I can help now": off on the requests tab, and the settings show it off', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { viewport: { width: 390, height: 844 } })
  await logIn(page, baseUrl, helper.username, helper.password)

  const tabSwitch = page.getByRole('switch', { name: 'I can help now' })
  await tabSwitch.waitFor()
  t.equal(await tabSwitch.isChecked(), true, 'on by default')
  t.equal(await page.getByText(OFF_LINE).count(), 0, 'no explanation while on')
  await atLeastTouchSize(t, page.locator('.help-now__switch'), 'the switch on the requests tab')

  await flip(page, tabSwitch)
  await page.getByText(OFF_LINE).waitFor()
  t.equal(await tabSwitch.isChecked(), false, 'off, and announced as off (the switch role with its state)')
  t.equal(
    await tabSwitch.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent()),
    OFF_LINE,
    'the explanation describes the switch',
  )
  t.equal(await page.evaluate(storedSwitch), false, 'the server holds it off')
  await screenshot(page, 'help-now-off-light')
  await expectNoSeriousViolations(t, page, 'requests tab, help now off, light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'help-now-off-dark')
  await expectNoSeriousViolations(t, page, 'requests tab, help now off, dark')
  await page.emulateMedia({ colorScheme: 'light' })

  const settings = await openSettingsSection(page, /Notifications/)
  const settingsSwitch = settings.getByRole('switch', { name: 'I can help now' })
  await settingsSwitch.waitFor()
  t.equal(await settingsSwitch.isChecked(), false, 'the settings show it off')
  t.ok(await settings.getByText(OFF_LINE).isVisible(), 'with the same line')
  await atLeastTouchSize(t, settings.locator('.help-now__switch'), 'the switch in the settings')
  await screenshot(page, 'help-now-settings-off-light')
  await expectNoSeriousViolations(t, page, 'settings, help now off')

  // On again in the settings: the requests tab follows.
  await flip(page, settingsSwitch)
  t.equal(await page.evaluate(storedSwitch), true, 'the server holds it on')
  t.equal(await settingsSwitch.isChecked(), true, 'on again')
  await settings.getByRole('button', { name: 'Close' }).click()
  await settings.waitFor({ state: 'hidden' })
  t.equal(await tabSwitch.isChecked(), true, 'the requests tab shows it on')
  t.equal(await page.getByText(OFF_LINE).count(), 0, 'and no longer says no alerts come')

  // Off, then a reload: the state is the account's, not the page's.
  await flip(page, tabSwitch)
  await page.getByText(OFF_LINE).waitFor()
  await page.reload()
  await page.getByText(OFF_LINE).waitFor()
  t.equal(await page.getByRole('switch', { name: 'I can help now' }).isChecked(), false, 'still off after a reload')
  t.same(pageErrors, [], 'no errors in the page')
})

t.test('"I can help now" for an hour: the line says until when, and it reads off once the hour is over', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { viewport: { width: 390, height: 844 } })
  await logIn(page, baseUrl, helper.username, helper.password)
  const tabSwitch = page.getByRole('switch', { name: 'I can help now' })
  await tabSwitch.waitFor()
  if (!(await tabSwitch.isChecked())) await flip(page, tabSwitch)
  const period = page.getByRole('combobox', { name: 'For how long' })
  t.equal(await period.inputValue(), 'always', 'on with no end by default')
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/available-to-help') && r.ok())
  await period.selectOption('1h')
  const until = ((await (await saved).json()) as { user: { availableUntil: string } }).user.availableUntil
  const clock = await page.evaluate<string>(
    `new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(${JSON.stringify(until)}))`,
  )
  await page.getByText(`On until ${clock}`, { exact: true }).first().waitFor()
  t.equal(await period.inputValue(), 'chosen', 'the choice shows the end')
  await expectNoSeriousViolations(t, page, 'requests tab, help now for an hour')
  await screenshot(page, 'help-now-for-an-hour')

  // An hour later (the page's clock moved on; the server reads the same end as over): off, without a reload.
  await page.clock.install({ time: Date.parse(until) - 1000 })
  await page.clock.runFor(61_000)
  await page.getByText(OFF_LINE).waitFor()
  t.equal(await tabSwitch.isChecked(), false, 'off once the hour is over')
  t.same(pageErrors, [], 'no errors in the page')
})
