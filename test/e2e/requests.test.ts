import type { Page } from 'playwright-core'
import t, { type Test } from 'tap'
import { distanceKm, formatKm } from '../../web/src/features/requests/distance.ts'
import { startTileServer } from './tile-server.ts'
import { checkPrerequisites, launchBrowser, openContext, startServer, screenshot } from './browser.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { waitUntil } from '../wait.ts'

checkPrerequisites()

// The detail modal shows a map; its tiles come from a local server (no internet here).
const tiles = await startTileServer(t)

const browser = await launchBrowser(t)
const server = await startServer(t, { TILE_URL: tiles.tileUrl })
const { baseUrl } = server

const alice: TestUser = { username: 'Aino', phone: '040 222 0001', e164: '+358402220001', password: 'polkupyora' }
const bob: TestUser = { username: 'Bertil', phone: '040 222 0002', e164: '+358402220002', password: 'polkupyora' }
const carl: TestUser = { username: 'Cecilia', phone: '040 222 0003', e164: '+358402220003', password: 'polkupyora' }
await Promise.all([alice, bob, carl].map((user) => createUser(server, user)))

const AT_ALICE = { latitude: 60.171234, longitude: 24.941234 }
const AT_BOB = { latitude: 60.1855, longitude: 24.9601 }
const AT_CARL = { latitude: 60.16, longitude: 24.93 }

async function userPage(t: Test, user: TestUser, geolocation: { latitude: number; longitude: number }) {
  const opened = await openContext(t, browser, { geolocation, permissions: ['geolocation'] })
  await logIn(opened.page, baseUrl, user.username, user.password)
  return opened
}

const REQUEST = /Bicycle maintenance/

async function openRequest(page: Page) {
  await page.getByRole('button', { name: REQUEST }).click()
  const dialog = page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await dialog.getByText('Asked by').waitFor()
  return dialog
}

async function closeDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await dialog.getByRole('button', { name: 'Close' }).click()
  await dialog.waitFor({ state: 'hidden' })
}

t.test('a help request from creation to ready, between three users', async (t) => {
  const a = await userPage(t, alice, AT_ALICE)
  const loaded: string[] = []
  a.page.on('request', (request) => loaded.push(request.url()))
  t.equal(
    await a.page.getByRole('tab', { name: 'Requests' }).getAttribute('aria-selected'),
    'true',
    'requests tab first',
  )

  // A asks for help, with an approximate location.
  await a.page.getByRole('button', { name: 'Ask for help' }).click()
  const form = a.page.getByRole('dialog', { name: 'Ask for help' })
  await form.getByRole('button', { name: 'Send request' }).click()
  await form.getByText('Please fill in all fields').first().waitFor()
  t.pass('category and location choice are required')
  // Where the eye and the focus are: the first missing choice, brought on screen, with its message announced.
  await waitUntil(() => a.page.evaluate<boolean>("document.activeElement?.getAttribute('name') === 'category'"))
  t.ok(await form.getByRole('radio', { name: 'Bicycle maintenance' }).isVisible(), 'the category on screen')
  await form.getByRole('radio', { name: 'Bicycle maintenance' }).check()
  await form.getByLabel('Description').fill('Chain off')
  await form.getByRole('button', { name: 'Send request' }).click()
  await waitUntil(() => a.page.evaluate<boolean>("document.activeElement?.getAttribute('name') === 'visibility'"))
  const missing = form.locator('#new-visibility-error')
  t.equal(await missing.getAttribute('role'), 'alert', 'the message is announced')
  const box = (await missing.boundingBox())!
  const viewport = a.page.viewportSize()!
  t.ok(box.y >= 0 && box.y + box.height <= viewport.height, 'the location choice’s message is on screen')
  await screenshot(a.page, 'request-new-missing-location')
  await form.getByLabel('Description').fill('')
  // The 112 line: a call link and the position to read out, at the end of the form while nothing sounds serious.
  const call = form.getByRole('link', { name: 'Life in danger? Call 112' })
  t.equal(await call.getAttribute('href'), 'tel:112')
  await form.getByText('latitude 60.17123, longitude 24.94123').waitFor()
  t.ok(await form.getByText('Bike Help is not an emergency service.').isVisible())
  const categoryTop = async () => (await form.getByRole('group', { name: 'Category' }).boundingBox())!.y
  t.ok((await call.boundingBox())!.y > (await categoryTop()), 'below the form’s fields')
  // A description that mentions an injury brings it to the top, said in words, before anything is sent.
  await form.getByLabel('Description').fill('Crashed at the market square, my knee is bleeding')
  const why = form.locator('.emergency__why')
  await why.getByText('If someone is hurt or in danger, call 112 first.', { exact: false }).waitFor()
  t.equal(await why.getAttribute('role'), 'alert', 'announced to screen readers')
  t.ok((await call.boundingBox())!.y < (await categoryTop()), 'above the category')
  await screenshot(a.page, 'request-new-danger')
  await form.getByLabel('Description').fill('Chain broke near the market square')
  t.ok(await form.getByText('34/500').isVisible(), 'the counter counts the description')
  t.equal(await why.count(), 0, 'back at the end once the words are gone')
  await form.getByRole('radio', { name: /Approximate location/ }).check()
  t.equal(await form.getByText('Testipyyntö').count(), 0, 'no test checkbox for a non-admin')
  await screenshot(a.page, 'request-new')
  await form.getByRole('button', { name: 'Send request' }).click()
  await form.waitFor({ state: 'hidden' })
  await a.page.getByRole('button', { name: REQUEST }).waitFor()
  t.equal(
    await a.page
      .getByRole('button', { name: REQUEST })
      .getByText(/km away/)
      .count(),
    0,
    'no distance to oneself',
  )
  t.notOk(
    loaded.some((url) => url.includes('SingleLocationMap')),
    'the list does not download the map code',
  )

  // B sees it with its distance from the rounded point, and opens it.
  const b = await userPage(t, bob, AT_BOB)
  const km = formatKm(distanceKm(AT_BOB, { latitude: 60.17, longitude: 24.94 }), 'en')
  const row = b.page.getByRole('button', { name: REQUEST })
  await row.getByText(`${km} km away`).waitFor()
  t.ok(await row.getByText('New').isVisible(), 'status in the row')
  await screenshot(b.page, 'request-list')
  let dialog = await openRequest(b.page)
  await dialog.getByRole('link', { name: '+358 40 222 0001' }).waitFor()
  t.pass('phone as a call link, in international format')
  t.equal(await dialog.locator('a[href="tel:+358402220001"]').count(), 1)
  t.equal(await dialog.getByText('Views').count(), 0, 'no view count for a bystander')
  t.equal(await dialog.getByRole('link', { name: /Call 112/ }).count(), 0, 'no 112 line for a bystander')
  await dialog.locator('.ol-viewport canvas').first().waitFor()
  t.equal((await dialog.locator('.single-map').boundingBox())?.height, 300, 'the map is 300 px high')
  await screenshot(b.page, 'request-detail-map')
  t.ok(await tiles.requested(), 'tiles come from the configured tile server')

  // A sees one view.
  dialog = await openRequest(a.page)
  t.ok(await dialog.getByText('Views').isVisible(), 'the owner sees the view count')
  t.equal(
    await dialog.getByRole('link', { name: 'Life in danger? Call 112' }).count(),
    1,
    'the 112 line, for the owner',
  )
  t.equal((await dialog.locator('dt:text-is("Views") + dd').textContent())?.trim(), '1')

  // A makes the location exact: the map shows the new point by moving its features, not by building a new map.
  await dialog.locator('.single-map .ol-viewport canvas').first().waitFor()
  await a.page.evaluate("document.querySelector('.single-map .ol-viewport').dataset.kept = 'yes'")
  await dialog.getByRole('radio', { name: 'Exact location' }).check()
  await dialog.getByRole('button', { name: 'Update location' }).click()
  await dialog.getByText('Location updated').waitFor()
  t.equal(await dialog.getByText(/Approximate location:/).count(), 0, 'the location is exact now')
  t.equal(await dialog.locator('.single-map .ol-viewport[data-kept="yes"]').count(), 1, 'the same map as before')
  await closeDialog(a.page)

  // B takes it over.
  dialog = b.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await dialog.getByRole('button', { name: 'I’m working on it' }).click()
  await dialog.getByRole('button', { name: 'Release the request' }).waitFor()
  t.ok(await dialog.getByText('In progress').isVisible(), 'B is the helper now')
  await closeDialog(b.page)

  // A sees it in progress and removes the helper.
  dialog = await openRequest(a.page)
  t.ok(await dialog.getByText('In progress').isVisible(), 'A sees in progress')
  t.ok(await dialog.getByText('Bertil').first().isVisible(), 'A sees who helps')
  await dialog.getByRole('button', { name: 'Remove the helper' }).click()
  const removal = a.page.getByRole('dialog', { name: 'Remove Bertil as helper?' })
  t.ok(
    await removal.getByText('They cannot take this request over again.').isVisible(),
    'the removal is confirmed first',
  )
  await removal.getByRole('button', { name: 'Remove', exact: true }).click()
  await removal.waitFor({ state: 'hidden' })
  await dialog.getByText('New', { exact: true }).waitFor()
  await closeDialog(a.page)

  // B cannot take it again: B's app heard of the removal, so the button is disabled with the reason.
  dialog = await openRequest(b.page)
  await dialog.getByText('You have already responded to this request').waitFor()
  t.ok(await dialog.getByRole('button', { name: 'I’m working on it' }).isDisabled(), 'B sees alreadyresponded')
  await closeDialog(b.page)

  // C takes it over, opening it from a link as a push notification will.
  const c = await userPage(t, carl, AT_CARL)
  // Code that runs in the page is a string: the root tsconfig has Node's types, not the DOM's.
  const id = await a.page.evaluate<number>(
    "fetch('/api/requests', { headers: { Authorization: 'Bearer ' + localStorage.getItem('token') } })" +
      '.then((r) => r.json()).then((list) => list[0].request_id)',
  )
  await c.page.goto(`${baseUrl}/?request=${id}`)
  dialog = c.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await dialog.getByRole('button', { name: 'I’m working on it' }).click()
  await dialog.getByRole('button', { name: 'Release the request' }).waitFor()
  t.pass('C took it over')

  // A marks it ready with "help received".
  dialog = await openRequest(a.page)
  await dialog.getByRole('button', { name: 'Mark ready' }).click()
  const ready = a.page.getByRole('dialog', { name: 'Mark the request ready?' })
  const confirm = ready.getByRole('button', { name: 'Mark ready' })
  t.ok(await confirm.isDisabled(), 'confirm is disabled until yes or no is chosen')
  await ready.getByRole('radio', { name: 'Yes' }).check()
  t.ok(await confirm.isEnabled(), 'enabled after a choice')
  await screenshot(a.page, 'request-ready-dialog')
  await confirm.click()
  await ready.waitFor({ state: 'hidden' })
  // The thank-you step that follows "Yes" (test/e2e/thanks.test.ts) is skipped here.
  await a.page.getByRole('dialog', { name: 'Thank your helper' }).getByRole('button', { name: 'Skip' }).click()
  await dialog.getByText('Completed', { exact: true }).waitFor()
  t.ok(await dialog.getByText('Help received').isVisible(), 'got help shown')
  t.equal(await dialog.locator('a[href^="tel:"]').count(), 0, 'no phone once completed')
  for (const name of ['Edit description', 'Mark ready', 'Update location', 'Remove the helper']) {
    t.equal(await dialog.getByRole('button', { name }).count(), 0, `no ${name} once completed`)
  }
  await screenshot(a.page, 'request-completed')

  // C sees the completed request without a phone and without actions.
  await c.page.reload()
  dialog = c.page.getByRole('dialog', { name: 'Bicycle maintenance' })
  await dialog.getByText('Completed', { exact: true }).waitFor()
  t.equal(await dialog.locator('a[href^="tel:"]').count(), 0)
  t.equal(await dialog.getByRole('button', { name: 'Release the request' }).count(), 0)

  for (const { pageErrors } of [a, b, c]) t.same(pageErrors, [], 'no errors in the page')
})

t.test('a visitor sees the service map first and a locked requests tab', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${baseUrl}/`)
  const mapTab = page.getByRole('tab', { name: 'Service map' })
  await mapTab.waitFor()
  t.equal(await mapTab.getAttribute('aria-selected'), 'true', 'service map is the visitor default')
  await page.getByRole('combobox', { name: 'Category' }).waitFor()
  t.pass('the service map tab shows its category filter')
  await page.getByRole('tab', { name: 'Requests' }).click()
  await page.getByRole('heading', { name: 'Log in to see help requests' }).waitFor()
  t.equal(await page.getByRole('checkbox', { name: 'Show all requests' }).count(), 0, 'no show-all box for a visitor')
  t.equal(await page.getByRole('button', { name: 'Ask for help' }).count(), 0, 'no new-request button')
  await screenshot(page, 'requests-visitor')
  t.same(pageErrors, [])
})
