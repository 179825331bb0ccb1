import type { Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { checkPrerequisites, eventStreamReady, launchBrowser, openContext, startServer, screenshot } from './browser.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { atLeastTouchSize, expectStyledChoices } from './helping.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
// The detail modal's map gets its tiles from the local tile server startServer starts (no internet here).
const server = await startServer(t)
const { baseUrl } = server

const owner: TestUser = { username: 'Oona', phone: '040 444 0001', e164: '+358404440001', password: 'polkupyora' }
const bertil: TestUser = { username: 'Bertil', phone: '040 444 0002', e164: '+358404440002', password: 'polkupyora' }
const carita: TestUser = { username: 'Carita', phone: '040 444 0003', e164: '+358404440003', password: 'polkupyora' }
const nomad: TestUser = { username: 'Niilo', phone: '040 444 0004', e164: '+358404440004', password: 'polkupyora' }
await Promise.all([owner, bertil, carita, nomad].map((user) => createUser(server, user)))

const AT_OWNER = { latitude: 60.171234, longitude: 24.941234 }
const AT_BERTIL = { latitude: 60.1855, longitude: 24.9601 }
const AT_CARITA = { latitude: 60.16, longitude: 24.93 }

/** Logged in with a position, the event stream authenticated (the server's `ready` frame seen). */
async function livePage(
  t: Test,
  user: TestUser,
  geolocation: { latitude: number; longitude: number },
  colorScheme: 'light' | 'dark' = 'light',
) {
  const opened = await openContext(t, browser, { geolocation, permissions: ['geolocation'], colorScheme })
  const ready = eventStreamReady(opened.page)
  await logIn(opened.page, baseUrl, user.username, user.password)
  await ready
  return opened
}

async function askForHelp(page: Page, category: string) {
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByRole('radio', { name: category }).check()
  await form.getByLabel('Description').fill('Flat tyre at the station')
  await form.getByRole('radio', { name: /Exact location/ }).check()
  await form.getByRole('button', { name: 'Send request' }).click()
  await form.waitFor({ state: 'hidden' })
}

/** Opens the request of this category from the list, and takes it over. */
async function takeOver(page: Page, category: string) {
  await page.getByRole('button', { name: new RegExp(category) }).click()
  const dialog = page.getByRole('dialog', { name: category })
  await dialog.getByRole('button', { name: 'I’m working on it' }).click()
  await dialog.getByRole('button', { name: 'Release the request' }).waitFor()
  return dialog
}

async function closeDialog(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await dialog.waitFor({ state: 'hidden' })
}

t.test('release and remove are confirmed; the helper is told when no longer needed', async (t) => {
  const o = await livePage(t, owner, AT_OWNER)
  const b = await livePage(t, bertil, AT_BERTIL)
  const c = await livePage(t, carita, AT_CARITA, 'dark')
  await askForHelp(o.page, 'Bicycle maintenance')
  await b.page.getByRole('button', { name: /Bicycle maintenance/ }).waitFor()

  // B takes it over, starts to release it and cancels: nothing changes.
  let helping = await takeOver(b.page, 'Bicycle maintenance')
  await helping.getByRole('button', { name: 'Release the request' }).click()
  const release = b.page.getByRole('dialog', { name: 'Release this request?' })
  t.ok(await release.getByText('You cannot take it over again').isVisible(), 'the release says it is final')
  await screenshot(b.page, 'release-confirm')
  await expectNoSeriousViolations(t, b.page, 'release confirmation')
  await release.getByRole('button', { name: 'Cancel' }).click()
  await release.waitFor({ state: 'hidden' })
  t.ok(await helping.getByText('In progress', { exact: true }).isVisible(), 'still in progress after cancel')
  t.ok(await helping.getByRole('button', { name: 'Release the request' }).isVisible(), 'and B still helps')
  await closeDialog(helping)

  // The owner changes the description while B helps: B is told, and B's detail says what changed until dismissed.
  await o.page.getByRole('button', { name: /Bicycle maintenance/ }).click()
  const editing = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await editing.getByRole('button', { name: 'Edit description' }).click()
  const call = editing.getByRole('link', { name: 'Life in danger? Call 112' })
  const factsTop = async () => (await editing.locator('dl.facts').boundingBox())!.y
  t.ok((await call.boundingBox())!.y > (await factsTop()), 'the owner’s 112 line is after the facts while calm')
  await editing
    .getByRole('textbox', { name: 'Edit description' })
    .fill('Flat tyre at the station, by the east door, knee bleeding')
  await editing.getByRole('button', { name: 'Save' }).click()
  await editing.getByText('Description updated').waitFor()
  await editing.locator('.emergency__why').waitFor()
  t.ok((await call.boundingBox())!.y < (await factsTop()), 'an injury in the owner’s words brings it to the top')
  await closeDialog(editing)
  const edited = b.page.locator('.live-notice', {
    hasText: 'The request you are helping with (Bicycle maintenance) was changed: new description.',
  })
  await edited.waitFor()
  await edited.getByRole('link', { name: 'Show' }).click()
  await helping.getByText('Changed by the owner while you help: new description.').waitFor()
  await helping.getByText('Flat tyre at the station, by the east door, knee bleeding').waitFor()
  await screenshot(b.page, 'helper-edited-detail')
  await closeDialog(helping)
  await edited.getByRole('button', { name: 'Dismiss notice' }).click()
  await edited.waitFor({ state: 'hidden' })

  // The owner removes B, after a confirmation that names B; B is told.
  await o.page.getByRole('button', { name: /Bicycle maintenance/ }).click()
  const own = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await own.getByRole('button', { name: 'Remove the helper' }).click()
  const removal = o.page.getByRole('dialog', { name: 'Remove Bertil as helper?' })
  t.ok(await removal.getByText('They cannot take this request over again.').isVisible(), 'the removal says it is final')
  await screenshot(o.page, 'remove-helper-confirm')
  await removal.getByRole('button', { name: 'Cancel' }).click()
  await removal.waitFor({ state: 'hidden' })
  t.ok(await own.getByText('Bertil').first().isVisible(), 'cancel keeps the helper')
  await own.getByRole('button', { name: 'Remove the helper' }).click()
  await removal.getByRole('button', { name: 'Remove', exact: true }).click()
  await removal.waitFor({ state: 'hidden' })
  await own.getByText('New', { exact: true }).waitFor()
  const removed = b.page.getByText('You were removed as the helper of a request (Bicycle maintenance).')
  await removed.waitFor()
  t.equal(await b.page.locator('[aria-live="polite"]').filter({ has: removed }).count(), 1, 'in a polite live region')
  await screenshot(b.page, 'helper-removed-notice')

  // C helps, with the detail open, when the owner marks it ready: the notice and the open detail say so.
  helping = await takeOver(c.page, 'Bicycle maintenance')
  await own.getByRole('button', { name: 'Mark ready' }).click()
  const ready = o.page.getByRole('dialog', { name: 'Mark the request ready?' })
  await ready.getByRole('radio', { name: 'Yes' }).check()
  await ready.getByRole('button', { name: 'Mark ready' }).click()
  await ready.waitFor({ state: 'hidden' })
  // The thank-you step that follows "Yes" (test/e2e/thanks.test.ts) is skipped here.
  await o.page.getByRole('dialog', { name: 'Thank your helper' }).getByRole('button', { name: 'Skip' }).click()
  await helping.getByText('This request was completed.').waitFor()
  t.ok(await own.getByText('This request was completed.').isVisible(), 'the owner’s open detail says so too')
  await closeDialog(own)
  await screenshot(c.page, 'helper-completed-detail-dark')
  await closeDialog(helping)
  await c.page.getByText('The request you were helping with (Bicycle maintenance) was completed. Thank you!').waitFor()
  await screenshot(c.page, 'helper-completed-notice-dark')
  await expectNoSeriousViolations(t, c.page, 'helper completed notice, dark')

  // B helps with another one, open, when the owner deletes it.
  await askForHelp(o.page, 'Food and drink')
  await b.page.getByRole('button', { name: /Food and drink/ }).waitFor()
  helping = await takeOver(b.page, 'Food and drink')
  await o.page.getByRole('button', { name: /Food and drink/ }).click()
  const second = o.page.getByRole('dialog', { name: 'Food and drink' })
  await second.getByRole('button', { name: 'Delete request' }).click()
  await o.page.getByRole('dialog', { name: 'Delete the request?' }).getByRole('button', { name: 'Delete' }).click()
  await second.waitFor({ state: 'hidden' })
  const gone = b.page.getByRole('dialog', { name: 'Help request' })
  await gone.getByText('This request was removed.').waitFor()
  t.equal(await gone.getByText(/Not found/).count(), 0, 'not the generic not-found')
  await screenshot(b.page, 'helper-deleted-detail')
  await closeDialog(gone)
  const deleted = b.page.locator('.live-notice', {
    hasText: 'The request you were helping with (Food and drink) was deleted.',
  })
  await deleted.waitFor()
  t.equal(await deleted.getByRole('link', { name: 'Show' }).count(), 0, 'nothing to show of a deleted request')

  // C releases one herself: confirmed, and no "removed" notice for her own act.
  await askForHelp(o.page, 'Other')
  await c.page.getByRole('button', { name: /Other/ }).waitFor()
  helping = await takeOver(c.page, 'Other')
  await helping.getByRole('button', { name: 'Release the request' }).click()
  await c.page.getByRole('dialog', { name: 'Release this request?' }).getByRole('button', { name: 'Release' }).click()
  await helping.getByText('New', { exact: true }).waitFor()
  await o.page
    .getByText(
      'Nobody is working on your request (Other) any more. It is new again, and the search for a helper goes on.',
    )
    .waitFor()
  t.equal(await c.page.getByText(/You were removed as the helper/).count(), 0, 'no notice for her own release')

  for (const { pageErrors } of [o, b, c]) t.same(pageErrors, [], 'no errors in the page')
})

t.test('without a position the new request asks no location choice; bad characters are named', async (t) => {
  // No geolocation permission: the position is not known.
  const { page, pageErrors } = await openContext(t, browser)
  await logIn(page, baseUrl, nomad.username, nomad.password)
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByText('Your position is not known, so the request is sent without a location.').waitFor()
  t.equal(await form.getByRole('radio', { name: /Exact location|Approximate location/ }).count(), 0, 'no choice')

  await expectStyledChoices(t, form, 'the first screen opened after logging in')
  await form.getByRole('radio', { name: 'Transport needed' }).check()
  const description = form.getByLabel('Description')
  // Named while typing, before Send; an invisible one by its code point.
  await description.fill('Frame broke @ the bridge\u200b 💩 @')
  await form.getByText('Contains characters that cannot be saved: “@”, U+200B, “💩”').waitFor()
  t.equal(await description.getAttribute('aria-invalid'), 'true')
  // Letters of every script pass (é); quotes and brackets are not in the description's punctuation.
  await description.fill('I\'m at the café (north side), 28" tyre')
  await form.getByText('Contains characters that cannot be saved: “\'”, “(”, “)”, “"”').waitFor()
  t.ok(await form.getByText('Letters, digits, spaces and . , ! ? : -').isVisible(), 'what is allowed is said')
  const remove = form.getByRole('button', { name: 'Fix them' })
  await atLeastTouchSize(t, remove, 'fix them')
  await screenshot(page, 'new-request-no-location-bad-characters')
  await expectNoSeriousViolations(t, page, 'new request without position, characters named')
  await remove.click()
  t.equal(await description.inputValue(), 'I am at the café, north side, 28 tyre', 'one tap fixes them all, é stays')
  t.equal(await description.getAttribute('aria-invalid'), null, 'nothing is refused any more')
  t.equal(await remove.count(), 0, 'the button goes with the error')

  await form.getByRole('button', { name: 'Send request' }).click()
  await form.waitFor({ state: 'hidden' })
  const row = page.getByRole('button', { name: /Transport needed/ })
  await row.getByText('No location').waitFor()
  t.pass('sent without a location')
  t.same(pageErrors, [], 'no errors in the page')
})
