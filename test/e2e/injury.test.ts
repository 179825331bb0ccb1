import type { Page } from 'playwright-core'
import t from 'tap'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, launchBrowser, screenshot, startServer } from './browser.ts'
import { livePage } from './helping.ts'

checkPrerequisites()

// docs/product.md#help-requests, "112 when it is serious": the 112 line reads out where help is sent, and an injury
// in the owner's words is said to whoever opens the request.
const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server

const users: TestUser[] = ['Iida', 'Jussi'].map((username, i) => ({
  username,
  phone: `040 779 000${i + 1}`,
  e164: `+35840779000${i + 1}`,
  password: 'polkupyora',
}))
await Promise.all(users.map((user) => createUser(server, user)))
const [owner, helper] = users as [TestUser, TestUser]
/** The phone's own position; the request's point is dragged 130 m away from it. */
const PHONE = { latitude: 60.17123, longitude: 24.94123 }
const POINT = { latitude: 60.17201, longitude: 24.94299 }

/** The page's own API call with its token (page code is a string: the root tsconfig has no DOM types). */
const ask = (page: Page, body: object) =>
  page.evaluate<number>(`(async () => {
    const response = await fetch('/api/requests', {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + localStorage.getItem('token'), 'Content-Type': 'application/json' },
      body: ${JSON.stringify(JSON.stringify(body))},
    })
    if (response.status !== 201) throw new Error('creating a request answered ' + response.status)
    return (await response.json()).request_id
  })()`)

t.test('the owner’s 112 line reads out the request’s point; a helper is told of the injury', async (t) => {
  const o = await livePage(t, browser, baseUrl, owner, PHONE)
  const id = await ask(o.page, {
    category: 'other',
    description: 'Kaaduin ja loukkasin polveni sillalla',
    ...POINT,
    isApproximate: 0,
  })
  await o.page.goto(`${baseUrl}/?request=${id}`)
  const own = o.page.getByRole('dialog', { name: 'Other' })
  await own.getByText('The request’s point to read out: latitude 60.17201, longitude 24.94299').waitFor()
  t.equal(await own.getByText(/latitude 60\.17123/).count(), 0, 'not the phone’s position')
  await own.getByText('If someone is hurt or in danger, call 112 first.', { exact: false }).waitFor()
  t.pass('the owner’s injury words bring the line to the top')

  const h = await livePage(t, browser, baseUrl, helper, PHONE)
  await h.page.goto(`${baseUrl}/?request=${id}`)
  const other = h.page.getByRole('dialog', { name: 'Other' })
  const why = other.locator('.emergency__why')
  await why.getByText('The person asking mentions an injury. If someone is hurt, call 112 first.').waitFor()
  t.equal(await why.getAttribute('role'), 'alert', 'announced to screen readers')
  t.equal(await other.getByRole('link', { name: 'Life in danger? Call 112' }).getAttribute('href'), 'tel:112')
  await other.getByText('The request’s point to read out: latitude 60.17201, longitude 24.94299').waitFor()
  await screenshot(h.page, 'injury-helper-detail')
})

t.test('an approximate request’s 112 line reads out the phone’s position, not the rounded point', async (t) => {
  const o = await livePage(t, browser, baseUrl, owner, PHONE)
  const id = await ask(o.page, { category: 'other', description: 'Need water', ...POINT, isApproximate: 1 })
  await o.page.goto(`${baseUrl}/?request=${id}`)
  const own = o.page.getByRole('dialog', { name: 'Other' })
  await own.getByText('Your position to read out: latitude 60.17123, longitude 24.94123').waitFor()
  t.equal(await own.locator('.emergency__why').count(), 0, 'nothing urgent in “Need water”')

  const h = await livePage(t, browser, baseUrl, helper, PHONE)
  await h.page.goto(`${baseUrl}/?request=${id}`)
  const other = h.page.getByRole('dialog', { name: 'Other' })
  await other.getByText('Need water').waitFor()
  t.equal(await other.getByRole('link', { name: /Call 112/ }).count(), 0, 'no 112 line for a calm request')
})
