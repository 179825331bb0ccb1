import type { Page } from 'playwright-core'
import t from 'tap'
import { pageCall } from './api-calls.ts'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, screenshot, startServer } from './browser.ts'
import { atLeastTouchSize, livePage } from './helping.ts'

checkPrerequisites()

// docs/safety.md, "Blocks": blocking from a request's detail, what each side sees at once, and lifting it.
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const users: TestUser[] = ['Olga', 'Sami', 'Hemmo', 'Ilona', 'Kalle'].map((username, i) => ({
  username,
  phone: `040 777 000${i + 1}`,
  e164: `+35840777000${i + 1}`,
  password: 'polkupyora',
}))
await Promise.all(users.map((user) => createUser(server, user)))
const [owner, stranger, helper, asker, kalle] = users as [TestUser, TestUser, TestUser, TestUser, TestUser]
const HERE = { latitude: 60.17, longitude: 24.94 }

const ask = async (page: Page, description: string) => {
  const made = await pageCall(page, 'POST', '/api/requests', {
    category: 'bicycle_maintenance',
    description,
    ...HERE,
    isApproximate: 0,
  })
  if (made.status !== 201) throw new Error(`creating a request answered ${made.status}`)
  return made.body.request_id!
}

const card = (page: Page, description: string) => page.getByRole('button', { name: new RegExp(description) })

t.test('a stranger blocks the owner: each loses the other’s requests at once, until the block is lifted', async (t) => {
  const o = await livePage(t, browser, baseUrl, owner, HERE)
  const s = await livePage(t, browser, baseUrl, stranger, HERE)
  const olgas = await ask(o.page, 'Chain came off near the market')
  await ask(s.page, 'Sami needs a pump')
  await card(o.page, 'Sami needs a pump').waitFor()

  await s.page.goto(`${baseUrl}/?request=${olgas}`)
  const detail = s.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  const blockButton = detail.getByRole('button', { name: 'Block Olga' })
  await blockButton.scrollIntoViewIfNeeded()
  await atLeastTouchSize(t, blockButton, 'Block Olga')
  await blockButton.click()
  const confirm = s.page.getByRole('dialog', { name: 'Block Olga?' })
  await confirm.getByText('Olga is not told.').waitFor()
  await expectNoSeriousViolations(t, s.page, 'the block confirmation')
  await screenshot(s.page, 'block-confirm')
  await confirm.getByRole('button', { name: 'Block', exact: true }).click()
  await confirm.getByText('Olga is blocked. You can lift the block in Settings, under Blocked people.').waitFor()
  await screenshot(s.page, 'block-done')
  await confirm.getByRole('button', { name: 'Close' }).last().click()
  await detail.waitFor({ state: 'hidden' })
  await card(s.page, 'Chain came off').waitFor({ state: 'detached' })
  t.pass('the owner’s request left the stranger’s list')
  await card(o.page, 'Sami needs a pump').waitFor({ state: 'detached' })
  t.pass('and, live, the stranger’s request left the owner’s list')

  await s.page.getByRole('button', { name: 'Settings' }).click()
  await s.page.getByRole('button', { name: 'Blocked people' }).click()
  const lift = s.page.getByRole('button', { name: 'Lift the block on Olga' })
  await lift.waitFor()
  await expectNoSeriousViolations(t, s.page, 'blocked people in the settings')
  await screenshot(s.page, 'blocked-people')
  await lift.click()
  await s.page.getByText('The block on Olga was lifted.').waitFor()
  await s.page.getByText('You have not blocked anyone.').waitFor()
  await card(o.page, 'Sami needs a pump').waitFor()
  t.pass('lifted: the stranger’s request is back in the owner’s list, live')
})

t.test('the owner blocks their helper: the help ends and the request leaves the helper’s screen', async (t) => {
  const o = await livePage(t, browser, baseUrl, owner, HERE)
  const h = await livePage(t, browser, baseUrl, helper, HERE)
  const id = await ask(o.page, 'Flat tyre by the bridge')
  t.equal((await pageCall(h.page, 'PUT', `/api/requests/${id}/addresponder`)).status, 200)
  await card(h.page, 'Flat tyre by the bridge').waitFor()

  await o.page.goto(`${baseUrl}/?request=${id}`)
  const detail = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await detail.getByRole('button', { name: 'Block Hemmo' }).click()
  const confirm = o.page.getByRole('dialog', { name: 'Block Hemmo?' })
  await confirm.getByRole('button', { name: 'Block', exact: true }).click()
  await screenshot(o.page, 'block-helper-confirm')
  await confirm.getByText(/^Hemmo is blocked\./).waitFor()
  await confirm.getByRole('button', { name: 'Close' }).last().click()
  await confirm.waitFor({ state: 'hidden' })
  await detail.getByText('New', { exact: true }).waitFor()
  t.pass('the owner’s request waits for a new helper')
  await card(h.page, 'Flat tyre by the bridge').waitFor({ state: 'detached' })
  t.pass('and it left the helper’s list at once')
  await screenshot(o.page, 'block-helper-after')
})

t.test('the buttons follow the server’s mayActAbout: the owner opening their request after a release', async (t) => {
  const o = await livePage(t, browser, baseUrl, asker, HERE)
  const s = await livePage(t, browser, baseUrl, kalle, HERE)
  const id = await ask(o.page, 'Gear cable snapped')
  t.equal((await pageCall(s.page, 'PUT', `/api/requests/${id}/addresponder`)).status, 200)
  t.equal(
    (await pageCall(s.page, 'PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status,
    200,
  )

  // Opened afresh, the request has no helper any more; the server still names the most recent one to its owner.
  await o.page.goto(`${baseUrl}/?request=${id}`)
  const detail = o.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await detail.getByRole('button', { name: 'Block Kalle' }).waitFor()
  t.equal(await detail.getByRole('button', { name: /^Block / }).count(), 1, 'the owner: their former helper only')

  await s.page.goto(`${baseUrl}/?request=${id}`)
  const theirs = s.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await theirs.getByRole('button', { name: 'Block Ilona' }).waitFor()
  t.equal(await theirs.getByRole('button', { name: /^Block / }).count(), 1, 'the former helper: the owner only')
})
