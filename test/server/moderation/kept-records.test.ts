import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { deleteUser } from '../../../server/domain/accounts/users.ts'
import { decideReport } from '../../../server/domain/moderation/decisions.ts'
import { USER_ERRORS } from '../../../server/domain/accounts/errors.ts'
import {
  PHONE_RECORD_KEY_PURPOSE,
  phoneRecordKey,
  purgeKeptRecords,
} from '../../../server/domain/moderation/kept-records.ts'
import { clientAddress, registerUser, verifiedPhoneToken } from '../../accounts.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { actorFor, type Actor, type Json } from '../../requests.ts'
import { signedIn, signedInUser } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

/*
 * Moderation records kept after an account is deleted, tied to a keyed hash of its phone number
 * (docs/adr/0018-moderation-records-by-phone-key.md).
 */

type History = Json & {
  reports: Json[]
  earlier_reports: (Json & {
    report_id: number
    reason: string
    details: string | null
    status: string
    account_deleted_at: string
    decision: null | (Json & { action: string; reason: string })
  })[]
}

async function setUp(t: Test) {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const [owner, otherOwner, admin] = await Promise.all([
    signedIn(app, 'Owner'),
    signedIn(app, 'Other_owner'),
    signedIn(app, 'Admin', true),
  ])
  /** A report by `owner` about the helper of a new request of theirs that `helper` took over. */
  const reportHelper = async (by: Actor, helper: Actor, reason: string, details?: string) => {
    const id = (await by.create()).body.request_id
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    const answer = await by.send<{ report_id: number }>('POST', `/api/requests/${id}/reports`, {
      about: 'responder',
      reason,
      ...(details ? { details } : {}),
    })
    t.equal(answer.status, 201)
    return answer.body.report_id
  }
  const decide = async (reportId: number, body: object) =>
    t.equal((await admin.send('POST', `/api/admin/reports/${reportId}/decision`, body)).status, 200)
  const register = (phone: string, idToken: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        user_name: `New${Math.floor(Math.random() * 1e6)}`,
        phone,
        password: 'correct horse',
        radius: 10,
        idToken,
      },
      remoteAddress: clientAddress(),
    })
  return { app, dataDir, owner, otherOwner, admin, reportHelper, decide, register }
}

/** The account of `who` deleted as the deletion route does it, for an account whose sessions a ban has ended. */
async function deleteDirectly(app: FastifyInstance, who: Actor) {
  const key = phoneRecordKey(app.deriveKey(PHONE_RECORD_KEY_PURPOSE), who.user.user.phone)
  await app.sql.begin((tx) => deleteUser(tx, { user_id: who.user.user.user_id, phone: who.user.user.phone }, key))
}

t.test('a warned user deletes the account: a new account with the number shows the records to admins', async (t) => {
  const { app, dataDir, owner, otherOwner, admin, reportHelper, decide } = await setUp(t)
  const warned = await signedIn(app, 'Warned')
  const phone = warned.user.user.phone
  const warnedReport = await reportHelper(owner, warned, 'harassment', 'Shouted at me')
  const openReport = await reportHelper(otherOwner, warned, 'no_show')
  await decide(warnedReport, { action: 'warn', reason: 'Threatening words in the chat' })

  t.equal((await warned.send('DELETE', '/api/user')).status, 204)
  const [left] = await app.sql<{ n: number }[]>`
    select count(*)::int as n from reports where report_id in (${warnedReport}, ${openReport})`
  t.equal(left!.n, 2, 'the reports outlive the account')
  const queue = (await admin.get('/api/admin/reports')).body as unknown as { report_id: number }[]
  t.notOk(
    queue.some((report) => report.report_id === openReport),
    'a report about a deleted account is no longer in the queue',
  )
  t.equal(
    (await admin.send('POST', `/api/admin/reports/${openReport}/decision`, { action: 'dismiss', reason: 'x' })).status,
    404,
    'nor can it be decided: nobody is left to decide about',
  )

  const again = await registerUser(app, dataDir, { user_name: 'Fresh_start', phone })
  t.not(again.user.user_id, warned.user.user.user_id)
  const history = await admin.get(`/api/admin/users/${again.user.user_id}/history`)
  t.equal(history.status, 200)
  const body = history.body as unknown as History
  t.same(body.reports, [], 'nothing about the new account itself')
  t.match(body.earlier_reports, [
    {
      report_id: openReport,
      reason: 'no_show',
      status: 'open',
      decision: null,
      reporter: { user_name: 'Other_owner' },
    },
    {
      report_id: warnedReport,
      reason: 'harassment',
      details: 'Shouted at me',
      status: 'closed',
      decision: { action: 'warn', reason: 'Threatening words in the chat', decided_by: { user_name: 'Admin' } },
    },
  ])
  t.equal(body.earlier_reports.length, 2)
  for (const report of body.earlier_reports)
    t.ok(Date.parse(report.account_deleted_at), 'marked: from a deleted account')
  t.notOk(JSON.stringify(body).includes(phone.slice(4)), 'no phone number in the history')

  const [stored] = await app.sql<{ key: Buffer }[]>`
    select reported_phone_key as key from reports where report_id = ${warnedReport}`
  t.not(stored!.key.toString('hex'), phoneRecordKey('', phone).toString('hex'), 'the hash needs the server secret')
  t.notOk(stored!.key.toString('latin1').includes(phone), 'the number itself is not stored')

  const stranger = await signedIn(app, 'Stranger')
  const strangers = (await admin.get(`/api/admin/users/${stranger.user.user.user_id}/history`)).body as unknown
  t.same((strangers as History).earlier_reports, [], 'another number has no earlier records')
})

t.test('kept records go MODERATION_RECORD_DAYS after the deletion; a ban in force stays', async (t) => {
  const { app, owner, admin, reportHelper, decide } = await setUp(t)
  const [gone, banned, viewedAdmin] = await Promise.all([
    signedIn(app, 'Gone'),
    signedIn(app, 'Banned'),
    signedIn(app, 'Viewing_admin', true),
  ])
  const goneReport = await reportHelper(owner, gone, 'spam')
  await decide(goneReport, { action: 'suspend', reason: 'Spam in the chat', days: 3 })
  const bannedReport = await reportHelper(owner, banned, 'unsafe')
  await decide(bannedReport, { action: 'ban', reason: 'Unsafe' })
  t.equal((await viewedAdmin.send('POST', `/api/admin/users/${gone.user.user.user_id}/phone-view`)).status, 200)
  t.equal((await viewedAdmin.send('POST', `/api/admin/users/${owner.user.user.user_id}/phone-view`)).status, 200)
  t.equal((await admin.send('POST', `/api/admin/users/${owner.user.user.user_id}/phone-view`)).status, 200)
  await deleteDirectly(app, gone)
  await deleteDirectly(app, banned)
  await deleteDirectly(app, viewedAdmin)

  const purge = (days: number) => purgeKeptRecords(app.sql, days)
  t.same(await purge(365), { reports: 0, suspensions: 0, phoneViews: 0 }, 'deleted just now: all kept')
  // Two days since the deletions; the suspension's 3 days ended yesterday.
  await app.sql`update reports set kept_since = kept_since - interval '2 days' where kept_since is not null`
  await app.sql`
    update account_suspensions
    set kept_since = kept_since - interval '2 days', decided_at = now() - interval '4 days',
      ends_at = case when ends_at is null then null else now() - interval '1 day' end
    where kept_since is not null`
  await app.sql`
    update admin_phone_views set user_kept_since = user_kept_since - interval '2 days',
      admin_kept_since = admin_kept_since - interval '2 days'`
  t.same(await purge(365), { reports: 0, suspensions: 0, phoneViews: 0 }, 'within the default 365 days: kept')
  t.same(await purge(1), { reports: 2, suspensions: 1, phoneViews: 1 }, 'with the setting at 1 day: gone')
  const [left] = await app.sql<{ reports: number; bans: number; views: Json[] }[]>`
    select
      (select count(*)::int from reports where report_id in (${goneReport}, ${bannedReport})) as reports,
      (select count(*)::int from account_suspensions where ends_at is null and phone_key is not null) as bans,
      (select coalesce(json_agg(json_build_object('admin_id', admin_id, 'user_id', user_id,
        'admin_key', admin_phone_key is not null) order by view_id), '[]') from admin_phone_views) as views`
  t.same(left, {
    reports: 0,
    bans: 1,
    views: [
      // The look at a live user's number by an admin deleted over a day ago: a look by a gone admin.
      { admin_id: null, user_id: owner.user.user.user_id, admin_key: false },
      { admin_id: admin.user.user.user_id, user_id: owner.user.user.user_id, admin_key: false },
    ],
  })
  t.same(await purge(1), { reports: 0, suspensions: 0, phoneViews: 0 }, 'idempotent')
})

t.test("the admins' phone-view audit survives either account's deletion, tied to the phone key", async (t) => {
  const { app, admin } = await setUp(t)
  const viewer = await signedIn(app, 'Viewer', true)
  const viewed = await signedIn(app, 'Viewed')
  t.equal((await viewer.send('POST', `/api/admin/users/${viewed.user.user.user_id}/phone-view`)).status, 200)
  t.equal((await admin.send('POST', `/api/admin/users/${viewer.user.user.user_id}/phone-view`)).status, 200)
  t.equal((await viewer.send('DELETE', '/api/user')).status, 204)
  t.equal((await viewed.send('DELETE', '/api/user')).status, 204)
  const key = (phone: string) => phoneRecordKey(app.deriveKey(PHONE_RECORD_KEY_PURPOSE), phone).toString('hex')
  const views = await app.sql<{ admin_id: number | null; admin_key: string | null; user_key: string | null }[]>`
    select admin_id, encode(admin_phone_key, 'hex') as admin_key, encode(user_phone_key, 'hex') as user_key
    from admin_phone_views order by view_id`
  t.same(views, [
    { admin_id: null, admin_key: key(viewer.user.user.phone), user_key: key(viewed.user.user.phone) },
    { admin_id: admin.user.user.user_id, admin_key: null, user_key: key(viewer.user.user.phone) },
  ])
})

t.test('a banned or suspended number cannot register again while it lasts, and can once it ends', async (t) => {
  const { app, dataDir, owner, reportHelper, decide, register } = await setUp(t)
  const banned = await signedIn(app, 'Banned')
  const suspended = await signedIn(app, 'Suspended')
  await decide(await reportHelper(owner, banned, 'unsafe'), { action: 'ban', reason: 'Unsafe' })
  await decide(await reportHelper(owner, suspended, 'spam'), { action: 'suspend', reason: 'Spam', days: 7 })
  // Their sessions ended with the decisions: as a deletion that began before the decision committed would do.
  await deleteDirectly(app, banned)
  await deleteDirectly(app, suspended)

  for (const who of [banned, suspended]) {
    const phone = who.user.user.phone
    const refused = await register(phone, await verifiedPhoneToken(app, dataDir, phone))
    t.equal(refused.statusCode, 403, `${who.user.user.user_name}: refused`)
    t.same(refused.json(), { message: USER_ERRORS.phoneBanned })
  }
  const [users] = await app.sql<{ n: number }[]>`
    select count(*)::int as n from users where phone in (${banned.user.user.phone}, ${suspended.user.user.phone})`
  t.equal(users!.n, 0, 'no account made')

  // The suspension's end passes: the number registers again; the ban lasts.
  await app.sql`
    update account_suspensions set decided_at = now() - interval '8 days', ends_at = now() - interval '1 second'
    where ends_at is not null and phone_key is not null`
  const back = await register(
    suspended.user.user.phone,
    await verifiedPhoneToken(app, dataDir, suspended.user.user.phone),
  )
  t.equal(back.statusCode, 201, 'after the suspension: registered')
  const stillBanned = await register(
    banned.user.user.phone,
    await verifiedPhoneToken(app, dataDir, banned.user.user.phone),
  )
  t.equal(stillBanned.statusCode, 403, 'the ban still holds')
})

t.test('a registration racing the deletion of a banned account waits for it, and is refused', async (t) => {
  const { app, dataDir, owner, reportHelper, decide, register } = await setUp(t)
  // The proofs come first: a number with an account gets no registration code.
  const phone = `+35840${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`
  const tokens: string[] = []
  // One after another: a new code replaces the one sent before.
  for (let i = 0; i < 3; i++) tokens.push(await verifiedPhoneToken(app, dataDir, phone))
  const banned = actorFor(app, await signedInUser(app, { user_name: 'Racer', phone }))
  await decide(await reportHelper(owner, banned, 'unsafe'), { action: 'ban', reason: 'Unsafe' })

  const key = phoneRecordKey(app.deriveKey(PHONE_RECORD_KEY_PURPOSE), phone)
  let attempts: ReturnType<typeof register>[] = []
  await app.sql.begin(async (tx) => {
    await deleteUser(tx, { user_id: banned.user.user.user_id, phone }, key)
    attempts = tokens.map((token) => register(phone, token))
    // Every registration is inside its transaction, waiting for this one (on its phone lock; without that lock, on
    // the user row's phone key, and then it would pass).
    await waitUntil(async () => {
      const [waiting] = await app.sql<{ n: number }[]>`
        select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`
      return waiting!.n === tokens.length
    })
  })
  const answers = await Promise.all(attempts)
  t.same(
    answers.map((answer) => answer.statusCode),
    [403, 403, 403],
    'none slips through',
  )
  const [users] = await app.sql<{ n: number }[]>`select count(*)::int as n from users where phone = ${phone}`
  t.equal(users!.n, 0)
})

t.test('a deletion racing a ban waits for it, and keeps the ban', async (t) => {
  const { app, dataDir, owner, admin, reportHelper, register } = await setUp(t)
  const phone = `+35840${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`
  const token = await verifiedPhoneToken(app, dataDir, phone)
  const racer = actorFor(app, await signedInUser(app, { user_name: 'Racer', phone }))
  const reportId = await reportHelper(owner, racer, 'unsafe')
  let deletion: ReturnType<typeof racer.send> | undefined
  await app.sql.begin(async (tx) => {
    const deciding = { user_id: admin.user.user.user_id, is_admin: true, blocked_either_way: [] }
    await decideReport(tx, deciding, reportId, { action: 'ban', reason: 'Unsafe', days: null })
    // The deletion passed its session check before the ban commits, and waits for it.
    deletion = racer.send('DELETE', '/api/user')
    await waitUntil(async () => {
      const [waiting] = await app.sql<{ n: number }[]>`
        select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`
      return waiting!.n > 0
    })
  })
  t.equal((await deletion!).status, 204)
  const refused = await register(phone, token)
  t.equal(refused.statusCode, 403, 'the ban decided during the deletion holds')
})
