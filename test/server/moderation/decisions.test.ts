import t, { type Test } from 'tap'
import { buildTestApp } from '../../helper.ts'
import type { Actor, Json } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

type Report = Json & {
  report_id: number
  status: string
  reported: { user_id: number; user_name: string; open_reports: number; total_reports: number }
  decision: null | (Json & { action: string; reason: string; days: number | null })
}

async function setUp(t: Test) {
  const app = await buildTestApp(t)
  const [owner, helper, stranger, admin, otherAdmin] = await Promise.all([
    signedIn(app, 'Owner'),
    signedIn(app, 'Helper'),
    signedIn(app, 'Stranger'),
    signedIn(app, 'Admin', true),
    signedIn(app, 'Other_admin', true),
  ])
  const id = (await owner.create()).body.request_id
  await helper.send('PUT', `/api/requests/${id}/addresponder`)
  const report = async (who: Actor, about: string, reason = 'harassment') => {
    const answer = await who.send<{ report_id: number }>('POST', `/api/requests/${id}/reports`, { about, reason })
    if (answer.status !== 201) throw new Error(`report failed: ${answer.status}`)
    return answer.body.report_id
  }
  const list = async (who: Actor, query = '') => who.get(`/api/admin/reports${query}`)
  const decide = (who: Actor, reportId: number, body: object) =>
    who.send<Report>('POST', `/api/admin/reports/${reportId}/decision`, body)
  const phones = [owner, helper, stranger, admin, otherAdmin].map((who) => who.user.user.phone)
  const noPhone = (t: Test, body: unknown, where: string) => {
    const text = JSON.stringify(body)
    t.notOk(
      phones.some((phone) => text.includes(phone) || text.includes(phone.slice(4))),
      `${where}: no phone number`,
    )
  }
  return { app, owner, helper, stranger, admin, otherAdmin, id, report, list, decide, noPhone }
}

const notices = async (who: Actor) => (await who.get('/api/user/notices')).body as unknown as Json[]

t.test('the queue: admins only, oldest open first, no phone number', async (t) => {
  const { app, owner, helper, stranger, admin, id, report, list, noPhone } = await setUp(t)
  const first = await report(helper, 'owner', 'fake')
  const second = await report(owner, 'responder', 'harassment')
  const third = await report(stranger, 'owner', 'spam')
  await app.sql`update reports set details = 'Said things' where report_id = ${second}`
  // Created in another order than their ids: the queue follows the time.
  await app.sql`update reports set created_at = now() - interval '1 hour' where report_id = ${third}`

  // The stranger helped with another request and released it: a former helper, as far as any rule cares.
  const released = (await owner.create({ description: 'Another' })).body.request_id
  await stranger.send('PUT', `/api/requests/${released}/addresponder`)
  await stranger.send('PUT', `/api/requests/${released}/removeresponder`, { removedBy: 'responder' })
  const users: Array<[string, Actor]> = [
    ['the owner', owner],
    ['the helper', helper],
    ['a former helper', stranger],
  ]
  for (const path of ['/api/admin/reports', '/api/admin/reports?status=closed', '/api/admin/users/1/history']) {
    t.equal((await app.inject({ method: 'GET', url: path })).statusCode, 401, `${path}: a visitor`)
    for (const [who, actor] of users) t.equal((await actor.get(path)).status, 403, `${path}: ${who}`)
  }
  for (const [who, actor] of users)
    t.equal(
      (await actor.send('POST', `/api/admin/reports/${first}/decision`, { action: 'dismiss', reason: 'x' })).status,
      403,
      `a decision by ${who}`,
    )
  const visitorDecision = await app.inject({
    method: 'POST',
    url: `/api/admin/reports/${first}/decision`,
    payload: { action: 'dismiss', reason: 'x' },
  })
  t.equal(visitorDecision.statusCode, 401)
  t.equal((await list(admin, '?status=maybe')).status, 400)

  const { status, body } = await list(admin)
  t.equal(status, 200)
  t.same(
    body.map((r: Json) => r.report_id),
    [third, first, second],
    'oldest open first',
  )
  t.same(body[2], {
    report_id: second,
    created_at: body[2]!.created_at,
    reason: 'harassment',
    details: 'Said things',
    request_id: id,
    status: 'open',
    reporter: { user_id: owner.user.user.user_id, user_name: 'Owner' },
    reported: { user_id: helper.user.user.user_id, user_name: 'Helper', open_reports: 1, total_reports: 1 },
    decision: null,
  })
  t.match(body[0], { reported: { user_name: 'Owner', open_reports: 2, total_reports: 2 } })
  t.same((await list(admin, '?status=open')).body, body, 'open is the default')
  t.same((await list(admin, '?status=closed')).body, [])
  noPhone(t, body, 'the list')
})

t.test('a decision: its rules, 409 once closed, and the queue', async (t) => {
  const { app, owner, helper, stranger, admin, otherAdmin, report, list, decide, noPhone } = await setUp(t)
  const reportId = await report(owner, 'responder')

  const refusals: Array<[object, string]> = [
    [{ action: 'dismiss' }, 'Please fill in all fields'],
    [{ action: 'dismiss', reason: '' }, 'The statement of reasons must be 1-500 characters'],
    [{ action: 'dismiss', reason: '   ' }, 'The statement of reasons must be 1-500 characters'],
    [{ action: 'dismiss', reason: 'x'.repeat(501) }, 'The statement of reasons must be 1-500 characters'],
    [{ action: 'dismiss', reason: 'Bell\u0007' }, 'Contains invalid characters'],
    [{ action: 'forgive', reason: 'Fine' }, 'Choose an action: dismiss, warn, suspend or ban'],
    [{ action: 'warn', reason: 'Fine', days: 3 }, 'Days are given only for a suspension'],
    [{ action: 'ban', reason: 'Fine', days: 3 }, 'Days are given only for a suspension'],
    [{ action: 'suspend', reason: 'Fine' }, 'A suspension needs its length: 1-365 days'],
    [{ action: 'suspend', reason: 'Fine', days: 0 }, 'A suspension needs its length: 1-365 days'],
    [{ action: 'suspend', reason: 'Fine', days: 366 }, 'A suspension needs its length: 1-365 days'],
  ]
  for (const [body, message] of refusals) {
    const answer = await decide(admin, reportId, body)
    t.equal(answer.status, 400, JSON.stringify(body).slice(0, 60))
    t.equal(answer.body.message, message)
  }
  t.equal((await decide(admin, reportId, { action: 'suspend', reason: 'Fine', days: 1.5 })).status, 400)
  t.equal((await decide(admin, 2_000_000_000, { action: 'dismiss', reason: 'Fine' })).status, 404)
  t.same((await list(admin)).body.length, 1, 'still open after the refusals')

  const answer = await decide(admin, reportId, { action: 'dismiss', reason: '  Nothing against the rules.  ' })
  t.equal(answer.status, 200)
  t.match(answer.body, {
    report_id: reportId,
    status: 'closed',
    reported: { user_name: 'Helper', open_reports: 0, total_reports: 1 },
    decision: {
      action: 'dismiss',
      reason: 'Nothing against the rules.',
      days: null,
      decided_by: { user_id: admin.user.user.user_id, user_name: 'Admin' },
    },
  })
  t.ok(Date.parse(answer.body.decision!.decided_at as string) > 0)
  noPhone(t, answer.body, 'the answer')
  t.match(await decide(otherAdmin, reportId, { action: 'ban', reason: 'Again' }), {
    status: 409,
    body: { message: 'This report has already been decided' },
  })
  t.same((await list(admin)).body, [], 'no longer open')
  t.same(
    (await list(admin, '?status=closed')).body.map((r: Json) => r.report_id),
    [reportId],
  )

  // Parallel decisions by two admins: one wins, the others are 409, one decision stored.
  const next = await report(stranger, 'owner')
  const answers = await Promise.all(
    [admin, otherAdmin, admin, otherAdmin].map((who, i) => decide(who, next, { action: 'warn', reason: `Race ${i}` })),
  )
  t.same(answers.map((a) => a.status).sort(), [200, 409, 409, 409])
  const [count] = await app.sql<
    { n: number }[]
  >`select count(*)::int as n from moderation_decisions where report_id = ${next}`
  t.equal(count!.n, 1)
  t.equal(
    (await notices(owner)).filter((notice) => notice.kind === 'warning').length,
    1,
    'one warning for one decision',
  )

  // A report about an admin is for another admin to decide.
  const aboutAdmin = (await admin.create({ description: 'Admin asks' })).body.request_id
  const own = await owner.send<{ report_id: number }>('POST', `/api/requests/${aboutAdmin}/reports`, {
    about: 'owner',
    reason: 'spam',
  })
  t.match(await decide(admin, own.body.report_id, { action: 'dismiss', reason: 'Mine' }), {
    status: 403,
    body: { message: 'You cannot decide a report about yourself' },
  })
  t.equal((await decide(otherAdmin, own.body.report_id, { action: 'dismiss', reason: 'No' })).status, 200)
  t.equal((await helper.get('/api/user/notices')).status, 200)
})

t.test('an admin does not decide a report they filed: another admin does', async (t) => {
  const { app, stranger, admin, otherAdmin, decide } = await setUp(t)
  const request = (await stranger.create({ description: 'Selling bikes cheap' })).body.request_id
  const filed = await admin.send<{ report_id: number }>('POST', `/api/requests/${request}/reports`, {
    about: 'owner',
    reason: 'spam',
  })
  t.equal(filed.status, 201, 'an admin may report, as anyone may')
  const alone = await decide(admin, filed.body.report_id, { action: 'ban', reason: 'Spam' })
  t.same([alone.status, alone.body.message], [403, 'You cannot decide a report you filed.'], 'not by its reporter')
  const [stored] = await app.sql<{ n: number }[]>`
    select count(*)::int as n from moderation_decisions where report_id = ${filed.body.report_id}`
  t.equal(stored!.n, 0, 'nothing decided')
  t.equal((await stranger.get('/api/requests')).status, 200, 'the reported user is not suspended')
  const decided = await decide(otherAdmin, filed.body.report_id, { action: 'warn', reason: 'Spam' })
  t.equal(decided.status, 200, 'another admin decides it')
  const notices = (await admin.get('/api/user/notices')).body as unknown as Json[]
  t.equal(notices.filter((notice) => notice.kind === 'report_reviewed').length, 1, 'and the reporter is told')
})

t.test('warn: the warned user reads the reasons once; the reporter the outcome only', async (t) => {
  const { owner, helper, stranger, admin, report, decide, noPhone } = await setUp(t)
  const reportId = await report(owner, 'responder')
  t.same(await notices(helper), [])
  t.equal((await decide(admin, reportId, { action: 'warn', reason: 'Threatening words in the messages.' })).status, 200)

  const warned = await notices(helper)
  t.match(warned, [{ kind: 'warning', reason: 'Threatening words in the messages.' }])
  t.same(Object.keys(warned[0]!).sort(), ['created_at', 'kind', 'notice_id', 'reason'])
  const told = await notices(owner)
  t.match(told, [{ kind: 'report_reviewed', action: 'warn' }])
  t.same(Object.keys(told[0]!).sort(), ['action', 'created_at', 'kind', 'notice_id', 'reported_at'], 'no reasons')
  t.notOk(JSON.stringify(told).includes('Threatening'), 'the reporter never reads the statement of reasons')
  t.notOk(JSON.stringify(told).includes('Helper'), 'nor the other person’s name')
  t.same(await notices(stranger), [])
  noPhone(t, [warned, told], 'the notices')

  // Someone else's notice cannot be acknowledged; one's own once, and then it is gone.
  const noticeId = warned[0]!.notice_id as number
  t.equal((await owner.send('POST', `/api/user/notices/${noticeId}/seen`)).status, 404)
  t.equal((await helper.send('POST', `/api/user/notices/${noticeId}/seen`)).status, 204)
  t.equal((await helper.send('POST', `/api/user/notices/${noticeId}/seen`)).status, 204, 'again: no harm')
  t.same(await notices(helper), [])
  t.equal((await owner.get('/api/user/notices')).body.length, 1, 'the reporter’s is still there')
  t.equal((await helper.send('POST', '/api/user/notices/2000000000/seen')).status, 404)
})

t.test(
  'suspend and ban: the length is recorded and the reporter told (the effects: server/domain/moderation/suspension.ts)',
  async (t) => {
    const { app, owner, helper, stranger, admin, report, decide } = await setUp(t)
    const suspend = await report(owner, 'responder')
    const answer = await decide(admin, suspend, { action: 'suspend', reason: 'No-show twice.', days: 7 })
    t.equal(answer.status, 200)
    t.match(answer.body.decision, { action: 'suspend', reason: 'No-show twice.', days: 7 })
    const [row] = await app.sql<{ days: number }[]>`select days from moderation_decisions where report_id = ${suspend}`
    t.equal(row!.days, 7)
    t.match(await notices(owner), [{ kind: 'report_reviewed', action: 'suspend' }])
    const helperId = helper.user.user.user_id
    const [held] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from user_notices where user_id = ${helperId}`
    t.equal(held!.n, 0, 'no warning notice: the login refusal tells a suspended user')
    t.equal((await helper.get('/api/user/notices')).status, 401, 'and their sessions ended with the decision')

    const ban = await report(stranger, 'owner')
    t.match(await decide(admin, ban, { action: 'ban', reason: 'Fake requests.' }), {
      status: 200,
      body: { decision: { action: 'ban', days: null } },
    })
    t.match(await notices(stranger), [{ kind: 'report_reviewed', action: 'ban' }])
  },
)

t.test('the reported user’s history: requests, take-overs, reports and decisions, no phone number', async (t) => {
  const { owner, helper, stranger, admin, id, report, decide, noPhone } = await setUp(t)
  const other = (await helper.create({ description: 'My own flat' })).body.request_id
  await helper.send('DELETE', `/api/requests/${other}`)
  const first = await report(owner, 'responder', 'no_show')
  await decide(admin, first, { action: 'warn', reason: 'Be on time.' })
  await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })
  const second = await report(stranger, 'owner', 'spam')
  t.ok(second)

  const { status, body } = await admin.get(`/api/admin/users/${helper.user.user.user_id}/history`)
  t.equal(status, 200)
  t.match(body, {
    user: { user_id: helper.user.user.user_id, user_name: 'Helper', is_admin: false },
    requests: [{ request_id: other, category: 'bicycle_maintenance', deleted: true, is_test: false }],
    responses: [{ request_id: id, owner_name: 'Owner', outcome: 'released' }],
    reports: [{ report_id: first, reason: 'no_show', decision: { action: 'warn', reason: 'Be on time.' } }],
    reports_made: 0,
  })
  t.equal((body as unknown as { reports: unknown[] }).reports.length, 1, 'only reports about them')
  noPhone(t, body, 'the history')
  const ownerHistory = (await admin.get(`/api/admin/users/${owner.user.user.user_id}/history`)).body
  t.match(ownerHistory, { reports_made: 1, reports: [{ report_id: second }] })
  t.equal((await admin.get('/api/admin/users/2000000000/history')).status, 404)
})

t.test('deleted accounts: a report outlives its reporter and request, and its reported person', async (t) => {
  const { app, owner, helper, stranger, admin, report, list } = await setUp(t)
  const aboutHelper = await report(owner, 'responder')
  const aboutOwner = await report(stranger, 'owner')
  t.equal((await owner.send('DELETE', '/api/user')).status, 204, 'the owner, reporter of one and reported by the other')
  const open = (await list(admin)).body as unknown as Array<{ report_id: number; request_id: number | null }>
  t.same(
    open.map((r) => r.report_id),
    [aboutHelper],
    'the report about the owner left the queue with her account',
  )
  t.match(open[0], { request_id: null, reporter: null, reported: { user_name: 'Helper' } })
  const history = (await admin.get(`/api/admin/users/${helper.user.user.user_id}/history`)).body
  t.match(history, { reports: [{ report_id: aboutHelper, reporter: null }] })
  // Kept, tied to her phone number's keyed hash instead of her (docs/adr/0018-moderation-records-by-phone-key.md).
  const [left] = await app.sql<{ reported_id: number | null; kept: boolean }[]>`
    select reported_id, reported_phone_key is not null and kept_since is not null as kept
    from reports where report_id = ${aboutOwner}`
  t.same(left, { reported_id: null, kept: true })
})
