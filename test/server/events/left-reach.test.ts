import t from 'tap'
import { leftReach } from '../../../server/events/left-reach.ts'
import type { ChangedRequest, Listener } from '../../../server/events/recipients.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { openEvents } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const TAMPERE = { latitude: 61.4978, longitude: 23.761 }
const NOWHERE = { latitude: null, longitude: null }

t.test('who loses a request that moved: those it reached before and not now', async (t) => {
  const movedTo: ChangedRequest = { owner_id: 1, responder_id: 2, is_test: false, ...TAMPERE }
  const listener = (changes: Partial<Listener>): Listener => ({
    user_id: 9,
    is_admin: false,
    blocked_either_way: [],
    radius: 10,
    ...HELSINKI,
    ...changes,
  })
  t.ok(leftReach(movedTo, listener({}), HELSINKI), 'a neighbour of the old place')
  t.ok(leftReach(movedTo, listener({}), NOWHERE), 'anyone, when it had no location before')
  t.notOk(leftReach(movedTo, listener({ ...TAMPERE }), HELSINKI), 'not a neighbour of the new place')
  t.notOk(leftReach(movedTo, listener({ radius: 200 }), HELSINKI), 'not one whose radius covers both')
  t.notOk(leftReach(movedTo, listener({ ...NOWHERE }), HELSINKI), 'not one who shares no location: sees all')
  t.notOk(leftReach(movedTo, listener({ user_id: 1 }), HELSINKI), 'not the owner')
  t.notOk(leftReach(movedTo, listener({ user_id: 2 }), HELSINKI), 'not the helper')
  t.notOk(leftReach(movedTo, listener({ is_admin: true }), HELSINKI), 'not an admin')
  t.notOk(leftReach({ ...movedTo, ...NOWHERE }, listener({}), HELSINKI), 'not when it now has no location')
})

t.test('a request moved out of reach is hidden from those it left, live', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const placed = async (name: string, where: typeof HELSINKI) => {
    const who = await signedIn(app, name)
    await who.send('PUT', '/api/user/location', where)
    await who.send('PUT', '/api/user/radius', { radius: 10 })
    return who
  }
  const owner = await placed('Owner', HELSINKI)
  const neighbour = await placed('Neighbour', HELSINKI)
  const tampereNeighbour = await placed('Tampere Friend', TAMPERE)
  const [inHelsinki, inTampere] = await Promise.all(
    [neighbour, tampereNeighbour].map((who) => openEvents(base, who.user.token)),
  )
  t.teardown(() => [inHelsinki!, inTampere!].forEach((client) => client.close()))

  const id = (await owner.create(HELSINKI)).body.request_id
  await inHelsinki!.next((event) => event.type === 'request.upserted' && event.request?.request_id === id)
  t.equal((await owner.send('PUT', `/api/requests/${id}/location`, { ...TAMPERE, isApproximate: 0 })).status, 200)
  await inHelsinki!.next((event) => event.type === 'request.hidden' && event.request_id === id)
  t.pass('the Helsinki neighbour it left is told to drop it')
  await inTampere!.next((event) => event.type === 'request.upserted' && event.request?.request_id === id)
  t.notOk(
    inTampere!.events.some((event) => event.type === 'request.hidden'),
    'the Tampere neighbour it reaches now gets it, not a hide',
  )
})
