import type { Page } from 'playwright-core'
import postgres from 'postgres'
import t from 'tap'
import { distanceKm } from '../../server/domain/shared/distance.ts'
import { formatKm } from '../../web/src/features/requests/distance.ts'
import { createUser, type TestUser } from './accounts-helpers.ts'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { waitUntil } from '../wait.ts'
import { askForHelp, livePage } from './helping.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t, { SAMPLE_SERVICES: false })
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const PHONE = { width: 390, height: 844 }
const HELSINKI = { latitude: 60.17, longitude: 24.94 }

interface TestService {
  name: string
  category: string
  latitude: number
  longitude: number
  hours: string | null
  phone: string | null
}

// Written before the server's first answer of the list (it keeps the answer in memory). In order of distance from
// HELSINKI; what each says at 12:00 Helsinki time is in the test below.
const SERVICES: TestService[] = [
  {
    name: 'Corner Bikes',
    category: 'shop',
    latitude: 60.171,
    longitude: 24.941,
    hours: 'Mo-Su 10:00-18:00',
    phone: '+358 40 111 0001',
  },
  { name: 'Harbour Hall', category: 'venue', latitude: 60.18, longitude: 24.94, hours: '24/7', phone: null },
  { name: 'Shut Shop', category: 'shop', latitude: 60.19, longitude: 24.94, hours: 'off', phone: null },
  {
    name: 'Late Café',
    category: 'restaurant',
    latitude: 60.2,
    longitude: 24.94,
    hours: 'Mo-Su 14:00-20:00',
    phone: null,
  },
  { name: 'Hour-less Rentals', category: 'rental_service', latitude: 60.3, longitude: 24.94, hours: null, phone: null },
  { name: 'Fourth Shop', category: 'shop', latitude: 60.4, longitude: 24.94, hours: null, phone: null },
  {
    name: 'Morning Ferry',
    category: 'transportation',
    latitude: 61.5,
    longitude: 23.76,
    hours: 'Mo-Su 08:00-11:00',
    phone: null,
  },
]
for (const service of SERVICES) {
  const [row] = await sql<{ service_id: number }[]>`
    insert into services (category, latitude, longitude, opening_hours, phone)
    values (${service.category}, ${service.latitude}, ${service.longitude}, ${service.hours}, ${service.phone})
    returning service_id`
  await sql`insert into service_localizations (service_id, language, name) values (${row!.service_id}, 'en', ${service.name})`
}

/** The latest past moment at which Helsinki's clocks showed 12:00: the browser's fixed time for the hours. */
function latestHelsinkiNoon(now = Date.now()): number {
  const hour = (instant: number) =>
    Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', hour: 'numeric', hourCycle: 'h23' }).format(
        instant,
      ),
    )
  for (let back = 0; back < 3; back++) {
    const day = new Date(now - back * 86_400_000)
    // Helsinki is UTC+2 or UTC+3: its noon is 10:00 or 09:00 UTC.
    for (const utcHour of [10, 9]) {
      const candidate = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), utcHour)
      if (candidate <= now && hour(candidate) === 12) return candidate
    }
  }
  throw new Error('no Helsinki noon in the last three days')
}

/** Each row of the opened list: the name (its button) and what is said under it. */
async function listRows(page: Page): Promise<{ name: string; facts: string }[]> {
  // Page code as a string: the tests are typed without the DOM.
  return page.evaluate<
    { name: string; facts: string }[]
  >(`[...document.querySelectorAll('details.service-list li')].map(
    (item) => ({
      name: item.querySelector('.service-list__item')?.textContent?.trim() ?? '',
      facts: item.querySelector('.service-list__facts')?.textContent?.trim() ?? '',
    }),
  )`)
}

const km = (service: TestService, from = HELSINKI) => `${formatKm(distanceKm(from, service), 'en')} km`

for (const colorScheme of ['light', 'dark'] as const) {
  t.test(`the map's list: nearest first, open or closed at 12:00 in Helsinki (${colorScheme})`, async (t) => {
    const { context, page, pageErrors } = await openContext(t, browser, {
      viewport: PHONE,
      colorScheme,
      geolocation: HELSINKI,
      permissions: ['geolocation'],
    })
    await context.clock.setFixedTime(latestHelsinkiNoon())
    const loaded: string[] = []
    page.on('request', (request) => loaded.push(request.url()))
    await page.goto(`${server.baseUrl}/`)
    const summary = page.getByText(`Services on the map (${SERVICES.length})`)
    await summary.waitFor()
    t.notOk(
      loaded.some((url) => url.includes('/assets/opening-hours')),
      'the opening hours code is not part of the first screen',
    )
    await summary.click()
    await page.getByText('Nearest to you first').waitFor()
    // The hours come with their chunk: wait until the first row says something about them.
    await waitUntil(() => page.evaluate<boolean>(`document.querySelector('.service-list .hours') !== null`))
    t.ok(
      loaded.some((url) => url.includes('/assets/opening-hours')),
      'it is loaded once the list is opened',
    )
    const [corner, hall, shut, cafe, rentals, fourth, ferry] = SERVICES as [TestService, ...TestService[]]
    t.same(await listRows(page), [
      { name: corner.name, facts: `${km(corner)} · Open, closes at 18:00` },
      { name: hall!.name, facts: `${km(hall!)} · Open now` },
      { name: shut!.name, facts: `${km(shut!)} · Closed` },
      { name: cafe!.name, facts: `${km(cafe!)} · Closed, opens at 14:00` },
      { name: rentals!.name, facts: km(rentals!) },
      { name: fourth!.name, facts: km(fourth!) },
      { name: ferry!.name, facts: `${km(ferry!)} · Closed, opens tomorrow at 08:00` },
    ])
    const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')
    t.notOk(overflow, 'nothing overflows sideways')
    await page.locator('details.service-list').scrollIntoViewIfNeeded()
    await screenshot(page, `services-hours-list-390-${colorScheme}`, { fullPage: true })
    await expectNoSeriousViolations(t, page, `the service list with hours (${colorScheme})`)

    // The detail: open now, and the week in Finnish time.
    await page.getByRole('button', { name: corner.name, exact: true }).click()
    const detail = page.getByRole('dialog', { name: corner.name })
    await detail.getByText('Open, closes at 18:00').waitFor()
    t.ok(await detail.getByText('Opening hours', { exact: true }).isVisible(), 'the hours have a heading')
    t.equal(await detail.locator('.hours-week dt').count(), 7, 'a week of days')
    t.match(await detail.locator('.hours-week dt').first().innerText(), /^Today /, 'today first')
    t.equal(await detail.locator('.hours-week dd').first().innerText(), '10:00–18:00')
    await screenshot(page, `services-hours-detail-390-${colorScheme}`)
    await expectNoSeriousViolations(t, page, `the service detail with hours (${colorScheme})`)
    await detail.getByRole('button', { name: 'Close' }).click()
    t.same(pageErrors, [])
  })
}

t.test('without a position the list is sorted from the centre of the map', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { viewport: PHONE })
  await page.goto(`${server.baseUrl}/`)
  await page.getByText(`Services on the map (${SERVICES.length})`).click()
  await page.getByText('Nearest to the centre of the map first').waitFor()
  // The default view is centred on 63.92, 25.75: the ferry in Tampere is nearest, the Helsinki ones follow north to south.
  t.same(
    (await listRows(page)).map((row) => row.name),
    ['Morning Ferry', 'Fourth Shop', 'Hour-less Rentals', 'Late Café', 'Shut Shop', 'Harbour Hall', 'Corner Bikes'],
  )
  t.same(pageErrors, [])
})

const owner: TestUser = { username: 'Odottaja', phone: '050 555 0301', e164: '+358505550301', password: 'odotan123' }
await createUser(server, owner)

for (const [index, colorScheme] of (['light', 'dark'] as const).entries()) {
  t.test(`the waiting owner sees the three nearest shops and rentals (${colorScheme})`, async (t) => {
    const { page, pageErrors } = await livePage(t, browser, server.baseUrl, owner, HELSINKI)
    await page.setViewportSize(PHONE)
    await page.emulateMedia({ colorScheme })
    if (index === 0) await askForHelp(page, 'Ketju katkesi')
    await page
      .getByRole('button', { name: /Bicycle maintenance/ })
      .first()
      .click()
    const detail = page.getByRole('dialog', { name: 'Bicycle maintenance' })
    const nearby = detail.getByRole('region', { name: 'Help nearby while you wait' })
    await nearby.waitFor()
    const items = nearby.getByRole('listitem')
    await waitUntil(() => page.evaluate<boolean>(`document.querySelectorAll('.nearby__item').length === 3`))
    t.same(
      await nearby.locator('.nearby__name').allInnerTexts(),
      ['Corner Bikes', 'Shut Shop', 'Hour-less Rentals'],
      'shops and rentals only, nearest first, three of the four',
    )
    // Real time here: the corner shop's state depends on the hour, the others' never.
    await waitUntil(() => page.evaluate<boolean>(`document.querySelectorAll('.nearby__item .hours').length === 2`))
    const facts = await nearby.locator('.nearby__facts').allInnerTexts()
    t.match(facts[0], new RegExp(`^${km(SERVICES[0]!)} · (Open, closes at 18:00|Closed, opens (tomorrow )?at 10:00)$`))
    t.equal(facts[1], `${km(SERVICES[2]!)} · Closed`)
    t.equal(facts[2], km(SERVICES[4]!), 'unknown hours: only the distance')
    const call = items.nth(0).getByRole('link', { name: 'Call Corner Bikes' })
    t.equal(await call.getAttribute('href'), 'tel:+358401110001')
    t.equal(await items.nth(1).getByRole('link', { name: /^Call/ }).count(), 0, 'no phone, no call link')
    const directions = items.nth(2).getByRole('link', { name: 'Directions to Hour-less Rentals' })
    t.match(
      await directions.getAttribute('href'),
      /^https:\/\/www\.openstreetmap\.org\/directions\?engine=fossgis_osrm_bike&route=60\.17%2C24\.94%3B60\.3%2C24\.94$/,
      'a cycling route from where the request waits',
    )
    for (const link of [call, directions]) {
      const box = await link.boundingBox()
      t.ok(box && box.height >= 44, `a 44 px touch target (${box?.height})`)
    }
    await nearby.scrollIntoViewIfNeeded()
    await screenshot(page, `services-hours-nearby-390-${colorScheme}`)
    await expectNoSeriousViolations(t, page, `the nearby services (${colorScheme})`)
    t.same(pageErrors, [])
  })
}
