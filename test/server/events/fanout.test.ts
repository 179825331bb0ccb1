import t from 'tap'
import postgres from 'postgres'
import type { FastifyInstance } from 'fastify'
import { requestForEvent } from '../../../server/domain/requests/requests.ts'
import { CHANNEL, messageOf, type BusMessage } from '../../../server/events/bus.ts'
import { buildTestApp, createTestDatabase, tempDir } from '../../helper.ts'
import { type Actor } from '../../requests.ts'
import { openEvents, receivedBeforeMarker, type EventClient, type ServerEvent } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const TAMPERE = { latitude: 61.4978, longitude: 23.761 }
const about = (id: unknown) => (event: ServerEvent) => event.request?.request_id === id

/** One change may crash the process right after its commit: nothing after the commit runs for it. */
let crashAfterNextCommit = false
const afterCommit = () => {
  if (!crashAfterNextCommit) return
  crashAfterNextCommit = false
  throw new Error('the process died right after the commit')
}

t.test('fan-out on one instance', async (t) => {
  const dataDir = tempDir(t)
  const databaseUrl = await createTestDatabase(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }, { events: { afterCommit } })
  const base = await listen(app)
  const clients: EventClient[] = []
  t.teardown(() => clients.forEach((client) => client.close()))
  const connect = async (who: Actor) => {
    const client = await openEvents(base, who.user.token)
    clients.push(client)
    return client
  }
  const placed = async (name: string, where: typeof HELSINKI, radius = 10) => {
    const who = await signedIn(app, name)
    await who.send('PUT', '/api/user/location', where)
    await who.send('PUT', '/api/user/radius', { radius })
    return who
  }
  const owner = await placed('Owner', HELSINKI)
  const helper = await placed('Helper', TAMPERE)
  const neighbour = await placed('Neighbour', HELSINKI)
  const otherNeighbour = await placed('Other Neighbour', HELSINKI)
  const admin = await placed('Admin', TAMPERE)
  await app.sql`update users set is_admin = true where user_id = ${admin.user.user.user_id}`
  const [ownerPhone, ownerLaptop, helperEvents, neighbourEvents, otherEvents, adminEvents] = [
    await connect(owner),
    await connect(owner),
    await connect(helper),
    await connect(neighbour),
    await connect(otherNeighbour),
    await connect(admin),
  ]
  const id = (await owner.create({ ...HELSINKI, description: 'Flat tyre' })).body.request_id
  await helper.send('PUT', `/api/requests/${id}/addresponder`)
  await adminEvents.next((e) => about(id)(e) && e.request?.status === 'in progress')

  t.test('each audience is shaped and serialised once, and every recipient gets its own shape', async (t) => {
    const row = await requestForEvent(app.sql, id)
    const everyone = [ownerPhone, ownerLaptop, helperEvents, neighbourEvents, otherEvents, adminEvents]
    const before = new Map(everyone.map((client) => [client, client.events.filter(about(id)).length]))
    const stringify = JSON.stringify
    let serialised = 0
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      serialised++
      return stringify(...args)
    }) as typeof JSON.stringify
    try {
      app.events.hub.deliverRow({ type: 'request', requestId: id, previousHelperId: null }, row)
    } finally {
      JSON.stringify = stringify
    }
    t.equal(serialised, 4, 'four audiences (owner, helper, admin, everyone else): four payloads for six sockets')
    const seen = async (client: EventClient) => {
      await client.next(() => client.events.filter(about(id)).length > before.get(client)!)
      return client.events.filter(about(id)).at(-1)!.request!
    }
    for (const phone of [await seen(ownerPhone), await seen(ownerLaptop)])
      t.match(phone, { isOwnRequest: true, views: 0, responder_phone: /^\+358/ }, "the owner's devices")
    t.match(await seen(helperEvents), { isOwnRequest: false, views: null, phone: /^\+358/ }, 'the helper')
    t.match(await seen(adminEvents), { views: 0, phone: null }, 'an admin: the count, no phones in a list')
    for (const other of [await seen(neighbourEvents), await seen(otherEvents)])
      t.match(other, { views: null, phone: null, responder_phone: null }, 'everyone else')
  })

  t.test('a counted view reaches only the owner and admins; a repeated one nobody', async (t) => {
    const bystanders = [helperEvents, otherEvents, neighbourEvents]
    const start = new Map(bystanders.map((client) => [client, client.events.length]))
    const viewed = await neighbour.send('PUT', `/api/requests/${id}/add-view`)
    t.equal(viewed.status, 200)
    const counted = (e: ServerEvent) => about(id)(e) && e.request?.views === 1
    await ownerPhone.next(counted)
    await ownerLaptop.next(counted)
    await adminEvents.next(counted)
    const before = ownerPhone.events.length
    const again = await neighbour.send('PUT', `/api/requests/${id}/add-view`)
    t.equal(again.status, 200, 'a second view by the same user is answered')
    // Nobody else: a change of a request of theirs is the marker each of them does receive.
    const marker = (who: Actor) => async () => {
      const own = (await who.create({ ...HELSINKI, description: 'Marker' })).body.request_id
      return about(own)
    }
    const viewEvent = (client: EventClient) => (e: ServerEvent) =>
      about(id)(e) && client.events.indexOf(e) >= start.get(client)!
    t.notOk(await receivedBeforeMarker(helperEvents, viewEvent(helperEvents), marker(helper)), 'not the helper')
    t.notOk(await receivedBeforeMarker(otherEvents, viewEvent(otherEvents), marker(otherNeighbour)), 'not a neighbour')
    t.notOk(
      await receivedBeforeMarker(neighbourEvents, viewEvent(neighbourEvents), marker(neighbour)),
      'not the viewer',
    )
    t.notOk(
      ownerPhone.events.slice(before).some((e) => about(id)(e)),
      'the repeated view changed nothing: no event, not even to the owner',
    )
  })

  t.test('an event is not lost when the process dies right after the commit', async (t) => {
    const elsewhere = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    t.teardown(() => elsewhere.end())
    const heard: BusMessage[] = []
    await elsewhere.listen(CHANNEL, (payload) => heard.push(messageOf(payload)))
    crashAfterNextCommit = true
    const edited = await owner.send('PUT', `/api/requests/${id}`, { description: 'Flat tyre, pump needed' })
    t.equal(edited.status, 500, 'the change committed, then the process "died" before anything else')
    const [row] = await app.sql`select description from requests where request_id = ${id}`
    t.equal(row!.description, 'Flat tyre, pump needed', 'committed')
    // Had the NOTIFY not gone out with the commit, nothing would ever come: the file's timeout ends the wait.
    await waitUntil(() => heard.some((m) => m.type === 'request' && m.requestId === id))
    t.pass('another instance heard of it: the NOTIFY went out with the commit')
  })
})
