import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { runDueWaves } from '../../../server/push/waves.ts'
import { buildTestApp, createTestDatabase } from '../../helper.ts'
import { away, HELSINKI, placeUser } from '../../push-helpers.ts'
import { bearer } from '../../accounts.ts'
import type { Actor } from '../../requests.ts'
import { startRoundTripProxy, transactionTrips, type RoundTripProxy } from '../../round-trip-proxy.ts'
import { signedIn } from '../../signed-in.ts'

/**
 * The cost of a change (docs/performance.md, "Round trips of a change"): every request change, a message and a
 * thank-you make at most this many PostgreSQL round trips on the request path, begin and commit included: one
 * statement that takes the locks, one that checks, writes, reads back, announces and queues the pushes.
 * Counted through a proxy that reads the protocol, so the figure is exact on any machine. The session check
 * before the transaction, the same for every call, is not counted here.
 */
const MOST_ROUND_TRIPS = 4
/**
 * A creating call with an `Idempotency-Key` also claims the key first and records its answer last (docs/adr/0009):
 * two statements more. The answer is shaped from the row the change read back, so it cannot be recorded sooner.
 */
const KEYED_EXTRA = 2

const NEW_REQUEST = {
  category: 'bicycle_maintenance',
  description: 'Chain came off',
  latitude: 60.1699,
  longitude: 24.9384,
  isApproximate: 0,
}

interface Cost {
  change: string
  trips: number
  statements: string[]
}

/** The round trips of the one transaction `call` makes on the request path. */
async function costOf(
  proxy: RoundTripProxy,
  change: string,
  call: () => Promise<{ status: number }>,
  status: number,
): Promise<Cost> {
  proxy.mark()
  const answer = await call()
  if (answer.status !== status) throw new Error(`${change}: answered ${answer.status}, not ${status}`)
  const trips = transactionTrips(proxy.since())
  return {
    change,
    trips: trips.length,
    statements: trips.map((trip) => trip.statements.join(' ; ').replace(/\s+/g, ' ').trim().slice(0, 120)),
  }
}

t.test('each change costs at most 4 round trips, begin and commit included', async (t) => {
  const proxy = await startRoundTripProxy(await createTestDatabase(t))
  t.teardown(() => proxy.close())
  // No worker: its passes run on other connections, and this test counts the request's own transaction.
  const app: FastifyInstance = await buildTestApp(
    t,
    { DATABASE_URL: proxy.url, ALERT_FIRST_WAVE: 5, ALERT_MAX_RECIPIENTS: 50 },
    { pushWorker: { worker: false } },
  )
  const origin = 'https://push.example'
  // Alerted helpers, so that a take-over, a completion and a deletion have someone to stand down.
  for (let km = 1; km <= 3; km++) await placeUser(app.sql, origin, { at: away(HELSINKI, km, 90), radius: 20 })
  const owner = await signedIn(app, 'Owner')
  const helpers: Actor[] = []
  for (const name of ['Aino', 'Bertta', 'Cecilia']) {
    const helper = await signedIn(app, name)
    await placeUser(app.sql, origin, { at: HELSINKI, subscribed: false })
    await app.sql`
      insert into push_subscriptions (endpoint, user_id, p256dh, auth)
      values (${`${origin}/${name}`}, ${helper.user.user.user_id}, 'p256dh', 'auth')
    `
    helpers.push(helper)
  }
  await app.sql`
    insert into push_subscriptions (endpoint, user_id, p256dh, auth)
    values (${`${origin}/owner`}, ${owner.user.user.user_id}, 'p256dh', 'auth')
  `
  const waves = { firstWave: 5, escalateAfter: 3600, maxRecipients: 50 }
  const [aino, bertta, cecilia] = helpers as [Actor, Actor, Actor]

  const costs: Cost[] = []
  const count = async (change: string, call: () => Promise<{ status: number }>, status = 200) =>
    costs.push(await costOf(proxy, change, call, status))

  let id = 0
  await count(
    'create',
    async () => {
      const created = await owner.create()
      id = created.body.request_id
      return created
    },
    201,
  )
  await runDueWaves(app.sql, waves)
  await count('take-over', () => aino.send('PUT', `/api/requests/${id}/addresponder`))
  await count('message', () => aino.send('POST', `/api/requests/${id}/messages`, { text: 'On my way' }), 201)
  await count('edit description', () => owner.send('PUT', `/api/requests/${id}`, { description: 'Flat tyre, km 3' }))
  await count('move location', () =>
    owner.send('PUT', `/api/requests/${id}/location`, { latitude: 60.18, longitude: 24.95, isApproximate: 0 }),
  )
  // Aino is near: the request she lets go shows her the owner's number by reach, recorded in the release.
  t.equal((await aino.send('PUT', '/api/user/location', HELSINKI)).status, 200)
  let released: { status: number; body: { phone?: unknown } } | undefined
  await count('release', async () => {
    released = await aino.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })
    return released
  })
  t.equal(released!.body.phone, owner.user.user.phone, 'the release revealed the number by reach')
  t.equal((await bertta.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  await count('removal', () => owner.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'owner' }))
  t.equal((await cecilia.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  await count('ready', () => owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 }))
  await count('thank-you', () => owner.send('POST', `/api/requests/${id}/thanks`, { text: 'Thank you!' }), 201)
  const doomed = (await owner.create({ description: 'Never mind' })).body.request_id
  await count('deletion', () => owner.send('DELETE', `/api/requests/${doomed}`), 204)

  // The same creating calls with a key (the outbox sends every one with its key).
  const keyedCosts: Cost[] = []
  const keyed = (actor: Actor, url: string, payload: object, key: string) => async () => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(actor.user.token), 'idempotency-key': key },
      payload,
    })
    return { status: response.statusCode, body: response.json<{ request_id: number }>() }
  }
  let second = 0
  keyedCosts.push(
    await costOf(
      proxy,
      'create with a key',
      async () => {
        const created = await keyed(owner, '/api/requests', NEW_REQUEST, 'create-1')()
        second = created.body.request_id
        return created
      },
      201,
    ),
  )
  t.equal((await bertta.send('PUT', `/api/requests/${second}/addresponder`)).status, 200)
  keyedCosts.push(
    await costOf(
      proxy,
      'message with a key',
      keyed(bertta, `/api/requests/${second}/messages`, { text: 'Hi' }, 'm-1'),
      201,
    ),
  )
  t.equal((await owner.send('PUT', `/api/requests/${second}/setready`, { gotHelp: 1 })).status, 200)
  keyedCosts.push(
    await costOf(
      proxy,
      'thank-you with a key',
      keyed(owner, `/api/requests/${second}/thanks`, { text: 'Kiitos' }, 't-1'),
      201,
    ),
  )

  for (const { change, trips, statements } of costs) {
    t.comment(`${change}: ${trips} round trips`)
    t.ok(trips <= MOST_ROUND_TRIPS, `${change} costs ${trips} round trips`, { statements })
  }
  for (const { change, trips, statements } of keyedCosts) {
    t.comment(`${change}: ${trips} round trips`)
    t.ok(trips <= MOST_ROUND_TRIPS + KEYED_EXTRA, `${change} costs ${trips} round trips`, { statements })
  }
})
