import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { type Json } from '../../requests.ts'
import { openEvents, type ServerEvent } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'
import { distanceKm } from '../../../server/domain/shared/distance.ts'

const REQUEST_AT = { latitude: 60.1699, longitude: 24.9384 }
// About 3.6 km north-east of the request: the owner is told "4".
const HELPER_AT = { latitude: 60.195, longitude: 24.98 }

t.test('the owner alone learns how far the helper is, in whole kilometres', async (t) => {
  const app = await buildTestApp(t, { DATA_DIR: tempDir(t) })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const owner = await signedIn(app, 'Owner')
  const helper = await signedIn(app, 'Helper')
  const neighbour = await signedIn(app, 'Neighbour')
  const admin = await signedIn(app, 'Admin', true)
  for (const who of [owner, neighbour, admin]) await who.send('PUT', '/api/user/location', REQUEST_AT)
  await helper.send('PUT', '/api/user/location', HELPER_AT)
  const expected = Math.round(distanceKm(HELPER_AT, REQUEST_AT))
  t.equal(expected, 4, 'the fixture is about 4 km apart')

  const id = (await owner.create(REQUEST_AT)).body.request_id
  t.equal((await owner.get(`/api/requests/${id}`)).body.responder_distance_km, null, 'no helper, no distance')
  const ownerEvents = await openEvents(base, owner.user.token)
  const neighbourEvents = await openEvents(base, neighbour.user.token)
  t.teardown(() => [ownerEvents, neighbourEvents].forEach((socket) => socket.close()))

  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  const taken = (event: ServerEvent) => event.type === 'request.upserted' && event.request?.status === 'in progress'
  const live = (await ownerEvents.next(taken)) as { request: Json }
  t.equal(live.request.responder_distance_km, expected, 'the owner hears it live with the take-over')
  t.equal(
    ((await neighbourEvents.next(taken)) as { request: Json }).request.responder_distance_km,
    null,
    'a neighbour does not',
  )
  const seen = async (who: typeof owner) => ({
    detail: (await who.get(`/api/requests/${id}`)).body.responder_distance_km,
    list: (await who.get('/api/requests?all=1')).body.find((r: Json) => r.request_id === id)?.responder_distance_km,
  })
  t.same(await seen(owner), { detail: expected, list: expected }, 'the owner: in the detail and the list')
  t.same(await seen(helper), { detail: null, list: null }, 'not the helper (they know where they are)')
  t.same(await seen(neighbour), { detail: null, list: null }, 'not a neighbour')
  t.same(await seen(admin), { detail: null, list: null }, 'not an admin')

  // A helper with no known location gives no distance, rather than a made-up one.
  await app.sql`update users set latitude = null, longitude = null where user_id = ${helper.user.user.user_id}`
  t.equal((await owner.get(`/api/requests/${id}`)).body.responder_distance_km, null, 'helper location unknown')
  await app.sql`update users set latitude = ${REQUEST_AT.latitude + 0.003}, longitude = ${REQUEST_AT.longitude}
    where user_id = ${helper.user.user.user_id}`
  t.equal(
    (await owner.get(`/api/requests/${id}`)).body.responder_distance_km,
    0,
    'about 330 m: 0, which the app reads as under a kilometre',
  )

  t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)
  t.equal((await owner.get(`/api/requests/${id}`)).body.responder_distance_km, null, 'completed: none')
})
