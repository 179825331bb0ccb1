import type { Page } from 'playwright-core'
import postgres from 'postgres'
import t, { type Test } from 'tap'
import { expectNoSeriousViolations } from './axe.ts'
import { createUser, logIn, type TestUser } from './accounts-helpers.ts'
import { checkPrerequisites, eventStreamReady, launchBrowser, openContext, screenshot, startServer } from './browser.ts'
import { livePage } from './helping.ts'

checkPrerequisites()

const browser = await launchBrowser(t)
const server = await startServer(t)
const { baseUrl } = server
const sql = postgres(server.databaseUrl, { max: 1, onnotice: () => {} })
t.teardown(() => sql.end())

const admin: TestUser = { username: 'Valvoja', phone: '050 444 0301', e164: '+358504440301', password: 'hallinto1' }
const owner: TestUser = { username: 'Oona', phone: '050 444 0302', e164: '+358504440302', password: 'polkija12' }
const helper: TestUser = { username: 'Hannu', phone: '050 444 0303', e164: '+358504440303', password: 'polkija12' }
await Promise.all([admin, owner, helper].map((user) => createUser(server, user)))
await sql`update users set is_admin = true where user_name = ${admin.username}`
const ids = Object.fromEntries(
  (await sql<{ user_name: string; user_id: number }[]>`select user_name, user_id from users`).map((row) => [
    row.user_name,
    row.user_id,
  ]),
) as Record<string, number>

// What the admin reviews, written straight to the tables: Hannu helps Oona now and wrote to her; an earlier request
// of hers he released; an earlier report about him was dismissed; now she reports him.
const [request] = await sql<{ request_id: number }[]>`
  insert into requests (owner_id, category, description, status, responder_id, first_responded_at)
  values (${ids.Oona!}, 'bicycle_maintenance', 'Ketju poikki Kumpulan mäessä', 'in progress', ${ids.Hannu!}, now())
  returning request_id
`
const requestId = request!.request_id
const [earlier] = await sql<{ request_id: number }[]>`
  insert into requests (owner_id, category, description, created_at)
  values (${ids.Oona!}, 'food_and_hydration', 'Vesi loppu', now() - interval '3 days')
  returning request_id
`
await sql`
  insert into request_responses (request_id, responder_id, started_at, ended_at, outcome)
  values (${earlier!.request_id}, ${ids.Hannu!}, now() - interval '3 days', now() - interval '3 days', 'released'),
    (${requestId}, ${ids.Hannu!}, now() - interval '20 minutes', null, null)
`
await sql`
  insert into request_messages (request_id, helper_id, author_id, text)
  values (${requestId}, ${ids.Hannu!}, ${ids.Hannu!}, 'Anna puhelinnumerosi tai en tule'),
    (${requestId}, ${ids.Hannu!}, ${ids.Oona!}, 'Näet sen jo pyynnössä.')
`
const [old] = await sql<{ report_id: number }[]>`
  insert into reports (request_id, reporter_id, reported_id, about, reason, created_at)
  values (${earlier!.request_id}, ${ids.Oona!}, ${ids.Hannu!}, 'responder', 'no_show', now() - interval '2 days')
  returning report_id
`
await sql`
  insert into moderation_decisions (report_id, action, reason, decided_by)
  values (${old!.report_id}, 'dismiss', 'Released in time: no rule broken.', ${ids.Valvoja!})
`
await sql`
  insert into reports (request_id, reporter_id, reported_id, about, reason, details)
  values (${requestId}, ${ids.Oona!}, ${ids.Hannu!}, 'responder', 'harassment', 'Hän vaati puhelinnumeroani viesteissä.')
`

const REASONS = 'Demanded a phone number in the messages. Keep to the request.'

async function shootAndCheck(t: Test, page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await screenshot(page, `${name}-${colorScheme}`, { fullPage: true })
    await expectNoSeriousViolations(t, page, `${name}, ${colorScheme}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

t.test('an admin decides a report from the dashboard; both people are told in the app', async (t) => {
  // The reporter has the app open: she is told as soon as it is decided.
  const reporter = await livePage(t, browser, baseUrl, owner, { latitude: 60.2, longitude: 24.96 })

  const { page, pageErrors } = await openContext(t, browser, { viewport: { width: 390, height: 844 } })
  await logIn(page, baseUrl, admin.username, admin.password)
  await page.goto(`${baseUrl}/admin`)
  // The badge is a box of its own, so its words come as a separate part of the link's name.
  const reportsLink = page.getByRole('link', { name: /^Reports\s*, 1 open report$/ })
  await reportsLink.waitFor()
  t.pass('the section names how many reports wait')
  await reportsLink.click()
  const section = page.getByRole('region', { name: 'Reports' })
  const card = section.getByRole('listitem').filter({ hasText: 'Harassment, threats or insults' })
  await card.getByText(`About ${helper.username}`, { exact: true }).waitFor()
  t.ok(await card.getByText(new RegExp(`^By ${owner.username}`)).isVisible(), 'who sent it')
  t.equal(await section.getByRole('listitem').count(), 1, 'the decided one is not in the queue')
  await shootAndCheck(t, page, 'admin-reports-390')

  await card.getByRole('button', { name: `Review the report about ${helper.username}` }).click()
  const review = section.getByRole('region', { name: `Report about ${helper.username}` })
  await review.waitFor()
  t.equal(
    await page.evaluate('document.activeElement?.textContent'),
    `Report about ${helper.username}`,
    'the review takes the focus',
  )
  await review.getByText('Hän vaati puhelinnumeroani viesteissä.').waitFor()
  t.ok(await review.getByText(`1 open, 2 in all about ${helper.username}`).isVisible(), 'the counts')
  const requestPanel = review.getByRole('region', { name: 'The request' })
  await requestPanel.getByText('Ketju poikki Kumpulan mäessä').waitFor()
  await requestPanel.getByText('Anna puhelinnumerosi tai en tule').waitFor()
  t.pass('the request and its messages beside the report')
  const history = review.getByRole('region', { name: `History of ${helper.username}` })
  await history.getByText(/For Oona, .* · released it/).waitFor()
  await history.getByText('Released in time: no rule broken.').waitFor()
  t.pass('the take-overs and the earlier report with its decision')
  t.notOk((await review.textContent())?.includes('0504440'), 'no phone number anywhere in the review')

  // The form's own checks first, then the decision.
  const decide = review.getByRole('button', { name: 'Decide' })
  await decide.click()
  await review.getByText('Choose an action').waitFor()
  await review.getByRole('radio', { name: /^Warn/ }).check()
  await decide.click()
  await review.getByText('The statement of reasons must be 1-500 characters').waitFor()
  await shootAndCheck(t, page, 'admin-report-review-390')
  await review.getByLabel('Statement of reasons').fill(REASONS)
  const answered = page.waitForResponse((r) => r.url().endsWith('/decision'))
  await decide.click()
  t.equal((await answered).status(), 200)
  await review.getByText('Decided. The people concerned are told in the app.').waitFor()
  await review.getByText(new RegExp(`^Warned by ${admin.username}`)).waitFor()
  await page.getByRole('link', { name: 'Reports', exact: true }).waitFor()
  t.pass('the badge is gone')
  await section.getByText('No open reports. Nothing to decide now.').waitFor()

  // Live (docs/admin.md, "Moderation"): a report filed now shows in the open queue and its badge without a reload.
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: helper.username, password: helper.password }),
  })
  const { token } = (await login.json()) as { token: string }
  const filed = await fetch(`${baseUrl}/api/requests/${requestId}/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ about: 'owner', reason: 'fake' }),
  })
  t.equal(filed.status, 201)
  await section.getByRole('button', { name: `Review the report about ${owner.username}` }).waitFor()
  await page.getByRole('link', { name: /^Reports\s*, 1 open report$/ }).waitFor()
  t.pass('the new report is in the queue and the badge, live')

  await section.getByRole('radio', { name: 'Decided' }).check()
  await section.getByRole('listitem').filter({ hasText: 'Harassment, threats or insults' }).waitFor()
  t.equal(await section.getByRole('listitem').count(), 2, 'both decided reports, latest first')

  // The reporter: told live, the outcome in plain words, nothing about the reasons.
  const told = reporter.page.getByRole('dialog', { name: 'Your report was reviewed' })
  await told.getByText(/was reviewed: the person was warned\.$/).waitFor()
  t.notOk((await told.textContent())?.includes('Demanded'), 'not the statement of reasons')
  await screenshot(reporter.page, 'report-outcome-notice')
  await expectNoSeriousViolations(t, reporter.page, 'the outcome notice')
  const toldSeen = reporter.page.waitForResponse((r) => r.url().endsWith('/seen'))
  await told.getByRole('button', { name: 'OK' }).click()
  await told.waitFor({ state: 'hidden' })
  t.equal((await toldSeen).status(), 204, 'acknowledged')

  // The warned user, at their next start: the reasons, once.
  const warned = await openContext(t, browser)
  await logIn(warned.page, baseUrl, helper.username, helper.password)
  const warning = warned.page.getByRole('dialog', { name: 'A warning from the admins' })
  await warning.getByText(REASONS).waitFor()
  await shootAndCheck(t, warned.page, 'warning-notice')
  const warningSeen = warned.page.waitForResponse((r) => r.url().endsWith('/seen'))
  await warning.getByRole('button', { name: 'I understand' }).click()
  await warning.waitFor({ state: 'hidden' })
  t.equal((await warningSeen).status(), 204, 'acknowledged')
  const [seen] = await sql<{ n: number }[]>`select count(*)::int as n from user_notices where seen_at is not null`
  t.equal(seen!.n, 2, 'both acknowledged on the server')
  const ready = eventStreamReady(warned.page)
  await warned.page.reload()
  await ready
  await warned.page.getByText('Logged in as').waitFor()
  t.equal(await warning.count(), 0, 'not shown again')

  t.same(pageErrors, [])
  t.same(reporter.pageErrors, [])
  t.same(warned.pageErrors, [])
})

t.test('on a desktop the review sits beside the queue', async (t) => {
  await sql`
    insert into reports (request_id, reporter_id, reported_id, about, reason)
    values (${requestId}, ${ids.Hannu!}, ${ids.Oona!}, 'owner', 'fake')
    on conflict do nothing
  `
  const { page, pageErrors } = await openContext(t, browser, { viewport: { width: 1280, height: 900 } })
  await logIn(page, baseUrl, admin.username, admin.password)
  await page.goto(`${baseUrl}/admin/reports`)
  const section = page.getByRole('region', { name: 'Reports' })
  await section.getByRole('button', { name: `Review the report about ${owner.username}` }).click()
  const review = section.getByRole('region', { name: `Report about ${owner.username}` })
  await review
    .getByRole('region', { name: `History of ${owner.username}` })
    .getByText('Requests made')
    .waitFor()
  const [queue, panel] = await Promise.all([section.getByRole('listitem').first().boundingBox(), review.boundingBox()])
  t.ok(queue && panel && panel.x > queue.x + queue.width, 'side by side')
  await shootAndCheck(t, page, 'admin-report-review-1280')
  t.same(pageErrors, [])
})
