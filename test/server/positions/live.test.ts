import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { twoInstances } from '../../helper.ts'
import { openEvents, receivedBeforeMarker, type EventClient, type ServerEvent } from '../../event-client.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'
import { currentPosition } from '../../../server/domain/requests/position.ts'
import { positionEvent } from '../../../server/events/position-delivery.ts'

type PositionEvent = ServerEvent & { position?: { latitude: number; longitude: number; at: string } | null }

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

/**
 * Two instances on one PostgreSQL: the helper shares on A, the owner's socket on B hears it; the helper's own, a
 * stranger's and an admin's sockets never do. Stopping and the end of the response are told as null.
 */
t.test('the helper position live across instances, to the owner only', async (t) => {
  const { a, b } = await twoInstances(t)
  const baseB = await listen(b)
  const [owner, helper, stranger, admin] = await Promise.all([
    signedIn(a, 'Owner'),
    signedIn(a, 'Helper'),
    signedIn(a, 'Stranger'),
    signedIn(a, 'Admin', true),
  ])
  const sockets: EventClient[] = []
  t.teardown(() => sockets.forEach((socket) => socket.close()))
  const connect = async (who: Actor) => {
    const socket = await openEvents(baseB, who.user.token)
    sockets.push(socket)
    return socket
  }
  const [ownerEvents, helperEvents, strangerEvents, adminEvents] = [
    await connect(owner),
    await connect(helper),
    await connect(stranger),
    await connect(admin),
  ]
  const id = (await owner.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  const url = `/api/requests/${id}/responder-position`
  const isPosition = (match: (e: PositionEvent) => boolean) => (e: PositionEvent) =>
    e.type === 'responder.position' && e.request_id === id && match(e)
  const age = async () =>
    a.sql`update responder_positions set shared_at = now() - interval '6 seconds' where request_id = ${id}`

  t.test('shared on A, the owner hears it on B; the helper, a stranger and an admin do not', async (t) => {
    const started = performance.now()
    const shared = await helper.send<{ at: string }>('PUT', url, { latitude: 60.17, longitude: 24.94 })
    t.equal(shared.status, 200)
    const event = (await ownerEvents.next(isPosition((e) => e.position?.latitude === 60.17))) as PositionEvent
    t.comment(`position on A to event on B: ${(performance.now() - started).toFixed(1)} ms`)
    t.same(event.position, { latitude: 60.17, longitude: 24.94, at: shared.body.at })
    const anyPosition = (e: ServerEvent) => e.type === 'responder.position'
    const marker = (who: Actor) => async () => {
      const own = (await who.create({ description: 'Marker' })).body.request_id
      return (e: ServerEvent) => e.request?.request_id === own
    }
    t.notOk(await receivedBeforeMarker(strangerEvents, anyPosition, marker(stranger)), 'not a stranger')
    t.notOk(await receivedBeforeMarker(adminEvents, anyPosition, marker(admin)), 'not an admin')
    t.notOk(await receivedBeforeMarker(helperEvents, anyPosition, marker(helper)), 'not the helper themselves')
  })

  t.test('the helper moves: the owner hears the new position', async (t) => {
    await age()
    t.equal((await helper.send('PUT', url, { latitude: 60.18, longitude: 24.95 })).status, 200)
    await ownerEvents.next(isPosition((e) => e.position?.latitude === 60.18))
    t.pass()
  })

  t.test('a position read later carries the time it was taken, so the owner can tell it is old', async (t) => {
    await a.sql`update responder_positions set shared_at = now() - interval '3 minutes' where request_id = ${id}`
    const [stored] = await a.sql<{ shared_at: Date; age: number }[]>`
      select shared_at, extract(epoch from now() - shared_at)::float8 as age
      from responder_positions where request_id = ${id}
    `
    t.ok(stored && stored.age >= 180, 'made 3 minutes old')
    const read = await owner.get(url)
    t.equal(read.status, 200)
    t.equal(read.body.at, stored!.shared_at.toISOString(), 'the answer: the time it was taken, not read')
    // What an instance without the row in hand tells the owner (deliverPosition reads the current one).
    const row = await currentPosition(b.sql, id)
    t.match(positionEvent(row!), { position: { latitude: 60.18, at: stored!.shared_at.toISOString() } })
  })

  t.test('stopping is told as null', async (t) => {
    t.equal((await helper.send('DELETE', url)).status, 204)
    await ownerEvents.next(isPosition((e) => e.position === null))
    t.pass()
  })

  t.test('the response ending is told as null too', async (t) => {
    await age()
    t.equal((await helper.send('PUT', url, { latitude: 60.19, longitude: 24.96 })).status, 200)
    await ownerEvents.next(isPosition((e) => e.position?.latitude === 60.19))
    const nulls = () => ownerEvents.events.filter(isPosition((e) => e.position === null)).length
    const before = nulls()
    t.equal((await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
    await ownerEvents.next(() => nulls() > before)
    t.pass()
  })
})
