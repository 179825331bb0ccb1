import type { Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import t, { type Test } from 'tap'
import { createUser, openSettingsSection, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { askForHelp, atLeastTouchSize, expectStyledChoices, livePage, takeOver } from './helping.ts'
import { checkPrerequisites, launchBrowser, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const owner: TestUser = { username: 'Tuula', phone: '040 333 0201', e164: '+358403330201', password: 'polkupyora' }
const helper: TestUser = { username: 'Harri', phone: '040 333 0202', e164: '+358403330202', password: 'polkupyora' }
await Promise.all([owner, helper].map((user) => createUser(server, user)))

const HERE = { latitude: 60.171234, longitude: 24.941234 }
const REQUEST = /Bicycle maintenance/
/** Screenshots for a person to look at, outside the repository. */
const SHOTS = process.env.THANKS_SHOTS_DIR ?? '/tmp/pyoraapu-thanks-shots'
mkdirSync(SHOTS, { recursive: true })

/** Light and dark, each checked with axe too. */
async function shootAndCheck(t: Test, page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, animations: 'disabled', caret: 'hide' })
    await expectNoSeriousViolations(t, page, `${name}, ${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

t.test('the owner thanks with a quick reply; the helper sees it live and their count in the settings', async (t) => {
  const o = await livePage(t, browser, baseUrl, owner, HERE)
  const h = await livePage(t, browser, baseUrl, helper, HERE)

  await askForHelp(o.page, 'Chain snapped by the station')

  const helping = await takeOver(h.page)
  await helping.getByText('Has not helped anyone yet').waitFor()
  t.pass('the helper’s own count is shown by their name')
  await h.page.getByRole('button', { name: 'Close' }).click()

  await o.page.getByRole('button', { name: REQUEST }).click()
  const own = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await own.getByText('Has not helped anyone yet').waitFor()
  t.ok(await own.getByText('Harri').first().isVisible(), 'next to the helper’s name')
  await own.getByRole('button', { name: 'Mark ready' }).click()
  const ready = o.page.getByRole('dialog', { name: 'Mark the request ready?' })
  await ready.getByRole('radio', { name: 'Yes' }).waitFor()
  await expectStyledChoices(t, ready, '"Did you get help?" before Settings was ever opened')
  await ready.getByRole('radio', { name: 'Yes' }).check()
  await ready.getByRole('button', { name: 'Mark ready' }).click()

  const step = o.page.getByRole('dialog', { name: 'Thank your helper' })
  await step.waitFor()
  t.ok(await step.getByText('Send Harri a few words of thanks.', { exact: false }).isVisible(), 'names the helper')
  const quick = step.getByRole('button', { name: 'Thank you so much!' })
  await atLeastTouchSize(t, quick, 'a quick thank-you')
  await atLeastTouchSize(t, step.getByRole('button', { name: 'Skip' }), 'skip')
  await atLeastTouchSize(t, step.getByRole('button', { name: 'Send thanks' }), 'send')

  // Own words the rules refuse (a pasted control character) are told in words and not sent.
  await step.getByLabel('Your own words').fill('Thanks <3\u0007')
  t.ok(await step.getByText('10/200').isVisible(), 'the counter follows the text')
  await step.getByRole('button', { name: 'Send thanks' }).click()
  await step.getByText('Contains invalid characters').waitFor()
  await shootAndCheck(t, o.page, 'thanks-step')

  const sent = o.page.waitForResponse(
    (response) => response.url().endsWith('/thanks') && response.request().method() === 'POST',
  )
  await quick.click()
  t.equal((await sent).status(), 201, 'sent')
  await step.waitFor({ state: 'hidden' })
  const yours = own.getByText('Your thank-you: Thank you so much!')
  await yours.waitFor()
  t.pass('the owner’s detail shows what they sent')
  await yours.scrollIntoViewIfNeeded()
  await shootAndCheck(t, o.page, 'thanks-owner-detail')

  // The helper, on the list, is told at once.
  const notice = h.page.getByText('Thank you from Tuula: Thank you so much!')
  await notice.waitFor()
  t.equal(await h.page.locator('[aria-live="polite"]').filter({ has: notice }).count(), 1, 'in a polite live region')
  await shootAndCheck(t, h.page, 'thanks-helper-notice')

  // The notice opens the request, whose detail keeps the thank-you.
  await h.page.locator('.live-notice--thanks').getByRole('link', { name: 'Show' }).click()
  const detail = h.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await detail.getByText('Thank you from Tuula: Thank you so much!').waitFor()
  await shootAndCheck(t, h.page, 'thanks-helper-detail')
  await h.page.getByRole('button', { name: 'Close' }).click()

  const settings = await openSettingsSection(h.page, /Account/)
  await settings.getByText('You have helped 1 cyclist').waitFor()
  t.pass('one cyclist helped, in the singular')
  await shootAndCheck(t, h.page, 'thanks-helper-settings')

  for (const { pageErrors } of [o, h]) t.same(pageErrors, [], 'no errors in the page')
})
