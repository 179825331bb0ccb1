import postgres, { type Sql } from 'postgres'
import t from 'tap'
import { expectNoSeriousViolations } from './axe.ts'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer, type TestServer } from './browser.ts'

checkPrerequisites()
const browser = await launchBrowser(t, { serviceWorker: true })

/** A server whose database holds `requests` written straight to the table, at known times (the API cannot backdate). */
async function serverWith(
  requests: { category: string; daysAgo: number; helped: boolean | null }[],
): Promise<TestServer & { sql: Sql }> {
  const server = await startServer(t)
  const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  const [owner] = await sql<{ user_id: number }[]>`
    insert into users (user_name, phone, password_hash) values ('Pyytaja', '+358505550301', 'not a real hash')
    returning user_id
  `
  for (const { category, daysAgo, helped } of requests) {
    // Made `daysAgo` days ago, a helper 6 minutes later, completed (if at all) 40 minutes after it was made.
    await sql`
      insert into requests (owner_id, category, status, description, created_at, first_responded_at, completed_at,
        got_help)
      select ${owner!.user_id}, ${category}, ${helped === null ? 'new' : 'completed'}, 'Puhjennut rengas', made,
        made + interval '6 minutes', case when ${helped}::boolean is not null then made + interval '40 minutes' end,
        ${helped}
      from (select now() - make_interval(days => ${daysAgo}) - interval '1 minute' as made) as at
    `
  }
  return { ...server, sql }
}

// 28 requests over 20 days: 14 bicycle (12 helped), 11 other (8 helped), 3 food and drink (1 helped).
const busy = await serverWith([
  ...Array.from({ length: 14 }, (_, i) => ({ category: 'bicycle_maintenance', daysAgo: i % 20, helped: i < 12 })),
  ...Array.from({ length: 11 }, (_, i) => ({ category: 'other', daysAgo: (i * 3) % 20, helped: i < 8 })),
  ...Array.from({ length: 3 }, (_, i) => ({ category: 'food_and_hydration', daysAgo: i, helped: i < 1 })),
])

// Page code is written as strings: the root tsconfig that checks these tests has Node's types, not the DOM's.

t.test('/info links to /stats, which says the figures in words, by kind of help and as a chart', async (t) => {
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${busy.baseUrl}/info`)
  await page.getByRole('link', { name: /^Help in figures/ }).click()
  await page.getByRole('heading', { level: 1, name: 'Help in figures' }).waitFor()
  t.equal(page.url(), `${busy.baseUrl}/stats`)

  await page.getByText('In the last 30 days, 28 help requests were made. 21 of them got help (75%).').waitFor()
  t.ok(await page.getByText('Half of the requests that found a helper had one within 6 minutes.').isVisible())
  t.ok(
    await page
      .getByText('Half of the completed requests were marked ready within 40 minutes of being made.')
      .isVisible(),
  )

  const kinds = page.getByRole('region', { name: 'By kind of help' }).getByRole('listitem')
  t.same(
    await kinds.allInnerTexts(),
    [
      'Bicycle maintenance\n14 requests, 12 got help, half had a helper within 6 minutes',
      'Food and drink\n3 requests, other figures not shown',
      'Transport needed\n0 requests',
      // Shown, the "other" row's helped count and the food row's would be the total's difference: hidden too.
      'Other\n11 requests, half had a helper within 6 minutes, other figures not shown',
    ],
    'a row per kind of help, in the form’s order',
  )

  const chart = page.getByRole('img', { name: /^Bar chart of the help requests made on each of the last 30 days/ })
  await chart.waitFor()
  t.ok((await chart.locator('rect').count()) >= 14, 'a bar for each day with requests')
  const table = page.getByRole('table', { name: 'Requests per day' })
  t.equal(await table.locator('tbody tr').count(), 30, 'the table has the 30 days')
  t.equal(await table.locator('tbody tr').last().locator('td').first().innerText(), '3', 'today: three requests')
  t.ok(await page.getByText('How many got help is shown only for days with at least 10 requests.').isVisible())

  const meaning = page.getByRole('region', { name: 'What the figures mean' })
  await meaning.getByText(/A figure drawn from fewer than 10 requests is not shown/).waitFor()
  await meaning.getByText(/marked the request ready and said they received help/).waitFor()

  const width = await page.evaluate('document.documentElement.scrollWidth')
  t.ok((width as number) <= 360, 'no sideways scrolling at 360 px')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await screenshot(page, `stats-page-${colorScheme}`, { fullPage: true })
    await expectNoSeriousViolations(t, page, `/stats, ${colorScheme}`)
  }
  await page.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('heading', { level: 1, name: 'Info and FAQ' }).waitFor()
  t.same(pageErrors, [])
})

t.test('in Finnish and Swedish', async (t) => {
  for (const { locale, title, lead } of [
    { locale: 'fi-FI', title: 'Apu lukuina', lead: 'Viimeisten 30 päivän aikana tehtiin 28 avunpyyntöä.' },
    { locale: 'sv-SE', title: 'Hjälpen i siffror', lead: 'Under de senaste 30 dagarna gjordes 28 hjälpförfrågningar.' },
  ]) {
    const { page, pageErrors } = await openContext(t, browser, { locale })
    await page.goto(`${busy.baseUrl}/stats`)
    await page.getByRole('heading', { level: 1, name: title }).waitFor()
    await page.getByText(lead).waitFor()
    await screenshot(page, `stats-page-${locale}`, { fullPage: true })
    t.same(pageErrors, [], locale)
  }
})

/** Chromium logs a failed call to the console; here the failures are made on purpose. */
const unexpected = (errors: string[]) => errors.filter((error) => !/^Failed to load resource/.test(error))

t.test('an error offers a retry; offline, the page says so and loads once back online', async (t) => {
  const { context, page, pageErrors } = await openContext(t, browser)
  await page.route('**/api/stats', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }),
  )
  await page.goto(`${busy.baseUrl}/stats`)
  await page.getByRole('alert').getByText('The figures could not be loaded.').waitFor()
  await screenshot(page, 'stats-page-error')
  const retry = page.getByRole('button', { name: 'Try again' })
  const box = await retry.boundingBox()
  t.ok(box && box.height >= 44, 'the retry button is a 44 px target')
  await page.unroute('**/api/stats')
  await retry.click()
  await page.getByText(/^In the last 30 days, 28 help requests were made/).waitFor()

  await context.setOffline(true)
  await page.getByText('You are offline: these are the figures last loaded.').waitFor()
  await context.setOffline(false)

  // Offline before any figures came: it says so, and loads them itself when the connection is back.
  const second = await openContext(t, browser)
  await second.page.route('**/api/stats', (route) => route.abort('internetdisconnected'))
  await second.page.goto(`${busy.baseUrl}/stats`)
  await second.page.getByRole('alert').getByText('The figures could not be loaded.').waitFor()
  await second.context.setOffline(true)
  await second.page.getByText('You are offline. The figures load when the connection is back.').waitFor()
  t.equal(await second.page.getByRole('button', { name: 'Try again' }).count(), 0, 'no retry while offline')
  await screenshot(second.page, 'stats-page-offline')
  await second.page.unroute('**/api/stats')
  await second.context.setOffline(false)
  await second.page.getByText(/^In the last 30 days, 28 help requests were made/).waitFor()
  t.same(unexpected(pageErrors), [])
  t.same(unexpected(second.pageErrors), [])
})

t.test('with fewer than ten requests, only their number is shown, and why', async (t) => {
  const few = await serverWith([
    { category: 'other', daysAgo: 0, helped: true },
    { category: 'other', daysAgo: 2, helped: false },
    { category: 'bicycle_maintenance', daysAgo: 5, helped: null },
  ])
  const { page, pageErrors } = await openContext(t, browser)
  await page.goto(`${few.baseUrl}/stats`)
  await page.getByText('In the last 30 days, 3 help requests were made.', { exact: true }).waitFor()
  t.ok(await page.getByText(/^That is fewer than 10, so no other figures are shown yet/).isVisible())
  t.equal(await page.getByText(/got help \(/).count(), 0, 'no helped count')
  t.equal(await page.getByRole('img', { name: /^Bar chart/ }).count(), 0, 'no chart')
  t.equal(await page.getByRole('region', { name: 'By kind of help' }).count(), 0, 'no rows by kind of help')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await screenshot(page, `stats-page-too-few-${colorScheme}`, { fullPage: true })
    await expectNoSeriousViolations(t, page, `/stats with too few requests, ${colorScheme}`)
  }
  t.same(pageErrors, [])
})

// What the privacy statement says of the figures is a component test (test/component/info-pages.test.ts).
