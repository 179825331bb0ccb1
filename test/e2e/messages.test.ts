import type { Locator, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import t from 'tap'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { askForHelp, atLeastTouchSize, livePage, takeOver } from './helping.ts'
import { checkPrerequisites, launchBrowser, PHONE_VIEWPORT, startServer } from './browser.ts'
import { waitUntil } from '../wait.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const owner: TestUser = { username: 'Olga', phone: '040 333 0101', e164: '+358403330101', password: 'polkupyora' }
const helper: TestUser = { username: 'Hemming', phone: '040 333 0102', e164: '+358403330102', password: 'polkupyora' }
await Promise.all([owner, helper].map((user) => createUser(server, user)))

const HERE = { latitude: 60.171234, longitude: 24.941234 }
const REQUEST = /Bicycle maintenance/
/** Screenshots for a person to look at, outside the repository. */
const SHOTS = process.env.MESSAGE_SHOTS_DIR ?? '/tmp/pyoraapu-message-shots'
mkdirSync(SHOTS, { recursive: true })

async function shoot(page: Page, section: Locator, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await section.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png`, animations: 'disabled', caret: 'hide' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

t.test('owner and helper chat through a quick reply and free text, live', async (t) => {
  const o = await livePage(t, browser, baseUrl, owner, HERE)
  const h = await livePage(t, browser, baseUrl, helper, HERE)

  await askForHelp(o.page, 'Flat tyre at the station')
  t.equal(await o.page.getByRole('heading', { name: 'Messages' }).count(), 0, 'no conversation before a helper')

  const helping = await takeOver(h.page)
  const helperChat = helping.getByRole('region', { name: 'Messages' })
  await helperChat.getByText('No messages yet.').waitFor()
  const quickReply = helperChat.getByRole('button', { name: 'On my way' })
  await atLeastTouchSize(t, quickReply, 'a quick reply')
  await atLeastTouchSize(t, helperChat.getByRole('button', { name: 'Send' }), 'the send button')
  await quickReply.click()
  await helperChat.getByRole('log').getByText('On my way').waitFor()

  // The owner's list shows the unread message on the card, live; opening the request reads it.
  const ownRow = o.page.getByRole('button', { name: REQUEST })
  await ownRow.getByText('1 unread message').waitFor()
  // The app in view confirms it showed the message, which spares the owner its push (docs/requests.md).
  const isReceipt = (frame: string) => (JSON.parse(frame) as { type: string }).type === 'received'
  await waitUntil(() => o.framesSent.some(isReceipt))
  t.notOk(h.framesSent.some(isReceipt), 'the author, who saw their own message sent, confirms nothing')
  await ownRow.click()
  const own = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  const ownerChat = own.getByRole('region', { name: /Messages/ })
  const log = ownerChat.getByRole('log')
  await log.getByText('On my way').waitFor()
  t.ok(await log.getByText(/Hemming/).isVisible(), 'the author is named')
  // Read once the conversation is in view, not while it lies below the fold of the detail.
  const box = await ownerChat.boundingBox()
  t.ok(box && box.y > PHONE_VIEWPORT.height, 'the conversation starts below the fold')
  await o.page.getByRole('button', { name: 'Close' }).click()
  await ownRow.getByText('1 unread message').waitFor()
  t.pass('unread while it was not in view')
  await ownRow.click()
  const markedRead = o.page.waitForResponse((response) => response.url().endsWith('/messages/read'))
  await ownerChat.scrollIntoViewIfNeeded()
  t.equal((await markedRead).status(), 204, 'in view, it is marked read')
  t.ok(await ownerChat.getByText('1 unread message').count(), 'the detail says what was unread')
  await o.page.getByRole('button', { name: 'Close' }).click()
  await ownRow.waitFor()
  t.equal(await ownRow.getByText(/unread message/).count(), 0, 'read once seen')
  await ownRow.click()

  // The owner's quick replies are the owner's: no question about their own tyre.
  const ownerReplies = ownerChat.getByRole('group', { name: 'Quick replies' }).getByRole('button')
  await ownerReplies.first().waitFor()
  t.same(
    await ownerReplies.allTextContents(),
    ['Where are you now?', 'I am waiting at the marked place', 'Thank you!'],
    'the owner is offered the owner’s quick replies',
  )

  // Free text with its counter, sent with the button; it arrives on the helper's open detail.
  const field = ownerChat.getByLabel('Your message')
  await field.fill('Blue jacket, by the kiosk.')
  t.ok(await ownerChat.getByText('26/500').isVisible(), 'the counter follows the text')
  await ownerChat.getByRole('button', { name: 'Send' }).click()
  await log.getByText('Blue jacket, by the kiosk.').waitFor()
  // The live echo of one's own message may show it before the send's answer empties the field: wait for that.
  await o.page.waitForFunction('(field) => field.value === ""', await field.elementHandle())
  t.equal(await field.inputValue(), '', 'the field is emptied once sent')
  await helperChat.getByRole('log').getByText('Blue jacket, by the kiosk.').waitFor()

  // Ordinary punctuation and markup-like text are sent and shown as written, never as markup.
  await field.fill('I\'m at the café (north side), 28" tyre <b>here</b>')
  await ownerChat.getByRole('button', { name: 'Send' }).click()
  await log.getByText('I\'m at the café (north side), 28" tyre <b>here</b>').waitFor()
  t.equal(await log.locator('b').count(), 0, 'no markup made of it')

  // A text the rules refuse (a pasted control character) is told at once, in words, and not sent.
  await field.fill('Bell\u0007')
  await ownerChat.getByRole('button', { name: 'Send' }).click()
  await ownerChat.getByText('Contains invalid characters').waitFor()
  t.equal(await log.getByText('Bell').count(), 0)
  await field.fill('')

  await shoot(o.page, ownerChat, 'messages-owner')
  await shoot(h.page, helperChat, 'messages-helper')
  await expectNoSeriousViolations(t, o.page, 'the owner’s conversation')
  await o.page.emulateMedia({ colorScheme: 'dark' })
  await expectNoSeriousViolations(t, o.page, 'the owner’s conversation, dark')
  await o.page.emulateMedia({ colorScheme: 'light' })
  await expectNoSeriousViolations(t, h.page, 'the helper’s conversation')

  // Completed: the owner keeps the messages, read-only; the helper's detail no longer shows them.
  await own.getByRole('button', { name: 'Mark ready' }).click()
  const ready = o.page.getByRole('dialog', { name: 'Mark the request ready?' })
  await ready.getByRole('radio', { name: 'Yes' }).check()
  await ready.getByRole('button', { name: 'Mark ready' }).click()
  await ready.waitFor({ state: 'hidden' })
  // The thank-you step that follows "Yes" (test/e2e/thanks.test.ts) is skipped here.
  await o.page.getByRole('dialog', { name: 'Thank your helper' }).getByRole('button', { name: 'Skip' }).click()
  await ownerChat.getByText('The request is completed: the messages can be read but not answered.').waitFor()
  t.equal(await ownerChat.getByLabel('Your message').count(), 0, 'no field any more')
  await helping.getByText('Completed', { exact: true }).waitFor()
  await helperChat.waitFor({ state: 'detached' })
  await shoot(o.page, ownerChat, 'messages-completed')

  for (const { pageErrors } of [o, h]) t.same(pageErrors, [], 'no errors in the page')
})
