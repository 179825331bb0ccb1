import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { bearer } from '../../accounts.ts'
import { type Json } from '../../requests.ts'
import { openEvents, type ServerEvent } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'
import { distanceKm, type Point } from '../../../server/domain/shared/distance.ts'

const REQUEST_AT = { latitude: 60.1699, longitude: 24.9384 }
/*
 * Two helper positions in one cell of the 1 km grid (docs/requests.md, "The helper's distance"): exactly, the first
 * is 3.1 km from the request and the second 4.5 km, so a figure from the exact position would say 3 and 4; from the
 * cell's centre (60.20, 24.9711) both say 4.
 */
const NEAR_IN_CELL = { latitude: 60.1955, longitude: 24.962 }
const FAR_IN_CELL = { latitude: 60.2045, longitude: 24.98 }

/** The grid as the docs describe it, written out independently of the server's SQL. */
function snapped(point: Point): Point {
  const latitude = Math.round(point.latitude * 100) / 100
  const width = 0.01 / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01)
  return { latitude, longitude: Math.round(point.longitude / width) * width }
}

t.test('the owner alone learns how far the helper was, in whole kilometres from a 1 km grid', async (t) => {
  const app = await buildTestApp(t, { DATA_DIR: tempDir(t) })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const owner = await signedIn(app, 'Owner')
  const helper = await signedIn(app, 'Helper')
  const neighbour = await signedIn(app, 'Neighbour')
  const admin = await signedIn(app, 'Admin', true)
  for (const who of [owner, neighbour, admin]) await who.send('PUT', '/api/user/location', REQUEST_AT)
  await helper.send('PUT', '/api/user/location', NEAR_IN_CELL)
  t.equal(Math.round(distanceKm(NEAR_IN_CELL, REQUEST_AT)), 3, 'the exact position would say 3')
  t.equal(Math.round(distanceKm(FAR_IN_CELL, REQUEST_AT)), 4, 'the other corner of the cell would say 4')
  t.same(snapped(NEAR_IN_CELL), snapped(FAR_IN_CELL), 'both are in one cell')
  const expected = Math.round(distanceKm(snapped(NEAR_IN_CELL), REQUEST_AT))
  t.equal(expected, 4, "the cell's centre says 4")

  const id = (await owner.create(REQUEST_AT)).body.request_id
  t.equal((await owner.get(`/api/requests/${id}`)).body.responder_distance_km, null, 'no helper, no distance')
  const token = (await owner.send<{ token: string }>('POST', `/api/requests/${id}/share`)).body.token
  const sharedDistance = async () =>
    (await app.inject({ url: `/api/shared/${token}`, remoteAddress: '10.9.9.9' })).json<{
      helper: { distance_km: number | null } | null
    }>().helper?.distance_km
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
  t.equal(await sharedDistance(), expected, 'the share page says the same')
  t.same(await seen(helper), { detail: null, list: null }, 'not the helper (they know where they are)')
  t.same(await seen(neighbour), { detail: null, list: null }, 'not a neighbour')
  t.same(await seen(admin), { detail: null, list: null }, 'not an admin')

  // The probe: the owner moves the request along a bearing and reads where the figure flips. It never does.
  const move = (latitude: number) =>
    owner.send('PUT', `/api/requests/${id}/location`, { latitude, longitude: REQUEST_AT.longitude, isApproximate: 0 })
  for (const latitude of [60.18, 60.19, 60.2]) {
    // The move limit is the next test's; here its time is moved with SQL rather than waited for.
    await app.sql`update requests set location_moved_at = null where request_id = ${id}`
    t.equal((await move(latitude)).status, 200)
    t.same(await seen(owner), { detail: expected, list: expected }, `moved to ${latitude}: the figure is kept`)
    t.equal(await sharedDistance(), expected, `moved to ${latitude}: the share page too`)
  }
  // Nor does the helper's own next report change it.
  await app.sql`update users set latitude = ${FAR_IN_CELL.latitude + 1}, longitude = ${FAR_IN_CELL.longitude}
    where user_id = ${helper.user.user.user_id}`
  t.equal((await owner.get(`/api/requests/${id}`)).body.responder_distance_km, expected, 'a later report: kept')

  t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)
  t.equal((await owner.get(`/api/requests/${id}`)).body.responder_distance_km, null, 'completed: none')
})

t.test('a helper with no known location gives no distance; a release forgets it', async (t) => {
  const app = await buildTestApp(t, { DATA_DIR: tempDir(t) })
  const owner = await signedIn(app, 'Owner')
  const helper = await signedIn(app, 'Helper')
  const other = await signedIn(app, 'Other')
  await app.sql`update users set latitude = null, longitude = null where user_id = ${helper.user.user.user_id}`
  // At a cell's centre, so that a helper 330 m north of it is in the same cell.
  const centre = snapped({ latitude: 60.17, longitude: 24.95 })
  const id = (await owner.create(centre)).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  t.equal((await owner.get(`/api/requests/${id}`)).body.responder_distance_km, null, 'helper location unknown')
  t.equal((await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
  const [row] = await app.sql<{ responder_distance_km: number | null }[]>`
    select responder_distance_km from requests where request_id = ${id}`
  t.equal(row!.responder_distance_km, null, 'released: none kept')
  await other.send('PUT', '/api/user/location', { latitude: centre.latitude + 0.003, longitude: centre.longitude })
  t.equal((await other.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  t.equal(
    (await owner.get(`/api/requests/${id}`)).body.responder_distance_km,
    0,
    '330 m away in the same cell: 0, which the app reads as under a kilometre',
  )
  const nowhere = (await owner.create({ latitude: null, longitude: null })).body.request_id
  t.equal((await other.send('PUT', `/api/requests/${nowhere}/addresponder`)).status, 200)
  t.equal((await owner.get(`/api/requests/${nowhere}`)).body.responder_distance_km, null, 'no request location: none')
})

t.test('a request moves at most once per 10 s: parallel moves let exactly one through', async (t) => {
  const app = await buildTestApp(t, { DATA_DIR: tempDir(t) })
  const owner = await signedIn(app, 'Owner')
  const id = (await owner.create(REQUEST_AT)).body.request_id
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      app.inject({
        method: 'PUT',
        url: `/api/requests/${id}/location`,
        headers: bearer(owner.user.token),
        payload: { latitude: 60.17 + i / 1000, longitude: 24.94, isApproximate: 0 },
      }),
    ),
  )
  const statuses = answers.map((answer) => answer.statusCode).sort()
  t.same(statuses, [200, ...Array<number>(11).fill(429)], 'one move, eleven refusals')
  for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
    t.equal(refused.json<{ message: string }>().message, 'A request can be moved once every 10 seconds.')
    const wait = Number(refused.headers['retry-after'])
    t.ok(wait >= 1 && wait <= 10, `Retry-After ${wait} s`)
  }
  // Once the interval is over (moved back with SQL, not waited for), the next move passes.
  await app.sql`update requests set location_moved_at = now() - interval '11 seconds' where request_id = ${id}`
  t.equal((await owner.send('PUT', `/api/requests/${id}/location`, { ...REQUEST_AT, isApproximate: 0 })).status, 200)
  t.equal((await owner.send('PUT', `/api/requests/${id}/location`, { ...REQUEST_AT, isApproximate: 0 })).status, 429)
})
