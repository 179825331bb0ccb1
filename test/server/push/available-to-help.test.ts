import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { bearer } from '../../accounts.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { away, HELSINKI, placeUser } from '../../push-helpers.ts'
import { browserSubscription, startPushService } from '../../push-service.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

type PushService = Awaited<ReturnType<typeof startPushService>>

const receivedIds = (service: PushService, since = 0) =>
  service.received
    .slice(since)
    .map((push) => push.id)
    .sort()

/** An actor's device subscribed to push on the local push service, through the API as the app does it. */
async function subscribe(actor: Actor, service: PushService, id: string): Promise<void> {
  const { json } = browserSubscription(service.origin, id)
  const answer = await actor.send('POST', '/api/subscriptions/subscribe', { subscription: json })
  if (answer.status >= 300) throw new Error(`subscribe answered ${answer.status}`)
}

t.test('"I can help now": the switch is the user\'s, on by default, and told with the user', async (t) => {
  const app = await buildTestApp(t, {}, { pushWorker: { worker: false } })
  const actor = await signedIn(app, 'Levossa')
  const put = (payload: object, token = actor.user.token) =>
    app.inject({ method: 'PUT', url: '/api/user/available-to-help', headers: bearer(token), payload })
  const stored = async () =>
    (
      await app.sql<{ available_to_help: boolean }[]>`
        select available_to_help from users where user_id = ${actor.user.user.user_id}`
    )[0]!.available_to_help

  t.equal(actor.user.user.availableToHelp, true, 'a new account can help')
  const off = await put({ availableToHelp: false })
  t.equal(off.statusCode, 200, off.body)
  t.match(off.json(), { user: { user_id: actor.user.user.user_id, availableToHelp: false } })
  t.equal(await stored(), false)
  const me = await app.inject({ url: '/api/user/protected-route', headers: bearer(actor.user.token) })
  t.equal(me.json<{ user: { availableToHelp: boolean } }>().user.availableToHelp, false, 'the user at start has it')

  for (const payload of [{}, { availableToHelp: 'no' }, { availableToHelp: 0 }, { availableToHelp: null }]) {
    const answer = await put(payload)
    t.equal(answer.statusCode, 400, JSON.stringify(payload))
    t.type(answer.json<{ message: unknown }>().message, 'string', 'a 400 says what is wrong')
  }
  t.equal(await stored(), false, 'refused bodies changed nothing')
  t.equal((await put({ availableToHelp: true }, 'not-a-token')).statusCode, 401)

  const on = await put({ availableToHelp: true })
  t.equal(on.json<{ user: { availableToHelp: boolean } }>().user.availableToHelp, true)
  t.equal(await stored(), true)
  t.equal(on.json<{ user: { availableUntil: unknown } }>().user.availableUntil, null, 'on with no end')
})

t.test('"I can help now" for a while: an hour, three, or until midnight in Helsinki, then off', async (t) => {
  const app = await buildTestApp(t, {}, { pushWorker: { worker: false } })
  const actor = await signedIn(app, 'Hetken')
  type Answer = { user: { availableToHelp: boolean; availableUntil: string | null } }
  const put = async (payload: object) => {
    const answer = await app.inject({
      method: 'PUT',
      url: '/api/user/available-to-help',
      headers: bearer(actor.user.token),
      payload,
    })
    return { status: answer.statusCode, body: answer.json<Answer>() }
  }
  const [clock] = await app.sql<{ now: Date }[]>`select now()`
  const now = clock!.now
  const hoursFromNow = (until: string | null) => (Date.parse(until ?? '') - now.getTime()) / 3_600_000

  const hour = await put({ availableToHelp: true, for: '1h' })
  t.equal(hour.status, 200)
  t.equal(hour.body.user.availableToHelp, true)
  t.ok(Math.abs(hoursFromNow(hour.body.user.availableUntil) - 1) < 0.05, `an hour (${hour.body.user.availableUntil})`)
  const three = await put({ availableToHelp: true, for: '3h' })
  t.ok(Math.abs(hoursFromNow(three.body.user.availableUntil) - 3) < 0.05, 'three hours')

  const today = await put({ availableToHelp: true, for: 'today' })
  const [helsinki] = await app.sql<{ midnight: Date }[]>`
    select (date_trunc('day', now() at time zone 'Europe/Helsinki') + interval '1 day')
      at time zone 'Europe/Helsinki' as midnight`
  t.equal(today.body.user.availableUntil, helsinki!.midnight.toISOString(), 'today: the next midnight in Helsinki')
  const helsinkiTime = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Helsinki',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(today.body.user.availableUntil!))
  t.equal(helsinkiTime, '00:00', 'which is 00:00 on a Helsinki clock, whatever the server’s own time zone')

  // The period runs out: the user reads as off, and the next wave passes them over (the next test shows a wave).
  await app.sql`update users set available_until = now() - interval '1 second' where user_id = ${actor.user.user.user_id}`
  const me = await app.inject({ url: '/api/user/protected-route', headers: bearer(actor.user.token) })
  t.match(me.json<Answer>().user, { availableToHelp: false, availableUntil: null }, 'a period that ran out is off')

  const always = await put({ availableToHelp: true })
  t.match(always.body.user, { availableToHelp: true, availableUntil: null }, 'on again with no end')
  const off = await put({ availableToHelp: false, for: '3h' })
  t.match(off.body.user, { availableToHelp: false, availableUntil: null }, 'a period means nothing when off')
  for (const payload of [
    { availableToHelp: true, for: '2h' },
    { availableToHelp: true, for: 3 },
  ]) {
    const refused = await put(payload)
    t.equal(refused.status, 400, JSON.stringify(payload))
  }
})

t.test('a wave passes over whoever cannot help now; they still see and take the request', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app: FastifyInstance = await buildTestApp(
    t,
    {
      DATA_DIR: tempDir(t),
      PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
      ALERT_FIRST_WAVE: 2,
      ALERT_MAX_RECIPIENTS: 200,
      // Escalation is not the subject here: the first wave alone.
      ALERT_ESCALATE_AFTER: 3600,
    },
    { pushCa: service.ca },
  )
  const place = (options: Parameters<typeof placeUser>[2]) => placeUser(app.sql, service.origin, options)

  // The nearest helper (0.5 km) switches "I can help now" off through the API, as the app does.
  const resting = await signedIn(app, 'Lepo')
  t.equal((await resting.send('PUT', '/api/user/location', away(HELSINKI, 0.5, 10))).status, 200)
  await subscribe(resting, service, 'lepo')
  const switched = await resting.send<{ user: { availableToHelp: boolean } }>('PUT', '/api/user/available-to-help', {
    availableToHelp: false,
  })
  t.equal(switched.body.user.availableToHelp, false)

  const second = await place({ at: away(HELSINKI, 1, 100), radius: 50 })
  const third = await place({ at: away(HELSINKI, 2, 200), radius: 50 })
  const fourth = await place({ at: away(HELSINKI, 3, 300), radius: 50 })
  const unlocated = await place({ at: null })
  const unlocatedResting = await place({ at: null })
  await app.sql`update users set available_to_help = false where user_id = ${unlocatedResting.userId}`
  // On for a while that has run out: off, as far as the waves are concerned.
  const ranOut = await place({ at: away(HELSINKI, 0.2, 50), radius: 50 })
  await app.sql`update users set available_until = now() - interval '1 minute' where user_id = ${ranOut.userId}`

  const owner = await signedIn(app, 'Pyytäjä')
  const created = await owner.create({ ...HELSINKI, description: 'Ketju poikki' })
  t.equal(created.status, 201)
  await app.push.idle()
  t.same(
    receivedIds(service),
    [second, third, unlocated].map((h) => h.id).sort(),
    'the first wave of 2 is the 2nd and 3rd nearest in place of the nearest, and only the unlocated who can help',
  )

  // Not alerted, still in the loop: the list shows the request and the take-over works.
  const list = await resting.get('/api/requests')
  t.ok(
    list.body.some((request) => request.request_id === created.body.request_id),
    'the request is in the list of whoever cannot help now',
  )
  const taken = await resting.send('PUT', `/api/requests/${created.body.request_id}/addresponder`)
  t.equal(taken.status, 200, 'and they can take it over by hand')
  await app.push.idle()
  t.notOk(
    service.received.some((push) => push.id === 'lepo'),
    'no push reached them, not even a stand-down (they were never alerted)',
  )

  // Switched on again, the next request alerts them first.
  await resting.send('PUT', '/api/user/available-to-help', { availableToHelp: true })
  const before = service.received.length
  const other = await signedIn(app, 'Toinen')
  t.equal((await other.create({ ...HELSINKI, description: 'Sisurenkas puhki' })).status, 201)
  await app.push.idle()
  t.same(
    receivedIds(service, before),
    ['lepo', second.id, unlocated.id].sort(),
    'on again: the nearest is alerted again; the unlocated who cannot help still is not',
  )
  t.notOk(receivedIds(service, before).includes(fourth.id), 'the wave stays at its size')
})
