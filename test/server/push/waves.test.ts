import t from 'tap'
import { distanceKm } from '../../../server/domain/shared/distance.ts'
import { nextWaveRecipients } from '../../../server/push/wave-selection.ts'
import { purgeAlerts } from '../../../server/push/waves.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { away, HELSINKI, placeUser, TAMPERE, type Helper, escalateNow, receivedIds } from '../../push-helpers.ts'
import { browserSubscription, readPush, startPushService } from '../../push-service.ts'
import { changedByHand, signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

t.test('waves: the nearest helpers within their own reach first, then the next ones, up to the maximum', async (t) => {
  const dataDir = tempDir(t)
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    {
      DATA_DIR: dataDir,
      PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
      ALERT_FIRST_WAVE: 15,
      ALERT_MAX_RECIPIENTS: 25,
      // Escalation is run by hand (escalateNow): the test decides when five minutes have passed.
      ALERT_ESCALATE_AFTER: 3600,
    },
    { pushCa: service.ca },
  )
  const place = (options: Parameters<typeof placeUser>[2]) => placeUser(app.sql, service.origin, options)

  // 30 helpers 1..30 km away in every direction (east and west test the longitude scale), each reaching the point.
  const helpers: Helper[] = []
  for (let km = 1; km <= 30; km++) helpers.push(await place({ at: away(HELSINKI, km, (km * 97) % 360), radius: 50 }))
  const nearButShortRadius = await place({ at: away(HELSINKI, 5.5, 45), radius: 5 })
  const nearButUnsubscribed = await place({ at: away(HELSINKI, 0.3, 0), subscribed: false })
  const withoutLocation = await place({ at: null })
  const farAdmin = await place({ at: TAMPERE, radius: 10, admin: true })
  const owner = await signedIn(app, 'Wave Owner')
  await owner.send('PUT', '/api/user/location', HELSINKI)

  const created = await owner.create({ ...HELSINKI, description: 'Takarengas puhki' })
  t.equal(created.status, 201)
  const requestId = created.body.request_id
  await app.push.idle()

  t.same(
    receivedIds(service),
    [...helpers.slice(0, 15), withoutLocation].map((h) => h.id).sort(),
    'the first wave is exactly the 15 nearest subscribed helpers whose radius reaches the request, and whoever shares no location',
  )
  const first = service.received.find((push) => push.id === helpers[0]!.id)!
  const { notification } = readPush(first, helpers[0]!.browser)
  t.equal(notification.navigate, `http://localhost:3000/?request=${requestId}`, 'PUBLIC_URL unset: this machine')
  t.equal(first.headers.urgency, 'high')

  const next = await nextWaveRecipients(
    app.sql,
    { request_id: requestId, owner_id: owner.user.user.user_id, ...HELSINKI },
    100,
  )
  t.same(
    next.map((r) => r.user_id),
    helpers.slice(15).map((h) => h.userId),
    'the rest follow nearest first; nobody out of their own reach, unsubscribed, without a location or alerted',
  )
  for (const [i, recipient] of next.entries()) {
    const exact = distanceKm(HELSINKI, away(HELSINKI, 16 + i, ((16 + i) * 97) % 360))
    t.ok(Math.abs(recipient.distance_km! - exact) < 1e-6, `the database's distance is distanceKm's (${16 + i} km)`)
  }

  const beforeSecond = service.received.length
  await escalateNow(app)
  t.same(
    receivedIds(service, beforeSecond),
    helpers
      .slice(15, 24)
      .map((h) => h.id)
      .sort(),
    'the second wave brings the total to ALERT_MAX_RECIPIENTS (25) with the next nearest: 15 + 1 without location + 9',
  )
  const [waves] = await app.sql<{ n: number }[]>`select count(*)::int as n from push_waves`
  t.equal(waves!.n, 0, 'nothing more is scheduled once the maximum is reached')
  const beforeThird = service.received.length
  await escalateNow(app)
  t.equal(service.received.length, beforeThird, 'no third wave')

  const never = [nearButShortRadius, nearButUnsubscribed, farAdmin, ...helpers.slice(24)]
  t.same(
    service.received.filter((push) => never.some((h) => h.id === push.id)),
    [],
    'never: a radius that does not reach, no subscription, a far admin, beyond the maximum',
  )
  const [alerts] = await app.sql<{ n: number }[]>`
    select count(*)::int as n from push_alerts where request_id = ${requestId}`
  t.equal(alerts!.n, 25, 'each alerted helper is recorded once')

  t.test('a test request goes to the subscribed admins only, at once, wherever they are', async (t) => {
    await app.sql`update users set is_admin = true where user_id = ${owner.user.user.user_id}`
    changedByHand(app, owner.user.user.user_id)
    const since = service.received.length
    const test = await owner.create({ ...HELSINKI, isTest: 1 })
    t.equal(test.status, 201)
    await app.push.idle()
    t.same(receivedIds(service, since), [farAdmin.id], 'not whoever shares no location either')
  })
})

t.test('escalation on its own timer stops after a take-over, a completion or a deletion', async (t) => {
  const dataDir = tempDir(t)
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    {
      DATA_DIR: dataDir,
      PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
      ALERT_FIRST_WAVE: 2,
      ALERT_MAX_RECIPIENTS: 200,
      ALERT_ESCALATE_AFTER: 5,
    },
    { pushCa: service.ca },
  )
  // Four owners far apart, each with helpers of their own: no helper reaches two of the requests.
  const cities = [
    HELSINKI,
    TAMPERE,
    { latitude: 65.0121, longitude: 25.4651 },
    { latitude: 62.8924, longitude: 27.677 },
  ]
  const helpersOf = await Promise.all(
    cities.map(async (city) => {
      const near: Helper[] = []
      for (let km = 1; km <= 6; km++)
        near.push(await placeUser(app.sql, service.origin, { at: away(city, km, 180), radius: 10 }))
      return near
    }),
  )
  const owners = await Promise.all(cities.map((_, i) => signedIn(app, `Timer Owner ${i}`)))
  // Registered beforehand: the take-over has to come within ALERT_ESCALATE_AFTER of the creation.
  const helper = await signedIn(app, 'Timer Helper')
  const requests = await Promise.all(owners.map((owner, i) => owner.create({ ...cities[i]! })))
  const ids = requests.map((r) => r.body.request_id)
  const pushesNear = (i: number) => receivedIds(service).filter((id) => helpersOf[i]!.some((h) => h.id === id))

  // Once the first waves are out (a take-over before them would rightly leave nobody alerted), and before the
  // next ones: request 0 is taken over, 1 completed, 2 deleted; 3 is left waiting.
  await waitUntil(() => ids.every((_, i) => pushesNear(i).length >= 2))
  const acted = await Promise.all([
    helper.send('PUT', `/api/requests/${ids[0]}/addresponder`),
    owners[1]!.send('PUT', `/api/requests/${ids[1]}/setready`, { gotHelp: 0 }),
    owners[2]!.send('DELETE', `/api/requests/${ids[2]}`),
  ])
  t.same(
    acted.map((answer) => answer.status),
    [200, 200, 204],
  )

  await waitUntil(() => pushesNear(3).length >= 6)
  await app.push.idle()
  t.same(
    pushesNear(3),
    helpersOf[3]!.map((h) => h.id).sort(),
    'the waiting request reached the next nearest after each ALERT_ESCALATE_AFTER (2, 4, then all 6)',
  )
  const [alerts] = await app.sql<{ waves: number[] }[]>`
    select array_agg(wave order by wave) as waves from push_alerts where request_id = ${ids[3]!}`
  t.same(alerts!.waves, [1, 1, 2, 2, 3, 3], 'in three waves: 2, then 2 more (4 in all), then the last 2 of 8 wanted')
  for (const i of [0, 1, 2]) {
    t.equal(
      pushesNear(i).length,
      4,
      `no second wave for request ${i} (${['taken over', 'completed', 'deleted'][i]}), only its 2 stand-downs`,
    )
  }
  const [forgotten] = await app.sql<{ n: number }[]>`
    select count(*)::int as n from push_alerts where request_id in ${app.sql(ids.slice(1, 3))}`
  t.equal(forgotten!.n, 0, 'the stand-downs forgot who was alerted of requests 1-2 (completed, deleted)')
  const [kept] = await app.sql<{ told: number }[]>`
    select count(*) filter (where stood_down_at is not null)::int as told from push_alerts where request_id = ${ids[0]!}`
  t.equal(kept!.told, 2, 'request 0 (taken over) keeps who was alerted, told, for the search after a let-go')
  t.equal(await purgeAlerts(app.sql), 0, 'those of a request that may still escalate are kept')
  // Ended behind the app's back (no stand-down): the sweep takes its alerts.
  await app.sql`
    update requests set status = 'completed', completed_at = now(), got_help = false where request_id = ${ids[3]!}`
  await app.sql`delete from push_waves where request_id = ${ids[3]!}`
  t.equal(await purgeAlerts(app.sql), 6, 'an ended request keeps none')
})

t.test(
  'a request without a location alerts the most recently located first; who shares none gets every first wave',
  async (t) => {
    const dataDir = tempDir(t)
    const service = await startPushService(tempDir(t))
    t.teardown(() => service.close())
    const app = await buildTestApp(
      t,
      {
        DATA_DIR: dataDir,
        PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
        ALERT_FIRST_WAVE: 2,
        ALERT_MAX_RECIPIENTS: 200,
        ALERT_ESCALATE_AFTER: 3600,
      },
      { pushCa: service.ca },
    )
    // Located helpers in Helsinki, each reaching 1 km only, who last reported their location this many minutes ago
    // (null: never reported, the last of all); the order of creation is not the order of recency.
    const minutesAgo = [5, 1, 3, null, 2, 4]
    const located: Helper[] = []
    for (const [i, minutes] of minutesAgo.entries()) {
      const helper = await placeUser(app.sql, service.origin, { at: away(HELSINKI, i + 1, 0), radius: 1 })
      if (minutes !== null) {
        await app.sql`
        update users set location_updated_at = now() - make_interval(mins => ${minutes}) where user_id = ${helper.userId}`
      }
      located.push(helper)
    }
    const byRecency = [1, 4, 2, 5, 0, 3].map((i) => located[i]!.id)
    const unsubscribedRecent = await placeUser(app.sql, service.origin, { at: HELSINKI, subscribed: false })
    await app.sql`update users set location_updated_at = now() where user_id = ${unsubscribedRecent.userId}`
    const withoutLocation = await placeUser(app.sql, service.origin, { at: null })
    const owner = await signedIn(app, 'Nowhere Owner')
    const ownerId = owner.user.user.user_id
    // The owner is subscribed and reported a location just now: first in line, were it not their own request.
    const ownerDevice = browserSubscription(service.origin, 'nowhere-owner')
    await app.sql`
    insert into push_subscriptions (endpoint, user_id, p256dh, auth)
    values (${ownerDevice.json.endpoint}, ${ownerId}, ${ownerDevice.json.keys.p256dh}, ${ownerDevice.json.keys.auth})`
    await app.sql`
    update users set latitude = ${HELSINKI.latitude}, longitude = ${HELSINKI.longitude}, location_updated_at = now()
    where user_id = ${ownerId}`
    const helper = await signedIn(app, 'Nowhere Helper')

    const created = await owner.create({ latitude: null, longitude: null })
    t.equal(created.status, 201)
    const requestId = created.body.request_id
    await app.push.idle()
    t.same(
      receivedIds(service),
      [...byRecency.slice(0, 2), withoutLocation.id].sort(),
      'the first wave: the 2 most recently located subscribers, and whoever shares no location',
    )

    const beforeSecond = service.received.length
    await escalateNow(app)
    t.same(receivedIds(service, beforeSecond), byRecency.slice(2, 4).sort(), 'the second wave: the next 2 most recent')

    const alerts = await app.sql<{ user_id: number; wave: number; shares_location: boolean }[]>`
    select user_id, wave, shares_location from push_alerts where request_id = ${requestId} order by wave, user_id`
    t.same(
      alerts.map((a) => [a.wave, a.shares_location]),
      [
        [1, true],
        [1, true],
        [1, false],
        [2, true],
        [2, true],
      ],
      'the one without location is alerted in the first wave, beside the waves of 2',
    )
    const beforeThird = service.received.length
    t.equal((await helper.send('PUT', `/api/requests/${requestId}/addresponder`)).status, 200)
    await escalateNow(app)
    t.same(
      receivedIds(service, beforeThird),
      ['nowhere-owner', ...byRecency.slice(0, 4), withoutLocation.id].sort(),
      'after the take-over only its news to the owner, and a stand-down to each of the 5 alerted',
    )

    t.test('a located request that reaches no located helper still alerts whoever shares no location', async (t) => {
      const since = service.received.length
      const far = await owner.create({ latitude: 69.9076, longitude: 27.0285 })
      t.equal(far.status, 201)
      await app.push.idle()
      t.same(receivedIds(service, since), [withoutLocation.id])
    })

    t.test('never: the owner, an unsubscribed user', async (t) => {
      const ids = receivedIds(service)
      t.equal(ids.filter((id) => id === 'nowhere-owner').length, 1, 'the owner: only the take-over')
      const [own] = await app.sql<
        { n: number }[]
      >`select count(*)::int as n from push_alerts where user_id = ${ownerId}`
      t.equal(own!.n, 0, 'the owner is alerted of neither request')
      t.notOk(ids.includes(unsubscribedRecent.id), 'no subscription')
    })
  },
)
