import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { createUser, logIn, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer } from './browser.ts'

checkPrerequisites()
const browser = await launchBrowser(t, { serviceWorker: true })
const server = await startServer(t)
const { baseUrl } = server
// The sections, one open at a time, the links, the notification preferences' rule and what the server stores are
// component tests (test/component/settings.test.ts); here what needs the browser: touch targets at 360 px,
// screenshots, and the preferences read back after a reload.
const user: TestUser = { username: 'Asetukset', phone: '040 555 0001', e164: '+358405550001', password: 'polkupyora' }
await createUser(server, user)

t.test('notifications: quiet hours and the hourly cap are saved for the account and seen after a reload', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, user.username, user.password)
  const settings = await openSettingsSection(page, /^Notifications/)
  const quiet = settings.getByRole('checkbox', { name: 'Use quiet hours' })
  const from = settings.getByLabel('From', { exact: true })
  const until = settings.getByLabel('Until', { exact: true })
  const cap = settings.getByLabel('Alerts about new requests', { exact: true })
  const save = settings.getByRole('button', { name: 'Save', exact: true })

  await quiet.check()
  await from.fill('23:30')
  await until.fill('06:15')
  await cap.selectOption('3')
  await save.click()
  await settings.getByRole('status').getByText('Notification settings saved').waitFor()
  for (const [name, target] of [
    ['the quiet hours switch', settings.locator('label.choice').filter({ hasText: 'Use quiet hours' })],
    ['from', from],
    ['until', until],
    ['the cap', cap],
    ['save', save],
  ] as const) {
    const box = await target.boundingBox()
    t.ok(box && box.height >= 44 && box.width >= 44, `${name}: a touch target of at least 44 px (${box?.height} px)`)
  }
  const shots = join(tmpdir(), 'pyoraapu-screenshots')
  mkdirSync(shots, { recursive: true })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await settings.getByText('Notification settings saved').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(shots, `settings-quiet-hours-${colorScheme}.png`), animations: 'disabled' })
    // The whole section at once: a screen as tall as it, as wide as a phone.
    await page.setViewportSize({ width: 360, height: 1300 })
    await page.screenshot({ path: join(shots, `settings-notifications-${colorScheme}.png`), animations: 'disabled' })
    await page.setViewportSize({ width: 360, height: 740 })
  }

  await page.reload()
  const again = await openSettingsSection(page, /^Notifications/)
  t.ok(await again.getByRole('checkbox', { name: 'Use quiet hours' }).isChecked(), 'after a reload: quiet hours on')
  t.equal(await again.getByLabel('From', { exact: true }).inputValue(), '23:30')
  t.equal(await again.getByLabel('Until', { exact: true }).inputValue(), '06:15')
  t.equal(await again.getByLabel('Alerts about new requests', { exact: true }).inputValue(), '3')

  await again.getByRole('checkbox', { name: 'Use quiet hours' }).uncheck()
  await again.getByRole('button', { name: 'Save', exact: true }).click()
  await again.getByText('Notification settings saved').waitFor()
  await page.reload()
  const third = await openSettingsSection(page, /^Notifications/)
  t.notOk(await third.getByRole('checkbox', { name: 'Use quiet hours' }).isChecked(), 'switched off and saved: off')
  t.same(pageErrors, [])
})
