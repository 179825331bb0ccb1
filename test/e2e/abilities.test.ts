import t from 'tap'
import type { Page } from 'playwright-core'
import { createUser, logIn, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { atLeastTouchSize, expectStyledChoices } from './helping.ts'

checkPrerequisites()
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const helper: TestUser = { username: 'Osaava', phone: '040 555 0001', e164: '+358405550001', password: 'polkupyora' }
await createUser(server, helper)

/** What the server holds, read the way the app reads the user at start. */
const storedAbilities = (page: Page) =>
  page.evaluate<unknown>(
    "fetch('/api/user/protected-route', { headers: { Authorization: 'Bearer ' + localStorage.getItem('token') } })" +
      '.then((r) => r.json()).then((answer) => answer.user.abilities)',
  )

async function save(page: Page, button: ReturnType<Page['getByRole']>): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/abilities') && r.ok())
  await button.click()
  await saved
}

t.test('Settings → What I can help with: tick, save, and after a reload still ticked', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, helper.username, helper.password)

  let settings = await openSettingsSection(page, /What I can help with/)
  const kit = settings.getByRole('group', { name: 'Kit I carry' })
  await kit.waitFor()
  for (const group of ['Transport', 'First aid', 'Languages I speak']) {
    t.ok(await settings.getByRole('group', { name: group }).isVisible(), `a group for ${group}, named by its legend`)
  }
  await expectStyledChoices(t, settings.locator('.abilities'), 'the abilities form')
  await atLeastTouchSize(t, settings.locator('.abilities .choice').first(), 'a checkbox row')
  t.equal(await kit.getByRole('checkbox', { name: 'Pump for Presta valves' }).isChecked(), false, 'nothing ticked yet')

  await kit.getByRole('checkbox', { name: 'Pump for Presta valves' }).check()
  await kit.getByRole('checkbox', { name: 'Spare inner tube' }).check()
  // The keyboard reaches a checkbox and Space ticks it.
  await settings.getByRole('group', { name: 'Transport' }).getByRole('checkbox', { name: 'Cargo bike' }).focus()
  await page.keyboard.press('Space')
  await settings.getByRole('checkbox', { name: 'I have first aid training' }).check()
  await settings.getByRole('group', { name: 'Languages I speak' }).getByRole('checkbox', { name: 'Swedish' }).check()
  await save(page, settings.getByRole('button', { name: 'Save' }))
  await settings.getByText('Saved').waitFor()
  t.same(
    await storedAbilities(page),
    { kit: ['pump_presta', 'spare_tube'], transport: ['cargo_bike'], firstAid: true, languages: ['sv'] },
    'the server holds what was ticked',
  )
  await screenshot(page, 'abilities-settings-light')
  await expectNoSeriousViolations(t, page, 'settings, abilities, light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'abilities-settings-dark')
  await expectNoSeriousViolations(t, page, 'settings, abilities, dark')
  await page.emulateMedia({ colorScheme: 'light' })

  await page.reload()
  await page.getByText('Logged in as').waitFor()
  settings = await openSettingsSection(page, /What I can help with/)
  const again = settings.getByRole('group', { name: 'Kit I carry' })
  await again.waitFor()
  t.equal(await again.getByRole('checkbox', { name: 'Pump for Presta valves' }).isChecked(), true, 'still ticked')
  t.equal(await again.getByRole('checkbox', { name: 'Spare inner tube' }).isChecked(), true)
  t.equal(await again.getByRole('checkbox', { name: 'Tyre levers' }).isChecked(), false)
  t.equal(await settings.getByRole('checkbox', { name: 'Cargo bike' }).isChecked(), true)
  t.equal(await settings.getByRole('checkbox', { name: 'I have first aid training' }).isChecked(), true)
  t.equal(await settings.getByRole('checkbox', { name: 'Swedish' }).isChecked(), true)

  // Untick and save: the list can be emptied again.
  await again.getByRole('checkbox', { name: 'Spare inner tube' }).uncheck()
  await save(page, settings.getByRole('button', { name: 'Save' }))
  t.match(await storedAbilities(page), { kit: ['pump_presta'] })
  t.same(pageErrors, [], 'no errors in the page')
})

t.test('the step after registering saves with the same form, and closes', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, helper.username, helper.password)
  // As a registration leaves it (features/abilities/abilities-offer.ts); the registration itself: accounts.test.ts.
  const userId = await page.evaluate<number>("JSON.parse(localStorage.getItem('user')).user_id")
  await page.evaluate(`localStorage.setItem('abilitiesOffer:${userId}', '1')`)
  await page.reload()
  const step = page.getByRole('dialog', { name: 'What can you help with?' })
  await step.waitFor()
  t.equal(await step.getByRole('checkbox', { name: 'Pump for Presta valves' }).isChecked(), true, 'what is saved')
  await step.getByRole('checkbox', { name: 'Van' }).check()
  await save(page, step.getByRole('button', { name: 'Save' }))
  await step.waitFor({ state: 'detached' })
  t.match(await storedAbilities(page), { transport: ['cargo_bike', 'van'] }, 'saved, and the step is answered')
  await page.reload()
  await page.getByText('Logged in as').waitFor()
  t.equal(await step.count(), 0, 'not offered again')
  t.same(pageErrors, [])
})
