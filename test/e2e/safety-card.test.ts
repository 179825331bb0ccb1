import t from 'tap'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, screenshot, startServer } from './browser.ts'
import { askForHelp, livePage } from './helping.ts'

checkPrerequisites()

// docs/safety.md, "Before the first meeting": the one-time card before the first request and the first take-over,
// and the same points on the info page.
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const users: TestUser[] = ['Riikka', 'Tuomas'].map((username, i) => ({
  username,
  phone: `040 888 000${i + 1}`,
  e164: `+35840888000${i + 1}`,
  password: 'polkupyora',
}))
await Promise.all(users.map((user) => createUser(server, user)))
const [owner, helper] = users as [TestUser, TestUser]
const HERE = { latitude: 60.17, longitude: 24.94 }
const CARD = { name: 'Before you meet' }

t.test('before the first request, then never again', async (t) => {
  const { page } = await livePage(t, browser, baseUrl, owner, HERE)
  await page.getByRole('button', { name: 'Ask for help' }).click()
  const form = page.getByRole('dialog', { name: 'Ask for help' })
  const card = form.getByRole('region', CARD)
  await card.getByText('In danger, call 112').waitFor()
  t.equal(await card.getByRole('link', { name: 'In danger, call 112' }).getAttribute('href'), 'tel:112')
  await card.scrollIntoViewIfNeeded()
  await expectNoSeriousViolations(t, page, 'the new-request form with the safety card')
  await screenshot(page, 'safety-card-ask')
  await form.getByRole('button', { name: 'Cancel' }).click()
  await form.waitFor({ state: 'hidden' })

  await askForHelp(page, 'Broken chain at the park')
  await page.getByRole('button', { name: 'Ask for help' }).click()
  await form.getByLabel('Description').waitFor()
  t.equal(await form.getByRole('region', CARD).count(), 0, 'sent once: the card is gone')
})

t.test('before the first take-over, until “Got it”', async (t) => {
  const { page } = await livePage(t, browser, baseUrl, helper, HERE)
  const row = page.getByRole('button', { name: /Bicycle maintenance/ })
  await row.first().click()
  const detail = page.getByRole('dialog', { name: 'Bicycle maintenance' })
  const takeOver = detail.getByRole('button', { name: 'I’m working on it' })
  const card = detail.getByRole('region', CARD)
  await card.waitFor()
  const [button, cardBox] = [await takeOver.boundingBox(), await card.boundingBox()]
  t.ok(button && cardBox && cardBox.y > button.y, 'under the button: the decision comes first')
  await screenshot(page, 'safety-card-help', { fullPage: true })
  await card.getByRole('button', { name: 'Got it' }).click()
  await card.waitFor({ state: 'detached' })
  await page.reload()
  await takeOver.waitFor()
  t.equal(await detail.getByRole('region', CARD).count(), 0, 'acknowledged: not shown again')
})

// The same points on the info page, for visitors too, are a component test (test/component/info-pages.test.ts).
