import t from 'tap'
import { distanceKm } from '../../../server/domain/shared/distance.ts'
import { listNearby } from '../../../server/domain/requests/list.ts'
import type { RequestViewer } from '../../../server/domain/requests/requests.ts'
import { isRecipient } from '../../../server/events/recipients.ts'
import { buildTestApp } from '../../helper.ts'

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

t.test('the list in SQL picks exactly what the events rule (isRecipient: reach and blocks) picks', async (t) => {
  const app = await buildTestApp(t)
  const next = random(15)
  const [owner] = await app.sql<{ user_id: number }[]>`
    insert into users (user_name, phone, password_hash) values ('Owner', '+358401000001', 'x') returning user_id
  `
  const ownerId = owner!.user_id
  // Points all over Finland and beyond (999 km reaches Berlin), some without a location, some at the poles' side.
  const points = Array.from({ length: 400 }, (_, i) =>
    i % 25 === 0
      ? { latitude: null, longitude: null }
      : i % 40 === 1
        ? { latitude: -89 + next() * 178, longitude: -180 + next() * 360 }
        : { latitude: 50 + next() * 20, longitude: 10 + next() * 25 },
  )
  const viewers: RequestViewer[] = Array.from({ length: 60 }, (_, i) => ({
    user_id: 1_000_000 + i,
    is_admin: false,
    // Some have a block with the owner: both rules hide all of the owner's requests from them.
    blocked_either_way: i % 7 === 3 ? [ownerId] : i % 7 === 4 ? [ownerId + 1] : [],
    radius: i % 6 === 0 ? 999 : i % 6 === 1 ? 1 : 1 + Math.floor(next() * 300),
    ...(i % 10 === 9
      ? { latitude: null, longitude: null }
      : { latitude: 55 + next() * 12, longitude: 15 + next() * 20 }),
  }))
  // Right at the edge: a radius equal to the JS distance of a point, and one micrometre less.
  const located = points.filter((p) => p.latitude !== null) as { latitude: number; longitude: number }[]
  for (let i = 0; i < 20; i++) {
    const viewer = { latitude: 55 + next() * 12, longitude: 15 + next() * 20 }
    const distance = distanceKm(viewer, located[i]!)
    for (const radius of [distance, distance - 1e-9, distance + 1e-9]) {
      viewers.push({ user_id: 2_000_000 + viewers.length, is_admin: false, blocked_either_way: [], radius, ...viewer })
    }
  }
  const rows = await app.sql<{ request_id: number; latitude: number | null; longitude: number | null }[]>`
    insert into requests ${app.sql(
      points.map((p) => ({ owner_id: ownerId, category: 'other', description: 'x', ...p })),
    )}
    returning request_id, latitude, longitude
  `
  let compared = 0
  let within = 0
  for (const viewer of viewers) {
    const { rows: listed } = await listNearby(app.sql, viewer, 7, 'a-key')
    const inSql = new Set(listed.map((row) => row.request_id))
    for (const row of rows) {
      const expected = isRecipient({ owner_id: ownerId, responder_id: null, is_test: false, ...row }, viewer)
      if (inSql.has(row.request_id) !== expected) {
        t.fail(`viewer ${JSON.stringify(viewer)} and request at ${row.latitude},${row.longitude}: JS says ${expected}`)
      }
      compared += 1
      if (expected) within += 1
    }
  }
  t.equal(compared, viewers.length * rows.length)
  t.ok(within > 1000 && within < compared - 1000, `both sides of the edge were tried (${within} of ${compared} in)`)
})
