import type { Page } from 'playwright-core'
import t from 'tap'
import postgres from 'postgres'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, eventStreamReady, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { notifyInstances } from '../../server/events/bus.ts'
import { waitUntil } from '../wait.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const admin: TestUser = {
  username: 'Palveluvastaava',
  phone: '050 555 0101',
  e164: '+358505550101',
  password: 'palvelut1',
}
const cyclist: TestUser = {
  username: 'Karttakatsoja',
  phone: '050 555 0102',
  e164: '+358505550102',
  password: 'kartalla1',
}
await createUser(server, admin)
await createUser(server, cyclist)
await sql`update users set is_admin = true where user_name = ${admin.username}`

const PHONE = { width: 390, height: 844 }

/** The names the public service map's list shows (its <details> list for keyboards), opened if it is closed. */
async function mapListNames(page: Page): Promise<string[]> {
  const list = page.locator('details.service-list')
  await list.waitFor()
  if (!(await list.evaluate('(element) => element.open'))) await list.locator('summary').click()
  // Each row's button holds the name; the distance and hours are under it.
  return list.locator('li .service-list__item').allInnerTexts()
}

/**
 * Waits (polling the screen, no reload) until the public map's list does or does not show `name`. No deadline of its
 * own (docs/testing.md, Helpers): a change that never comes is ended by the test file's timeout.
 */
async function waitForMapList(page: Page, name: string, shown: boolean): Promise<void> {
  await waitUntil(async () => (await mapListNames(page)).some((text) => text.trim() === name) === shown)
}

t.test('an admin adds, edits and deletes a service; another app sees each change without a reload', async (t) => {
  const watcher = await openContext(t, browser, { viewport: PHONE })
  // The map's two-minute refetch is the safety net for a stream that is down (useFreshServices.ts): switched off
  // here, so only the event stream can bring the changes, however long the steps take on a busy machine.
  await watcher.context.addInitScript(`{
    const setInterval = window.setInterval
    window.setInterval = (run, ms, ...rest) => (ms === ${2 * 60_000} ? 0 : setInterval(run, ms, ...rest))
  }`)
  const watcherReady = eventStreamReady(watcher.page)
  await logIn(watcher.page, server.baseUrl, cyclist.username, cyclist.password)
  await watcherReady
  await watcher.page.getByRole('tab', { name: 'Service map' }).click()
  await watcher.page.locator('details.service-list').waitFor()
  let watcherLoads = 0
  watcher.page.on('load', () => (watcherLoads += 1))

  const { page, pageErrors } = await openContext(t, browser, { viewport: PHONE })
  await logIn(page, server.baseUrl, admin.username, admin.password)
  await page.goto(`${server.baseUrl}/admin/services`)
  await page.getByRole('heading', { name: 'Services', level: 2 }).waitFor()
  const list = page.getByRole('list', { name: 'Services' })
  await list.getByRole('listitem').first().waitFor()
  await screenshot(page, 'admin-services-list-390')
  await expectNoSeriousViolations(t, page, 'the service list')

  // The search finds by a name in any language, by category name and by address.
  const search = page.getByRole('searchbox', { name: 'Search services' })
  await search.fill('zzz-no-such-service')
  await page.getByText('No service matches the search.').waitFor()
  await search.fill('')

  await page.getByRole('button', { name: 'Add service' }).click()
  const dialog = page.getByRole('dialog', { name: 'New service' })
  await dialog.waitFor()
  await dialog.locator('.point-picker-map canvas').first().waitFor()
  await screenshot(page, 'admin-services-form-390')
  await expectNoSeriousViolations(t, page, 'the empty service form')

  // A bad value: no category, no name, no point. The messages are shown at their fields and nothing is sent.
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/services') && request.method() === 'POST') sent.push(request.url())
  })
  await dialog.getByLabel('Website').first().fill('https://example.fi/pyorakellari')
  await dialog.getByLabel('Logo address (URL)').fill('www.example.fi/logo.png')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.getByText('Choose a category').waitFor()
  t.ok(await dialog.getByText('Latitude must be a number from -90 to 90').isVisible(), 'no point: latitude')
  t.ok(
    await dialog.getByText('Give a name in this language too, or leave its description and website empty').isVisible(),
    'a website without a name is refused',
  )
  t.ok(
    await dialog.getByText('Enter a web address that starts with http:// or https://').isVisible(),
    'the server rule on addresses, in the browser',
  )
  t.equal(await dialog.getByLabel('Logo address (URL)').getAttribute('aria-invalid'), 'true', 'at its field')
  t.equal(
    await page.evaluate('document.activeElement?.getAttribute("aria-invalid")'),
    'true',
    'focus moved to the first field to fix',
  )
  await screenshot(page, 'admin-services-form-errors-390')
  await expectNoSeriousViolations(t, page, 'the service form with errors')
  t.same(sent, [], 'nothing was sent')

  // Filled in properly, the point tapped on the map.
  await dialog.getByLabel('Category').selectOption({ label: 'Shop' })
  await dialog.getByLabel('Certified cyclist-friendly').check()
  await dialog.getByLabel('Logo address (URL)').fill('')
  const finnish = dialog.getByRole('group', { name: 'Finnish' })
  await finnish.getByLabel('Name').fill('Pyöräkellari')
  await finnish.getByLabel('Description').fill('Korjaamo ja varaosat')
  await dialog.getByLabel('Address', { exact: true }).fill('Kellarikuja 3, Kuopio')
  const map = dialog.locator('.point-picker-map')
  await map.scrollIntoViewIfNeeded()
  const box = (await map.boundingBox())!
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  const latitude = await dialog.getByLabel('Latitude').inputValue()
  const longitude = await dialog.getByLabel('Longitude').inputValue()
  t.match(latitude, /^6\d\.\d+$/, `the tap set the latitude (${latitude}) near the map's centre over Finland`)
  t.match(longitude, /^2\d\.\d+$/, `and the longitude (${longitude})`)
  t.equal(await dialog.getByText('Choose a category').count(), 0, 'fixed fields lose their messages')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Service added').waitFor()
  t.equal(sent.length, 1, 'sent once')
  await list.getByText('Pyöräkellari').waitFor()
  const [stored] = await sql<{ latitude: number; certified: boolean; category: string }[]>`
    select latitude, certified, category from services s join service_localizations l using (service_id)
    where l.name = 'Pyöräkellari'`
  t.match(stored, { latitude: Number(latitude), certified: true, category: 'shop' }, 'stored as entered')

  await waitForMapList(watcher.page, 'Pyöräkellari', true)
  t.pass('the other app shows the new service')

  // Edit: the form opens with the stored values; a new name reaches the other app.
  await search.fill('kellarikuja')
  t.equal(await list.getByRole('listitem').count(), 1, 'found by its address')
  await list.getByRole('button', { name: 'Edit Pyöräkellari' }).click()
  const editDialog = page.getByRole('dialog', { name: 'Edit service' })
  const editedName = editDialog.getByRole('group', { name: 'Finnish' }).getByLabel('Name')
  t.equal(await editedName.inputValue(), 'Pyöräkellari', 'the form shows the stored name')
  t.equal(await editDialog.getByLabel('Latitude').inputValue(), latitude, 'and the stored point')
  await editedName.fill('Pyöräkellari Kuopio')
  await editDialog.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Service updated').waitFor()
  await waitForMapList(watcher.page, 'Pyöräkellari Kuopio', true)
  await waitForMapList(watcher.page, 'Pyöräkellari', false)
  t.pass('the other app shows the new name')

  // Delete, confirmed.
  await list.getByRole('button', { name: 'Delete Pyöräkellari Kuopio' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete the service?' })
  await confirm.getByText('“Pyöräkellari Kuopio” is removed').waitFor()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await page.getByText('Service deleted').waitFor()
  t.equal(
    await page.evaluate('document.activeElement?.textContent'),
    'Services',
    'focus is on the section, not lost with the deleted row',
  )
  await page.getByText('No service matches the search.').waitFor()
  await waitForMapList(watcher.page, 'Pyöräkellari Kuopio', false)
  t.pass('and drops it once deleted')
  t.equal(watcherLoads, 0, 'the other app never reloaded')
  t.same(pageErrors, [], 'no errors in the admin page')
  t.same(watcher.pageErrors, [], 'nor in the other app')
})

t.test('a server refusal is shown at its field: another service has the external id', async (t) => {
  await sql`
    insert into services (external_id, category, latitude, longitude) values ('taken-id', 'venue', 62.6, 29.76)`
  const { page } = await openContext(t, browser, { viewport: PHONE })
  await logIn(page, server.baseUrl, admin.username, admin.password)
  await page.goto(`${server.baseUrl}/admin/services`)
  await page.getByRole('button', { name: 'Add service' }).click()
  const dialog = page.getByRole('dialog', { name: 'New service' })
  await dialog.getByLabel('Category').selectOption({ label: 'Venue' })
  await dialog.getByRole('group', { name: 'Swedish' }).getByLabel('Name').fill('Cykelhallen')
  await dialog.getByLabel('Latitude').fill('62,6')
  await dialog.getByLabel('Longitude').fill('29.76')
  await dialog.getByLabel('External id').fill('taken-id')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await dialog.getByText('Another service has this external id').waitFor()
  t.equal(
    await dialog.getByLabel('External id').getAttribute('aria-invalid'),
    'true',
    'the external id field is marked',
  )
})

t.test('the list and the form at 1280 px in the dark colour scheme', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, {
    viewport: { width: 1280, height: 900 },
    colorScheme: 'dark',
  })
  await logIn(page, server.baseUrl, admin.username, admin.password)
  await page.goto(`${server.baseUrl}/admin/services`)
  await page.getByRole('list', { name: 'Services' }).getByRole('listitem').first().waitFor()
  await screenshot(page, 'admin-services-list-1280-dark')
  await expectNoSeriousViolations(t, page, 'the service list, dark, 1280 px')
  await page.getByRole('button', { name: 'Edit' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Edit service' })
  await dialog.locator('.point-picker-map canvas').first().waitFor()
  t.not(await dialog.getByLabel('Latitude').inputValue(), '', 'an existing service opens with its point')
  await screenshot(page, 'admin-services-form-1280-dark')
  await expectNoSeriousViolations(t, page, 'the service form, dark, 1280 px')
  t.same(pageErrors, [])
})

t.test('a visitor (no event stream) gets a change when the page is shown again', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { viewport: PHONE })
  await page.goto(server.baseUrl)
  await page.locator('details.service-list').waitFor()
  const [row] = await sql<{ service_id: number }[]>`
    insert into services (category, latitude, longitude) values ('event', 61.05, 28.19) returning service_id`
  await sql`insert into service_localizations (service_id, language, name) values (${row!.service_id}, 'en', 'Lakeside Ride')`
  // Written outside the app, then announced as `pyoraapu services import` does: every instance drops its kept list.
  await notifyInstances(sql, { type: 'services' })
  // Coming back to the tab (the 2-minute timer does the same while it stays shown).
  await page.evaluate(`document.dispatchEvent(new Event('visibilitychange'))`)
  await waitForMapList(page, 'Lakeside Ride', true)
  t.pass('the visitor sees the new service without a reload')
  t.same(pageErrors, [])
})
