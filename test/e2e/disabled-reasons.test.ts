import type { Locator, Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { pageCall } from './api-calls.ts'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, screenshot, startServer } from './browser.ts'
import { livePage } from './helping.ts'

checkPrerequisites()

// docs/product.md#limits: a button that cannot work is disabled, with its reason beside it, before anything is
// filled in; the server still decides (test/server/requests/concurrency.test.ts holds the limits under bursts).
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const users: TestUser[] = ['Ilona', 'Jaakko', 'Kerttu', 'Lasse'].map((username, i) => ({
  username,
  phone: `040 666 000${i + 1}`,
  e164: `+35840666000${i + 1}`,
  password: 'polkupyora',
}))
await Promise.all(users.map((user) => createUser(server, user)))
const [owner, helper, other, third] = users as [TestUser, TestUser, TestUser, TestUser]
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

/** The button and the reason it names through aria-describedby. */
async function disabledWithReason(t: Test, button: Locator, reason: string, what: string) {
  await t.resolves(button.waitFor(), what)
  t.ok(await button.isDisabled(), `${what}: disabled`)
  const describedBy = await button.getAttribute('aria-describedby')
  t.ok(describedBy, `${what}: the reason is its description`)
  t.equal(await button.page().locator(`#${describedBy}`).textContent(), reason, `${what}: ${reason}`)
}

/** A button's colours and border as drawn, in the colour scheme the page emulates now. */
const drawn = (button: Locator) =>
  button.evaluate((element) => {
    // The page's own getComputedStyle: the root tsconfig has no DOM types.
    type Style = { backgroundColor: string; color: string; borderTopStyle: string }
    const page = globalThis as unknown as { getComputedStyle(element: unknown): Style }
    const style = page.getComputedStyle(element)
    return { background: style.backgroundColor, color: style.color, border: style.borderTopStyle }
  })

/** What the button looks like in light and in dark. */
async function inBothSchemes(page: Page, button: Locator) {
  await page.emulateMedia({ colorScheme: 'dark' })
  const dark = await drawn(button)
  await page.emulateMedia({ colorScheme: 'light' })
  return { light: await drawn(button), dark }
}

t.test('at the active-request limit, Ask for help is disabled with the reason', async (t) => {
  const { page } = await livePage(t, browser, baseUrl, owner, HERE)
  const askButton = page.getByRole('button', { name: 'Ask for help' })
  t.notOk(await askButton.isDisabled(), 'enabled below the limit')
  const enabled = await inBothSchemes(page, askButton)
  await ask(page, 'First one')
  await ask(page, 'Second one')
  await page.getByRole('button', { name: 'Refresh' }).click()
  await page.getByText('Active limit reached').waitFor()
  await disabledWithReason(
    t,
    askButton,
    'Active limit reached: You already have 2 active requests, delete an old one first',
    'Ask for help',
  )
  // It looks disabled too, in light and dark: not the primary action's colours, and a dashed border.
  const disabled = await inBothSchemes(page, askButton)
  for (const scheme of ['light', 'dark'] as const) {
    t.not(disabled[scheme].background, enabled[scheme].background, `${scheme}: not the action's background`)
    t.not(disabled[scheme].color, enabled[scheme].color, `${scheme}: not the action's text colour`)
    t.equal(disabled[scheme].border, 'dashed', `${scheme}: a dashed border`)
  }
  await expectNoSeriousViolations(t, page, 'requests tab at the limit')
  await screenshot(page, 'ask-for-help-at-limit')
  await page.emulateMedia({ colorScheme: 'dark' })
  await screenshot(page, 'ask-for-help-at-limit-dark')
  await page.emulateMedia({ colorScheme: 'light' })
})

t.test('at the response limit and after a release, I’m working on it is disabled with the reason', async (t) => {
  const o = await livePage(t, browser, baseUrl, other, HERE)
  const l = await livePage(t, browser, baseUrl, third, HERE)
  const h = await livePage(t, browser, baseUrl, helper, HERE)
  const first = await ask(o.page, 'Chain off')
  const second = await ask(l.page, 'Flat tyre')
  const spare = await ask(o.page, 'Broken spoke')
  for (const id of [first, second])
    t.equal((await pageCall(h.page, 'PUT', `/api/requests/${id}/addresponder`)).status, 200)
  await h.page.getByRole('button', { name: 'Refresh' }).click()
  await h.page.goto(`${baseUrl}/?request=${spare}`)
  const detail = h.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await disabledWithReason(
    t,
    detail.getByRole('button', { name: 'I’m working on it' }),
    'Response limit: You are already responding to two requests, release one first',
    'at the response limit',
  )
  await screenshot(h.page, 'take-over-at-limit')
  await detail.getByRole('button', { name: 'Close' }).first().click()
  await detail.waitFor({ state: 'hidden' })

  // Released in the app: that request can never be taken again, and its button says so.
  await h.page.goto(`${baseUrl}/?request=${first}`)
  await detail.getByRole('button', { name: 'Release the request' }).click()
  const confirm = h.page.getByRole('dialog', { name: 'Release this request?' })
  await confirm.getByRole('button', { name: 'Release', exact: true }).click()
  await confirm.waitFor({ state: 'hidden' })
  await disabledWithReason(
    t,
    detail.getByRole('button', { name: 'I’m working on it' }),
    'You have already responded to this request',
    'after a release',
  )
  await expectNoSeriousViolations(t, h.page, 'detail after a release')
  await screenshot(h.page, 'take-over-after-release')
})
