import type { Locator } from 'playwright-core'
import t, { type Test } from 'tap'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
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

t.test('a logged-in user: account, radius and location, notifications, language, info, log out', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, user.username, user.password)
  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.waitFor()

  t.same(
    await sectionTitles(settings),
    ['Account', 'Radius and location', 'Notifications', 'Language'],
    'sections in SPEC order',
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
})

t.test('a visitor: language, info and a login link', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${baseUrl}/`)
  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.waitFor()

  t.same(await sectionTitles(settings), ['Language'], 'a visitor has only the language to set')
  await expectOneSectionAtATime(t, settings)
  t.equal(await settings.getByRole('link', { name: 'Info and FAQ' }).getAttribute('href'), '/info')
  t.equal(await settings.getByRole('button', { name: 'Log out' }).count(), 0, 'no log out')
  const login = settings.getByRole('link', { name: 'Log in' })
  t.equal(await login.getAttribute('href'), '/login')
  await login.click()
  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor()
  t.same(pageErrors, [])
})
