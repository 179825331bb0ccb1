import type { Locator, Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { pageCall } from './api-calls.ts'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, screenshot, startServer } from './browser.ts'
import { livePage } from './helping.ts'

checkPrerequisites()

// docs/safety.md, "Blocks": a helper's open detail drops the owner's number and the conversation as soon as the
// server says they lost their part in the request, and says why; no reload.
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const users: TestUser[] = ['Olga', 'Hemmo', 'Pirjo', 'Ville'].map((username, i) => ({
  username,
  phone: `040 778 000${i + 1}`,
  e164: `+35840778000${i + 1}`,
  password: 'polkupyora',
}))
await Promise.all(users.map((user) => createUser(server, user)))
const [olga, hemmo, pirjo, ville] = users as [TestUser, TestUser, TestUser, TestUser]
const HERE = { latitude: 60.17, longitude: 24.94 }

/** A request of the owner's page, taken over by the helper's page; the helper's detail open on it. */
async function helping(
  owner: Page,
  helper: Page,
  description: string,
  fields: object = {},
): Promise<{ id: number; detail: Locator }> {
  const made = await pageCall(owner, 'POST', '/api/requests', {
    category: 'bicycle_maintenance',
    description,
    ...HERE,
    isApproximate: 0,
    ...fields,
  })
  if (made.status !== 201) throw new Error(`creating a request answered ${made.status}`)
  const id = made.body.request_id!
  const taken = await pageCall(helper, 'PUT', `/api/requests/${id}/addresponder`)
  if (taken.status !== 200) throw new Error(`taking it over answered ${taken.status}`)
  await helper.goto(`${baseUrl}/?request=${id}`)
  const detail = helper.getByRole('dialog', { name: 'Bicycle maintenance' })
  await detail.getByText(description).waitFor()
  return { id, detail }
}

const ownerNumber = (detail: Locator, owner: TestUser) => detail.locator(`a[href="tel:${owner.e164}"]`)
const messageField = (detail: Locator) => detail.getByLabel('Your message')

async function expectHelping(t: Test, detail: Locator, owner: TestUser) {
  await ownerNumber(detail, owner).waitFor()
  await messageField(detail).waitFor()
  t.pass('while helping: the owner’s number and the message field')
}

t.test(
  'the owner removes the helper: the open detail drops the number and the conversation, and says why',
  async (t) => {
    const o = await livePage(t, browser, baseUrl, olga, HERE)
    const h = await livePage(t, browser, baseUrl, hemmo, HERE)
    const { id, detail } = await helping(o.page, h.page, 'Chain snapped at the ferry')
    await expectHelping(t, detail, olga)

    t.equal((await pageCall(o.page, 'PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'owner' })).status, 200)
    await detail.getByText('You are no longer this request’s helper').waitFor()
    await ownerNumber(detail, olga).waitFor({ state: 'detached' })
    await messageField(detail).waitFor({ state: 'detached' })
    t.pass('live: the number and the message field are gone, and the detail says why')
    await screenshot(h.page, 'lost-access-removed')
  },
)

t.test(
  'the helper lets go: the number only for the helper leaves the screen at once, not at the next reload',
  async (t) => {
    const o = await livePage(t, browser, baseUrl, pirjo, HERE)
    const h = await livePage(t, browser, baseUrl, hemmo, HERE)
    // Without "only to the helper" the number would stay: anyone within reach who opens a request is shown it
    // (docs/security.md, "Phone numbers by reach").
    const { detail } = await helping(o.page, h.page, 'Lost the bike key', { phoneOnlyToHelper: 1 })
    await expectHelping(t, detail, pirjo)

    await detail.getByRole('button', { name: 'Release the request' }).click()
    const confirm = h.page.getByRole('dialog', { name: 'Release this request?' })
    await confirm.getByRole('button', { name: 'Release', exact: true }).click()
    await confirm.waitFor({ state: 'hidden' })
    await ownerNumber(detail, pirjo).waitFor({ state: 'detached' })
    await messageField(detail).waitFor({ state: 'detached' })
    await detail.getByText('You are no longer this request’s helper').waitFor()
    t.pass('released: the number and the message field are gone')
  },
)

t.test('the owner blocks the helper: the open detail keeps nothing of the request and says so', async (t) => {
  const o = await livePage(t, browser, baseUrl, ville, HERE)
  const h = await livePage(t, browser, baseUrl, hemmo, HERE)
  const { id, detail } = await helping(o.page, h.page, 'Brake cable loose on the hill')
  await expectHelping(t, detail, ville)

  t.equal((await pageCall(o.page, 'POST', `/api/requests/${id}/block`, { about: 'responder' })).status, 201)
  // Named by its category no more: the dialog is just "Help request" now.
  const emptied = h.page.getByRole('dialog', { name: 'Help request', exact: true })
  await emptied.getByText('This request is no longer shown to you.').waitFor()
  await detail.waitFor({ state: 'detached' })
  t.equal(await ownerNumber(emptied, ville).count(), 0, 'no number')
  t.equal(await messageField(emptied).count(), 0, 'no message field')
  t.equal(await emptied.getByText('Brake cable loose on the hill').count(), 0, 'nor its description')
  await screenshot(h.page, 'lost-access-blocked')
})
