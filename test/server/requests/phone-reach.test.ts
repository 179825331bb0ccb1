import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { purgeExpired } from '../../../server/domain/shared/housekeeping.ts'
import { buildTestApp } from '../../helper.ts'
import type { Actor, Json } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

/**
 * docs/security.md, "Phone numbers by reach": the owner's number goes to a user nearby only within PHONE_REACH_KM (30) of a
 * place they plausibly reached, from reports spaced at least 10 s, and to at most PHONE_REVEALS_PER_DAY (20)
 * requests a Helsinki day. Time is moved through the database: the stored report times are set back.
 */

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const ESPOO = { latitude: 60.2055, longitude: 24.6559 } // 16 km from HELSINKI
const PORVOO = { latitude: 60.3923, longitude: 25.6651 } // 45 km
const OULU = { latitude: 65.0121, longitude: 25.4651 } // 540 km

type Place = typeof HELSINKI

const report = (who: Actor, where: Place) => who.send('PUT', '/api/user/location', where)

/** The user's last report as if made `interval` ago (the 10 s spacing and the speed both read these times). */
async function ageReports(app: FastifyInstance, who: Actor, interval: string) {
  await app.sql`
    update users set
      location_updated_at = location_updated_at - ${interval}::interval,
      location_reported_at = location_reported_at - ${interval}::interval,
      reach_located_at = reach_located_at - ${interval}::interval
    where user_id = ${who.user.user.user_id}
  `
}

/** Only the spacing aged: the next report may be made, yet it follows the last one by seconds (a jump). */
async function allowNextReport(app: FastifyInstance, who: Actor) {
  await app.sql`
    update users set location_reported_at = location_reported_at - interval '1 minute'
    where user_id = ${who.user.user.user_id}
  `
}

/**
 * The last report as if made `interval` ago, the reach place left as it is: a report now follows it by `interval`,
 * while a jump it made stays a jump from the reach place.
 */
async function sinceLastReport(app: FastifyInstance, who: Actor, interval: string) {
  await app.sql`
    update users set
      location_updated_at = location_updated_at - ${interval}::interval,
      location_reported_at = location_reported_at - ${interval}::interval
    where user_id = ${who.user.user.user_id}
  `
}

/** A user whose first report (which counts at once: nothing to jump from) puts them at `where`. */
async function userAt(app: FastifyInstance, name: string, where: Place, radius = 10): Promise<Actor> {
  const who = await signedIn(app, name)
  t.equal((await report(who, where)).status, 200)
  await app.sql`update users set radius = ${radius} where user_id = ${who.user.user.user_id}`
  return who
}

/** `count` open requests at `where`, written straight to the database (the per-owner limits are not under test). */
async function requestsAt(app: FastifyInstance, owner: Actor, where: Place, count: number): Promise<number[]> {
  const rows = await app.sql<{ request_id: number }[]>`
    insert into requests (owner_id, category, description, latitude, longitude)
    select ${owner.user.user.user_id}, 'other', 'Flat tyre', ${where.latitude}, ${where.longitude}
    from generate_series(1, ${count})
    returning request_id
  `
  return rows.map((row) => row.request_id)
}

const detail = async (who: Actor, id: number) => (await who.get(`/api/requests/${id}`)).body as Json

t.test('phone numbers by reach', async (t) => {
  const app = await buildTestApp(t)
  const owner = await signedIn(app, 'Owner')
  const ownerPhone = owner.user.user.phone
  const [inHelsinki] = await requestsAt(app, owner, HELSINKI, 1)
  const id = inHelsinki!

  t.test('a radius of 999 km from Oulu shows no Helsinki number: the fixed distance caps it', async (t) => {
    const oulu = await userAt(app, 'Oulu999', OULU, 999)
    const porvoo = await userAt(app, 'Porvoo999', PORVOO, 999)
    const seen = await detail(oulu, id)
    t.equal(seen.phone, null, '540 km away')
    t.equal(seen.phoneLimitReached, false, 'withheld for distance, not for the cap')
    t.equal((await detail(porvoo, id)).phone, null, '45 km away: beyond 30 km whatever the radius')
    t.equal((await oulu.get('/api/requests')).body.length, 1, 'the list still reaches as far as the radius')
  })

  t.test('within 30 km the user’s own radius still applies', async (t) => {
    const short = await userAt(app, 'EspooShort', ESPOO, 10)
    const long = await userAt(app, 'EspooLong', ESPOO, 20)
    t.equal((await detail(short, id)).phone, null, '16 km away with a 10 km radius')
    t.equal((await detail(long, id)).phone, ownerPhone, '16 km away with a 20 km radius')
  })

  t.test('a jump to the request’s place reveals nothing until a report a minute later confirms it', async (t) => {
    const jumper = await userAt(app, 'Jumper', OULU, 20)
    await allowNextReport(app, jumper)
    t.equal((await report(jumper, HELSINKI)).status, 200, 'the report is taken')
    t.same((await jumper.get('/api/user/location')).body, HELSINKI, 'the list follows it at once')
    t.equal((await detail(jumper, id)).phone, null, 'but 540 km in seconds does not count for phone reach')
    t.equal((await jumper.send('PUT', `/api/requests/${id}/add-view`)).body.phone, null, 'nor in a change’s answer')

    // The same place again as soon as the spacing allows: a spoofer's second call, not a confirmation.
    await sinceLastReport(app, jumper, '10.6 seconds')
    t.equal((await report(jumper, HELSINKI)).status, 200)
    t.equal((await detail(jumper, id)).phone, null, 'a report 10.6 s after the jump does not confirm it')

    // A minute on, but 45 km away: not plausible from the jump either.
    await sinceLastReport(app, jumper, '1 minute')
    t.equal((await report(jumper, PORVOO)).status, 200)
    t.equal((await detail(jumper, id)).phone, null, 'a report implausible from the jump does not confirm it')

    await sinceLastReport(app, jumper, '1 minute')
    t.equal((await report(jumper, PORVOO)).status, 200)
    await sinceLastReport(app, jumper, '1 minute')
    t.equal((await report(jumper, HELSINKI)).status, 200)
    t.equal((await detail(jumper, id)).phone, null, 'confirmed in Porvoo, 45 km from Helsinki in a minute is a jump')
    await sinceLastReport(app, jumper, '1 minute')
    t.equal((await report(jumper, HELSINKI)).status, 200)
    t.equal((await detail(jumper, id)).phone, ownerPhone, 'a report a minute later, plausible from there, confirms it')
  })

  t.test('a single bad fix does not move phone reach, and coming back from it counts', async (t) => {
    const steady = await userAt(app, 'Steady', HELSINKI, 10)
    await ageReports(app, steady, '1 hour')
    await report(steady, HELSINKI)
    await allowNextReport(app, steady)
    await report(steady, OULU)
    await allowNextReport(app, steady)
    t.equal((await report(steady, HELSINKI)).status, 200)
    t.equal((await detail(steady, id)).phone, ownerPhone, 'back where reach stayed')
  })

  t.test('travel at a plausible speed counts at once', async (t) => {
    const traveller = await userAt(app, 'Traveller', OULU, 10)
    await ageReports(app, traveller, '3 hours') // 540 km in 3 h: 180 km/h
    await report(traveller, HELSINKI)
    t.equal((await detail(traveller, id)).phone, ownerPhone)
  })

  t.test('20 parallel location reports: exactly one is taken, the rest wait (429 with Retry-After)', async (t) => {
    const burst = await userAt(app, 'Burst', OULU, 10)
    await allowNextReport(app, burst)
    const started = Date.now()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        app.inject({
          method: 'PUT',
          url: '/api/user/location',
          headers: { authorization: `Bearer ${burst.user.token}` },
          payload: { latitude: HELSINKI.latitude + i / 10_000, longitude: HELSINKI.longitude },
        }),
      ),
    )
    // The rule is one per 10 s: a machine so slow that the burst outlasted 10 s may rightly admit one more per 10 s.
    const mayAdmit = 1 + Math.floor((Date.now() - started) / 10_000)
    const admitted = answers.filter((answer) => answer.statusCode === 200).length
    t.ok(admitted >= 1 && admitted <= mayAdmit, `${admitted} admitted`)
    t.equal(admitted + answers.filter((answer) => answer.statusCode === 429).length, 20, 'the rest are 429')
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      const wait = Number(refused.headers['retry-after'])
      t.ok(wait >= 1 && wait <= 10, `Retry-After ${wait}`)
    }
    // A second admission (only on such a slow machine) would confirm the first.
    if (admitted === 1) t.equal((await detail(burst, id)).phone, null, 'and the one taken was a jump: no number')
  })

  t.test('the 21st request of a day is withheld, saying why; the same ones again cost nothing', async (t) => {
    const viewer = await userAt(app, 'Curious', HELSINKI, 10)
    const ids = [id, ...(await requestsAt(app, owner, HELSINKI, 20))]
    for (const each of ids.slice(0, 20)) t.equal((await detail(viewer, each)).phone, ownerPhone)
    const withheld = await detail(viewer, ids[20]!)
    t.equal(withheld.phone, null, 'the 21st')
    t.equal(withheld.phoneLimitReached, true, 'the answer says the limit was reached')
    t.equal((await viewer.send('PUT', `/api/requests/${ids[20]}/add-view`)).body.phone, null, 'a view’s answer too')
    t.equal((await detail(viewer, ids[3]!)).phone, ownerPhone, 'one already seen today: shown again')
    t.equal(await reveals(app, viewer), 20, 'one row per request and day')

    await app.sql`update phone_reveals set day = day - 1 where viewer_id = ${viewer.user.user.user_id}`
    t.equal((await detail(viewer, ids[20]!)).phone, ownerPhone, 'the next Helsinki day starts afresh')
  })

  t.test('parallel openings of 25 requests: exactly 20 numbers', async (t) => {
    const viewer = await userAt(app, 'Hurried', HELSINKI, 10)
    const ids = await requestsAt(app, owner, HELSINKI, 25)
    const seen = await Promise.all(ids.map((each) => detail(viewer, each)))
    t.equal(seen.filter((each) => each.phone === ownerPhone).length, 20)
    t.equal(seen.filter((each) => each.phone === null && each.phoneLimitReached === true).length, 5)
    t.equal(await reveals(app, viewer), 20)
  })

  t.test('the two people of a request and admins are neither counted nor capped', async (t) => {
    const admin = await signedIn(app, 'RevealAdmin', true)
    const helper = await userAt(app, 'Helpful', HELSINKI, 10)
    const [mine] = await requestsAt(app, owner, HELSINKI, 1)
    t.equal((await helper.send('PUT', `/api/requests/${mine}/addresponder`)).body.phone, ownerPhone)
    t.equal((await detail(helper, mine!)).phone, ownerPhone)
    t.equal((await detail(admin, mine!)).phone, ownerPhone)
    t.equal((await detail(owner, mine!)).phone, ownerPhone)
    t.equal(await reveals(app, helper), 0)
    t.equal(await reveals(app, admin), 0)
    t.equal(await reveals(app, owner), 0)
  })

  t.test('admins see each user’s reveals, today and over 30 days', async (t) => {
    const admin = await signedIn(app, 'CountAdmin', true)
    const listed = async (name: string) => ((await admin.get(`/api/admin/users?q=${name}`)).body.users as Json[])[0]
    t.match(await listed('Hurried'), { reach_reveals_today: 20, reach_reveals_30d: 20 })
    t.match(await listed('Curious'), { reach_reveals_today: 1, reach_reveals_30d: 21 }, 'yesterday’s 20 and today’s 1')
    t.match(await listed('Oulu999'), { reach_reveals_today: 0, reach_reveals_30d: 0 })
  })

  t.test('housekeeping deletes reveals after 31 days', async (t) => {
    const hurried = (await app.sql<{ user_id: number }[]>`select user_id from users where user_name = 'Hurried'`)[0]!
    await app.sql`
      update phone_reveals set revealed_at = now() - interval '32 days'
      where viewer_id = ${hurried.user_id}
        and request_id in (select request_id from phone_reveals where viewer_id = ${hurried.user_id} limit 5)
    `
    t.equal((await purgeExpired(app.sql)).phoneReveals, 5)
    const [left] = await app.sql<{ count: number }[]>`
      select count(*)::int as count from phone_reveals where viewer_id = ${hurried.user_id}
    `
    t.equal(left!.count, 15)
  })

  t.test('deleting an account leaves no reveal of or by it', async (t) => {
    const viewer = await userAt(app, 'Leaving', HELSINKI, 10)
    const leavingOwner = await signedIn(app, 'LeavingOwner')
    const [theirs] = await requestsAt(app, leavingOwner, HELSINKI, 1)
    t.equal((await detail(viewer, id)).phone, ownerPhone)
    const other = await userAt(app, 'Staying', HELSINKI, 10)
    t.equal((await detail(other, theirs!)).phone, leavingOwner.user.user.phone)
    t.equal((await viewer.send('DELETE', '/api/user')).status, 204)
    t.equal((await leavingOwner.send('DELETE', '/api/user')).status, 204)
    t.equal(await reveals(app, viewer), 0, 'none by the deleted viewer')
    const [left] = await app.sql<{ count: number }[]>`
      select count(*)::int as count from phone_reveals where request_id = ${theirs!}
    `
    t.equal(left!.count, 0, 'none of the deleted owner’s number')
  })

  t.test('a reveal racing the deletion of its request answers, never a 500', async (t) => {
    const viewer = await userAt(app, 'Racing', HELSINKI, 10)
    const racedOwner = await signedIn(app, 'RacedOwner')
    const [raced] = await requestsAt(app, racedOwner, HELSINKI, 1)
    // The owner's account deletion takes the request with it, in a transaction still open when the reveal is made.
    const deleter = await app.sql.reserve()
    t.teardown(() => deleter.release())
    await deleter`begin`
    await deleter`delete from requests where request_id = ${raced!}`
    const opened = viewer.get(`/api/requests/${raced!}`)
    // The reveal waits for the deletion's lock on the request; then the deletion commits.
    await waitUntil(async () => {
      const [row] = await app.sql<{ waiting: number }[]>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike '%phone_reveals%'
      `
      return row!.waiting > 0
    })
    await deleter`commit`
    const answer = await opened
    t.not(answer.status, 500, `answered ${answer.status}`)
    if (answer.status === 200) t.equal((answer.body as Json).phone, null, 'no number of a deleted request')
    t.equal(await reveals(app, viewer), 0, 'nothing recorded of it')
  })
})

async function reveals(app: FastifyInstance, who: Actor): Promise<number> {
  const [row] = await app.sql<{ count: number }[]>`
    select count(*)::int as count from phone_reveals where viewer_id = ${who.user.user.user_id}
  `
  return row!.count
}
