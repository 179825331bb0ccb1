import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, createTestDatabase, tempDir, twoInstances } from '../../helper.ts'
import { type Actor } from '../../requests.ts'
import { openEvents, receivedBeforeMarker, type EventClient, type ServerEvent } from '../../event-client.ts'
import { proxiedDatabase } from '../../tcp-proxy.ts'
import { signedIn } from '../../signed-in.ts'

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const TAMPERE = { latitude: 61.4978, longitude: 23.761 }

const about = (id: unknown) => (event: ServerEvent) =>
  (event.type === 'request.upserted' && event.request?.request_id === id) ||
  (event.type === 'request.deleted' && event.request_id === id)

t.test('the event stream', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const base = await listen(app)
  const clients: EventClient[] = []
  t.teardown(() => clients.forEach((c) => c.close()))
  const connect = async (who: Actor) => {
    const client = await openEvents(base, who.user.token)
    clients.push(client)
    return client
  }
  const placed = async (name: string, where: { latitude: number; longitude: number } | null, radius = 10) => {
    const who = await signedIn(app, name)
    if (where) await who.send('PUT', '/api/user/location', where)
    else await app.sql`update users set latitude = null, longitude = null where user_id = ${who.user.user.user_id}`
    await who.send('PUT', '/api/user/radius', { radius })
    return who
  }

  t.test('an unauthenticated socket is closed with 4401', async (t) => {
    const garbage = await openEvents(base, undefined)
    garbage.socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }))
    t.equal((await garbage.closed).code, 4401)
    const silent = await openEvents(base, undefined)
    const started = Date.now()
    t.equal((await silent.closed).code, 4401, 'a silent one too, after 5 s')
    t.ok(Date.now() - started >= 4500)
  })

  t.test('radius filtering with real clients', async (t) => {
    const owner = await placed('Owner Far', TAMPERE)
    const near = await placed('Near', HELSINKI, 5)
    const far = await placed('Far', TAMPERE, 10)
    const nowhere = await placed('Nowhere', null)
    const admin = await placed('Admin Far', TAMPERE)
    await app.sql`update users set is_admin = true where user_id = ${admin.user.user.user_id}`
    const ownerEvents = await connect(owner)
    const nearEvents = await connect(near)
    const farEvents = await connect(far)
    const nowhereEvents = await connect(nowhere)
    const adminEvents = await connect(admin)

    const created = await owner.create({ ...HELSINKI, description: 'Chain broke' })
    const id = created.body.request_id
    const seen = await nearEvents.next(about(id))
    t.match(
      seen.request,
      { request_id: id, status: 'new', isOwnRequest: false, views: null },
      'shaped for that recipient',
    )
    t.match((await ownerEvents.next(about(id))).request, { isOwnRequest: true, views: 0 }, 'the owner, 160 km away')
    await nowhereEvents.next(about(id))
    await adminEvents.next(about(id))
    // The others heard of it, so it was sent to everyone it was for; far's own new request is the marker.
    const farMarker = async () => about((await far.create({ ...TAMPERE, description: 'Marker' })).body.request_id)
    t.notOk(await receivedBeforeMarker(farEvents, about(id), farMarker), 'not someone 160 km away with a 10 km radius')

    const helper = await placed('Helper Far', TAMPERE)
    const helperEvents = await connect(helper)
    await helper.send('PUT', `/api/requests/${id}/addresponder`)
    t.match((await helperEvents.next(about(id))).request, { status: 'in progress' }, 'the helper, though far')
    await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })
    const released = await helperEvents.next((e) => about(id)(e) && e.request?.status === 'new')
    t.equal((released as { removedBy?: string }).removedBy, 'responder', 'the previous helper hears of the release')

    // Reports are spaced at least 10 s (docs/security.md, "Phone numbers by reach"): the last one as if made a minute ago.
    await app.sql`
      update users set location_reported_at = location_reported_at - interval '1 minute'
      where user_id = ${far.user.user.user_id}
    `
    t.equal((await far.send('PUT', '/api/user/location', HELSINKI)).status, 200)
    await owner.send('PUT', `/api/requests/${id}`, { description: 'Chain broke, have a tool?' })
    t.match(
      (await farEvents.next(about(id))).request,
      { description: 'Chain broke, have a tool?' },
      'after moving nearby',
    )

    await owner.send('DELETE', `/api/requests/${id}`)
    t.same(await nearEvents.next((e) => e.type === 'request.deleted'), { type: 'request.deleted', request_id: id })
  })

  t.test('test requests reach admins only', async (t) => {
    const admin = await placed('Test Admin', HELSINKI)
    const otherAdmin = await placed('Other Admin', TAMPERE)
    await app.sql`update users set is_admin = true where user_id in (${admin.user.user.user_id}, ${otherAdmin.user.user.user_id})`
    const neighbourEvents = await connect(await placed('Neighbour', HELSINKI, 50))
    const otherAdminEvents = await connect(otherAdmin)
    const created = await admin.create({ isTest: 1, ...HELSINKI, description: 'Testi' })
    await otherAdminEvents.next(about(created.body.request_id))
    // A real request next door is the marker the neighbour does hear.
    const marker = async () => about((await admin.create({ ...HELSINKI, description: 'Marker' })).body.request_id)
    t.notOk(
      await receivedBeforeMarker(neighbourEvents, about(created.body.request_id), marker),
      'the neighbour hears nothing',
    )
  })
})

t.test('two instances on one PostgreSQL: changes on A reach a client on B within a second', async (t) => {
  const { a, b } = await twoInstances(t)
  const baseB = await listen(b)
  const owner = await signedIn(a, 'On A')
  const watcher = await signedIn(a, 'Watching B')
  const helper = await signedIn(a, 'Helper A')
  const events = await openEvents(baseB, watcher.user.token)
  t.teardown(() => events.close())

  const timings: number[] = []
  const timed = async (change: () => Promise<unknown>, match: (e: ServerEvent) => boolean) => {
    const started = performance.now()
    await change()
    await events.next(match)
    timings.push(performance.now() - started)
  }
  let id: number | undefined
  await timed(
    async () => (id = (await owner.create()).body.request_id),
    (e) => e.type === 'request.upserted',
  )
  await timed(
    () => helper.send('PUT', `/api/requests/${id}/addresponder`),
    (e) => e.request?.status === 'in progress',
  )
  await timed(
    () => owner.send('DELETE', `/api/requests/${id}`),
    (e) => e.type === 'request.deleted',
  )
  t.equal(timings.length, 3, 'created, taken over and deleted all arrived')
  t.comment(
    `delivery across instances (change on A to event on B): ${timings.map((ms) => ms.toFixed(1)).join(', ')} ms`,
  )
})

t.test('after the LISTEN connection drops and returns, clients are told to refetch', async (t) => {
  const { proxy, url: viaProxy } = await proxiedDatabase(t, await createTestDatabase(t))
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATABASE_URL: viaProxy, DATA_DIR: dataDir })
  const base = await listen(app)
  const someone = await signedIn(app, 'Reconnecting')
  const events = await openEvents(base, someone.user.token)
  t.teardown(() => events.close())

  // The cut closes the server's LISTEN connection however soon the proxy listens again: no pause is needed between.
  await proxy.cut()
  await proxy.restore()
  t.same(await events.next((e) => e.type === 'refetch'), { type: 'refetch' })
})
