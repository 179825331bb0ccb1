import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator } from 'playwright-core'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { createUser, logIn, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer } from './browser.ts'

checkPrerequisites()
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server
const user: TestUser = { username: 'Asetukset', phone: '040 555 0001', e164: '+358405550001', password: 'polkupyora' }
await createUser(server, user)

/** The section toggles' names, without the summary a closed header shows (the user name, the radius...). */
async function sectionTitles(settings: Locator): Promise<string[]> {
  return settings.locator('.settings-section__title').allTextContents()
}

/** Opens every section in turn: each opening closes the one before, and a second tap closes it again. */
async function expectOneSectionAtATime(t: Test, settings: Locator) {
  const toggles = await settings.locator('.settings-section__toggle').all()
  const expanded = () => settings.locator('.settings-section__toggle[aria-expanded="true"]')
  const panels = () => settings.locator('.settings-section__panel:not([hidden])')
  t.equal(await expanded().count(), 0, 'every section starts closed')
  for (const [index, toggle] of toggles.entries()) {
    await toggle.click()
    t.equal(await toggle.getAttribute('aria-expanded'), 'true', `section ${index + 1} opens`)
    t.equal(await expanded().count(), 1, `section ${index + 1}: only it is open`)
    t.equal(await panels().count(), 1, `section ${index + 1}: only its panel shows`)
    t.equal(await panels().getAttribute('id'), await toggle.getAttribute('aria-controls'), 'the panel is its own')
  }
  await toggles.at(-1)!.click()
  t.equal(await expanded().count(), 0, 'a second tap closes the open section')
}

t.test(
  'a logged-in user: account, radius and location, notifications, what I can help with, blocked people, language, info, log out',
  async (t) => {
    const { page, pageErrors } = await openContext(t, browser)
    await logIn(page, baseUrl, user.username, user.password)
    await page.getByRole('button', { name: 'Settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Settings' })
    await settings.waitFor()

    t.same(
      await sectionTitles(settings),
      ['Account', 'Radius and location', 'Notifications', 'What I can help with', 'Blocked people', 'Language'],
      'sections in SPEC order, with What I can help with (docs/product.md#abilities) and Blocked people ' +
        '(docs/safety.md) before the language',
    )
    await expectOneSectionAtATime(t, settings)
    t.ok(await settings.getByRole('button', { name: 'Log out' }).isVisible(), 'log out')
    t.equal(await settings.getByRole('link', { name: 'Log in' }).count(), 0, 'no login link')

    const info = settings.getByRole('link', { name: 'Info and FAQ' })
    t.equal(await info.getAttribute('href'), '/info')
    await info.click()
    await page.getByRole('heading', { level: 1, name: 'Info and FAQ' }).waitFor()
    t.equal(await page.getByRole('dialog').count(), 0, 'the settings close on leaving for /info')
    t.same(pageErrors, [])
  },
)

t.test('notifications: quiet hours and the hourly cap are saved for the account and seen after a reload', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, user.username, user.password)
  const settings = await openSettingsSection(page, /^Notifications/)
  const quiet = settings.getByRole('checkbox', { name: 'Use quiet hours' })
  const from = settings.getByLabel('From', { exact: true })
  const until = settings.getByLabel('Until', { exact: true })
  const cap = settings.getByLabel('Alerts about new requests', { exact: true })
  const save = settings.getByRole('button', { name: 'Save', exact: true })

  t.notOk(await quiet.isChecked(), 'no quiet hours at first')
  t.equal(await from.count(), 0, 'no times to set while quiet hours are off')
  t.equal(await cap.inputValue(), '6', 'at most 6 an hour by default')
  t.same(
    await cap.locator('option').allTextContents(),
    [1, 2, 3, 4, 6, 10, 15, 20, 30].map((n) => `At most ${n} an hour`),
  )

  await quiet.check()
  t.equal(await from.inputValue(), '22:00', 'switched on, the night is suggested')
  t.equal(await until.inputValue(), '07:00')
  await until.fill('22:00')
  await save.click()
  await settings.getByRole('alert').getByText('Quiet hours must start and end at different times').waitFor()

  await from.fill('23:30')
  await until.fill('06:15')
  await cap.selectOption('3')
  await save.click()
  await settings.getByRole('status').getByText('Notification settings saved').waitFor()
  t.equal(
    await settings.getByText('Quiet hours must start and end at different times').count(),
    0,
    'the earlier error is gone',
  )
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

  const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  const [row] = await sql<{ quiet_start: string; quiet_end: string; hourly_alert_cap: number }[]>`
    select quiet_start::text, quiet_end::text, hourly_alert_cap from users where user_name = ${user.username}`
  t.same(row, { quiet_start: '23:30:00', quiet_end: '06:15:00', hourly_alert_cap: 3 }, 'stored for the account')

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
