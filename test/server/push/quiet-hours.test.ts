import t from 'tap'
import type { Sql } from 'postgres'
import postgres from 'postgres'
import { AlertQuota, fillFromQuota } from '../../../server/push/alert-quota.ts'
import { runDueWave, type WaveSettings } from '../../../server/push/waves.ts'
import { buildTestApp, createTestDatabase, tempDir } from '../../helper.ts'
import { away, HELSINKI, placeUser, type Helper } from '../../push-helpers.ts'
import { browserSubscription, startPushService } from '../../push-service.ts'
import { signedIn } from '../../signed-in.ts'

const ORIGIN = 'https://push.invalid'
const SETTINGS: WaveSettings = { firstWave: 3, escalateAfter: 300, maxRecipients: 200 }

/** Quiet hours from an hour before to an hour after now on the Helsinki clock: now is inside them, at any hour. */
async function quietAroundNow(sql: Sql, userId: number): Promise<void> {
  await sql`
    update users set
      quiet_start = ((now() at time zone 'Europe/Helsinki') - interval '1 hour')::time,
      quiet_end = ((now() at time zone 'Europe/Helsinki') + interval '1 hour')::time
    where user_id = ${userId}`
}

/** `minutesAgo` alerts already had, as the quota records them. */
async function alertedBefore(sql: Sql, userId: number, minutesAgo: number[]): Promise<void> {
  await sql`
    update push_alert_quota
    set recent = array(select now() - make_interval(mins => m) from unnest(${minutesAgo}::int[]) m)
    where user_id = ${userId}`
}

const alertedOf = async (sql: Sql, requestId: number) =>
  (
    await sql<{ user_id: number }[]>`
      select user_id from push_alerts where request_id = ${requestId} order by user_id`
  ).map((row) => row.user_id)

const recentOf = async (sql: Sql, userId: number) => {
  const [row] = await sql<{ total: number; last_hour: number }[]>`
    select cardinality(recent) as total,
      (select count(*)::int from unnest(recent) t where t > now() - interval '1 hour') as last_hour
    from push_alert_quota where user_id = ${userId}`
  return row!
}

async function newRequest(sql: Sql, ownerId: number, options: { isTest?: boolean } = {}): Promise<number> {
  const [row] = await sql<{ request_id: number }[]>`
    insert into requests (owner_id, category, description, latitude, longitude, is_test)
    values (${ownerId}, 'other', 'Ketju poikki', ${HELSINKI.latitude}, ${HELSINKI.longitude}, ${options.isTest ?? false})
    returning request_id`
  await sql`insert into push_waves (request_id) values (${row!.request_id})`
  return row!.request_id
}

t.test('in_quiet_hours reads the Helsinki clock; a start after the end wraps midnight', async (t) => {
  const app = await buildTestApp(t, {}, { pushWorker: { worker: false } })
  const cases: Array<[string | null, string | null, string, boolean, string]> = [
    ['22:00', '07:00', '2026-01-15T20:30:00Z', true, '22:30 in winter (UTC+2)'],
    ['22:00', '07:00', '2026-07-15T19:30:00Z', true, '22:30 in summer (UTC+3)'],
    ['22:00', '07:00', '2026-07-15T18:30:00Z', false, '21:30 in summer, 22:30 in UTC+2 terms'],
    ['22:00', '07:00', '2026-01-15T20:00:00Z', true, 'the start is included'],
    ['22:00', '07:00', '2026-01-15T05:00:00Z', false, 'the end is not (07:00)'],
    ['22:00', '07:00', '2026-01-15T04:59:00Z', true, '06:59'],
    ['22:00', '07:00', '2026-01-15T22:00:00Z', true, 'midnight'],
    ['22:00', '07:00', '2026-01-15T10:00:00Z', false, 'noon'],
    ['13:00', '15:00', '2026-01-15T12:00:00Z', true, '14:00 within a daytime span'],
    ['13:00', '15:00', '2026-01-15T14:00:00Z', false, '16:00 after it'],
    ['13:00', '15:00', '2026-01-15T10:00:00Z', false, '12:00 before it'],
    [null, null, '2026-01-15T20:30:00Z', false, 'none'],
  ]
  for (const [start, end, at, expected, what] of cases) {
    const [row] = await app.sql<{ quiet: boolean }[]>`
      select in_quiet_hours(${start}::time, ${end}::time, ${at}::timestamptz) as quiet`
    t.equal(row!.quiet, expected, `${start ?? 'none'}-${end ?? 'none'} at ${at}: ${what}`)
  }
})

t.test('a wave passes over quiet hours and a reached cap, and the next nearest take their places', async (t) => {
  const app = await buildTestApp(t, {}, { pushWorker: { worker: false } })
  const place = (km: number | null) =>
    placeUser(app.sql, ORIGIN, { at: km === null ? null : away(HELSINKI, km, km * 50), radius: 50 })
  const helpers: Helper[] = []
  for (let km = 1; km <= 6; km++) helpers.push(await place(km))
  const [quiet, capped, capOfOld, quietLater, plain, sixth] = helpers as [
    Helper,
    Helper,
    Helper,
    Helper,
    Helper,
    Helper,
  ]
  const unlocatedQuiet = await place(null)
  const unlocated = await place(null)
  const owner = await place(null)

  await quietAroundNow(app.sql, quiet.userId)
  await quietAroundNow(app.sql, unlocatedQuiet.userId)
  await app.sql`update users set hourly_alert_cap = 2 where user_id in ${app.sql([capped.userId, capOfOld.userId])}`
  await alertedBefore(app.sql, capped.userId, [10, 50])
  await alertedBefore(app.sql, capOfOld.userId, [61, 90])
  // Quiet hours that begin an hour from now.
  await app.sql`
    update users set
      quiet_start = ((now() at time zone 'Europe/Helsinki') + interval '1 hour')::time,
      quiet_end = ((now() at time zone 'Europe/Helsinki') + interval '3 hours')::time
    where user_id = ${quietLater.userId}`

  const requestId = await newRequest(app.sql, owner.userId)
  t.equal(await runDueWave(app.sql, SETTINGS), 4)
  t.same(
    await alertedOf(app.sql, requestId),
    [capOfOld, quietLater, plain, unlocated].map((h) => h.userId),
    'the first wave has its 3: the 3rd, 4th and 5th nearest in place of the quiet 1st and the capped 2nd; ' +
      'and whoever shares no location, unless in quiet hours',
  )
  t.same(await recentOf(app.sql, capOfOld.userId), { total: 1, last_hour: 1 }, 'alerts over an hour old dropped')
  t.same(await recentOf(app.sql, capped.userId), { total: 2, last_hour: 2 }, 'the capped one: untouched')
  t.same(await recentOf(app.sql, quiet.userId), { total: 0, last_hour: 0 }, 'the quiet one: untouched')

  await app.sql`update push_waves set due_at = now()`
  t.equal(await runDueWave(app.sql, SETTINGS), 1)
  t.same(
    await alertedOf(app.sql, requestId),
    [capOfOld, quietLater, plain, sixth, unlocated].map((h) => h.userId).sort((a, b) => a - b),
    'the second wave: only the 6th is left to alert; the quiet and the capped are still passed over',
  )

  t.test('another request an hour later: the cap counts a rolling hour', async (t) => {
    await app.sql`update push_alert_quota set recent = array(select t - interval '61 minutes' from unnest(recent) t)`
    await app.sql`update users set quiet_start = null, quiet_end = null`
    const next = await newRequest(app.sql, owner.userId)
    t.equal(await runDueWave(app.sql, SETTINGS), 5)
    t.same(
      await alertedOf(app.sql, next),
      [quiet, capped, capOfOld, unlocatedQuiet, unlocated].map((h) => h.userId),
      'the nearest three, no longer quiet nor capped, and both without location',
    )
  })

  t.test('test requests reach admins in their quiet hours and at their cap, without counting', async (t) => {
    const admin = await place(3)
    await app.sql`update users set is_admin = true, hourly_alert_cap = 1 where user_id = ${admin.userId}`
    await quietAroundNow(app.sql, admin.userId)
    await alertedBefore(app.sql, admin.userId, [5])
    const test = await newRequest(app.sql, owner.userId, { isTest: true })
    t.equal(await runDueWave(app.sql, SETTINGS), 1)
    t.same(await alertedOf(app.sql, test), [admin.userId])
    t.same(await recentOf(app.sql, admin.userId), { total: 1, last_hour: 1 }, 'not counted')
  })
})

t.test(
  'a claim refused after the choice: the next in line fills the place; a later claim skips held rows',
  async (t) => {
    const databaseUrl = await createTestDatabase(t)
    const app = await buildTestApp(t, { DATABASE_URL: databaseUrl }, { pushWorker: { worker: false } })
    const line: number[] = []
    for (let i = 0; i < 7; i++) line.push((await placeUser(app.sql, ORIGIN, { at: HELSINKI })).userId)
    const [a, b, c, d, e, f] = line as [number, number, number, number, number, number]
    // a and c reached their cap after a (stale) choice picked them: another wave took their last alerts.
    await app.sql`update users set hourly_alert_cap = 1 where user_id in ${app.sql([a, c])}`
    await alertedBefore(app.sql, a, [1])
    await alertedBefore(app.sql, c, [1])
    // Another wave, still running, holds d's row.
    const other = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    t.teardown(() => other.end())
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked = () => {}
    const lockTaken = new Promise<void>((resolve) => (locked = resolve))
    const holding = other.begin(async (tx) => {
      await tx`select 1 from push_alert_quota where user_id = ${d} for update`
      locked()
      await held
    })
    await lockTaken

    const picks: number[][] = []
    const chosen = await app.sql.begin((tx) =>
      fillFromQuota(new AlertQuota(tx), 3, async (count, excluded) => {
        const next = line.filter((id) => !excluded.includes(id)).slice(0, count)
        picks.push(next)
        return next.map((user_id) => ({ user_id }))
      }),
    )
    release()
    await holding
    t.same(
      chosen.map((r) => r.user_id),
      [b, e, f],
      'b; then d (held by another wave: passed over, not waited for) and e; then f',
    )
    t.same(picks, [[a, b, c], [d, e], [f]], 'each pick passes over whom the wave already took or was refused')
  },
)

t.test("news of a user's own request and of the one they help always goes", async (t) => {
  const dataDir = tempDir(t)
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    { DATA_DIR: dataDir, PUSH_ENDPOINT_HOSTS: service.allowlistEntry, ALERT_FIRST_WAVE: 15 },
    { pushCa: service.ca },
  )
  const owner = await signedIn(app, 'Quiet Owner')
  const helper = await signedIn(app, 'Quiet Helper')
  const devices = ['quiet-owner', 'quiet-helper'].map((id) => browserSubscription(service.origin, id))
  for (const [i, who] of [owner, helper].entries()) {
    const device = devices[i]!
    await app.sql`
      insert into push_subscriptions (endpoint, user_id, p256dh, auth)
      values (${device.json.endpoint}, ${who.user.user.user_id}, ${device.json.keys.p256dh}, ${device.json.keys.auth})`
    await quietAroundNow(app.sql, who.user.user.user_id)
    await app.sql`update users set hourly_alert_cap = 1 where user_id = ${who.user.user.user_id}`
    await alertedBefore(app.sql, who.user.user.user_id, [1])
  }
  const created = await owner.create({ ...HELSINKI })
  await app.push.idle()
  t.same(service.received, [], 'no alert of the new request to the helper: quiet, and capped')

  const requestId = created.body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${requestId}/addresponder`)).status, 200)
  await app.push.idle()
  t.same(
    service.received.map((push) => push.id),
    ['quiet-owner'],
    'the owner hears of the take-over in their quiet hours, at their cap',
  )
  t.equal((await owner.send('PUT', `/api/requests/${requestId}/removeresponder`, { removedBy: 'owner' })).status, 200)
  await app.push.idle()
  t.same(
    service.received.map((push) => push.id),
    ['quiet-owner', 'quiet-helper'],
    'the helper hears they were removed, in their quiet hours, at their cap',
  )
})
