import type { Locator, Page } from 'playwright-core'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { askForHelp, atLeastTouchSize, expectStyledChoices, livePage, takeOver } from './helping.ts'
import { checkPrerequisites, launchBrowser, screenshot, startServer } from './browser.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const owner: TestUser = { username: 'Riikka', phone: '040 333 0301', e164: '+358403330301', password: 'polkupyora' }
const helper: TestUser = { username: 'Heikki', phone: '040 333 0302', e164: '+358403330302', password: 'polkupyora' }
await Promise.all([owner, helper].map((user) => createUser(server, user)))
const HERE = { latitude: 60.171234, longitude: 24.941234 }

/** Light and dark, each checked with axe too. */
async function shootAndCheck(t: Test, page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await screenshot(page, `${name}-${colorScheme}`)
    await expectNoSeriousViolations(t, page, `${name}, ${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

async function storedReports() {
  return sql<{ reporter: string; reported: string; about: string; reason: string; details: string | null }[]>`
    select rp.user_name as reporter, rd.user_name as reported, r.about, r.reason, r.details
    from reports r join users rp on rp.user_id = r.reporter_id join users rd on rd.user_id = r.reported_id
    order by r.report_id
  `
}

/** Picks a reason and sends; resolves with the dialog showing its confirmation. */
async function send(dialog: Locator, reason: string, details?: string) {
  await dialog.getByRole('radio', { name: reason }).check()
  if (details) await dialog.getByLabel('Tell more (optional)').fill(details)
  await dialog.getByRole('button', { name: 'Send report' }).click()
}

t.test('the helper reports the owner from the conversation; the owner reports a removed helper', async (t) => {
  const o = await livePage(t, browser, baseUrl, owner, HERE)
  const h = await livePage(t, browser, baseUrl, helper, HERE)
  await askForHelp(o.page, 'Front wheel bent at the market square')
  const detail = await takeOver(h.page)

  // While the two can write to each other, "Report" is in their conversation, and only there.
  const conversation = detail.getByRole('region', { name: /Messages/ })
  const report = conversation.getByRole('button', { name: `Report ${owner.username}` })
  await report.waitFor()
  t.equal(await detail.getByRole('button', { name: `Report ${owner.username}` }).count(), 1, 'one button, not two')
  await atLeastTouchSize(t, report, 'Report')
  await report.click()

  const dialog = h.page.getByRole('dialog', { name: `Report ${owner.username}` })
  await dialog.getByText(`Your report goes to the admins of Bike Help, not to ${owner.username}.`).waitFor()
  t.ok(await dialog.getByRole('link', { name: 'Life in danger? Call 112' }).isVisible(), '112 at hand')
  t.same(
    await dialog.locator('.choice__label').allTextContents(),
    [
      'Harassment, threats or insults',
      'I felt unsafe',
      'They did not show up',
      'A fake request or false information',
      'Spam or advertising',
      'Something else',
    ],
    'the reasons in plain words',
  )
  await expectStyledChoices(t, dialog, 'the reasons')

  // Nothing chosen: said at the choices, nothing sent.
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await dialog.getByText('Choose what happened').waitFor()
  await shootAndCheck(t, h.page, 'report-dialog-error')
  t.same(await storedReports(), [])

  const sent = h.page.waitForResponse((r) => r.url().endsWith('/reports') && r.request().method() === 'POST')
  await send(dialog, 'Harassment, threats or insults', 'Shouted at me when I arrived.')
  t.equal((await sent).status(), 201)
  const done = h.page.getByRole('dialog', { name: 'Report sent' })
  await done
    .getByText('Thank you. An admin will review your report. You will be told the outcome here in the app.')
    .waitFor()
  t.equal(await done.getByRole('link', { name: 'If you are in danger now, call 112.' }).getAttribute('href'), 'tel:112')
  await shootAndCheck(t, h.page, 'report-sent')
  await done.getByRole('button', { name: 'OK' }).click()
  await done.waitFor({ state: 'hidden' })
  await conversation.getByText(`You reported ${owner.username}. An admin will review it.`).waitFor()
  t.equal(await conversation.getByRole('button', { name: `Report ${owner.username}` }).count(), 0, 'not twice')

  // The owner removes the helper: the helper, now the most recent one, is reported from the request's end.
  await o.page.getByRole('button', { name: /Bicycle maintenance/ }).click()
  const own = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await own.getByRole('button', { name: 'Remove the helper' }).click()
  const remove = o.page.getByRole('dialog', { name: new RegExp(`Remove ${helper.username}`) })
  await remove
    .getByRole('button', { name: /Remove/ })
    .last()
    .click()
  await remove.waitFor({ state: 'hidden' })
  const reportHelper = own.getByRole('button', { name: `Report ${helper.username}` })
  await reportHelper.waitFor()
  await reportHelper.scrollIntoViewIfNeeded()
  await screenshot(o.page, 'report-button-owner')
  await reportHelper.click()
  const ownerDialog = o.page.getByRole('dialog', { name: `Report ${helper.username}` })
  await send(ownerDialog, 'They did not show up')
  await o.page.getByRole('dialog', { name: 'Report sent' }).getByRole('button', { name: 'OK' }).click()
  await own.getByText(`You reported ${helper.username}. An admin will review it.`).waitFor()

  t.same(await storedReports(), [
    {
      reporter: helper.username,
      reported: owner.username,
      about: 'owner',
      reason: 'harassment',
      details: 'Shouted at me when I arrived.',
    },
    { reporter: owner.username, reported: helper.username, about: 'responder', reason: 'no_show', details: null },
  ])
  t.same(o.pageErrors, [])
  t.same(h.pageErrors, [])
})
