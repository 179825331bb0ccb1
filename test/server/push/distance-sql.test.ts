import t from 'tap'
import postgres from 'postgres'
import { distanceKm } from '../../../server/domain/shared/distance.ts'
import { isWithinRadius } from '../../../server/domain/requests/reach.ts'
import { createTestDatabase } from '../../helper.ts'

/** The waves apply the reach rule in SQL (migration 00009's distance_km): it must agree with the server's own. */
t.test('distance_km in the database is the distance of server/domain/shared/distance.ts', async (t) => {
  const sql = postgres(await createTestDatabase(t), { max: 1, onnotice: () => {} })
  t.teardown(() => sql.end())
  const random = (min: number, max: number) => min + Math.random() * (max - min)
  const pairs = [
    ...Array.from({ length: 300 }, () => [
      random(59.5, 70.1),
      random(19.5, 31.6),
      random(59.5, 70.1),
      random(19.5, 31.6),
    ]),
    ...Array.from({ length: 100 }, () => [random(-90, 90), random(-180, 180), random(-90, 90), random(-180, 180)]),
    [60.1699, 24.9384, 60.1699, 24.9384],
    [0, 0, 0, 180],
    [90, 0, -90, 0],
  ] as Array<[number, number, number, number]>
  const rows = await sql<{ km: number }[]>`
    select distance_km(a, b, c, d) as km
    from unnest(${pairs.map((p) => p[0])}::float8[], ${pairs.map((p) => p[1])}::float8[],
      ${pairs.map((p) => p[2])}::float8[], ${pairs.map((p) => p[3])}::float8[]) with ordinality as x (a, b, c, d, n)
    order by n
  `
  let worst = 0
  let disagreements = 0
  for (const [i, [lat1, lon1, lat2, lon2]] of pairs.entries()) {
    const expected = distanceKm({ latitude: lat1, longitude: lon1 }, { latitude: lat2, longitude: lon2 })
    worst = Math.max(worst, Math.abs(rows[i]!.km - expected))
    // The radius rule on whole kilometres, as users set it: both sides must say the same.
    const radius = Math.max(1, Math.round(expected))
    const inSql = rows[i]!.km <= radius
    const inNode = isWithinRadius({ latitude: lat1, longitude: lon1, radius }, { latitude: lat2, longitude: lon2 })
    if (inSql !== inNode) disagreements += 1
  }
  t.ok(worst < 1e-6, `the largest difference is ${worst} km`)
  t.equal(disagreements, 0, 'the reach rule gives the same answer in SQL and in Node')
})
