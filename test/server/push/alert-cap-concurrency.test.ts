import t from 'tap'
import postgres from 'postgres'
import { runDueWaves, type WaveSettings } from '../../../server/push/waves.ts'
import { buildTestApp, createTestDatabase } from '../../helper.ts'
import { away, HELSINKI, placeUser } from '../../push-helpers.ts'

const ORIGIN = 'https://push.invalid'
const HELPERS = 24
const REQUESTS = 40
const CONNECTIONS = 8
/** One wave per request, of 12: 480 alerts wanted of 24 helpers whose caps allow far fewer. */
const SETTINGS: WaveSettings = { firstWave: 12, escalateAfter: 300, maxRecipients: 12 }

t.test('many requests` waves at once, over separate connections, push nobody past their hourly cap', async (t) => {
  const databaseUrl = await createTestDatabase(t)
  const app = await buildTestApp(t, { DATABASE_URL: databaseUrl }, { pushWorker: { worker: false } })
  const owner = await placeUser(app.sql, ORIGIN, { at: null, subscribed: false })
  const caps = new Map<number, number>()
  for (let i = 0; i < HELPERS; i++) {
    const helper = await placeUser(app.sql, ORIGIN, { at: away(HELSINKI, 0.5 + i * 0.3, i * 37), radius: 50 })
    const cap = 1 + (i % 4)
    caps.set(helper.userId, cap)
    await app.sql`update users set hourly_alert_cap = ${cap} where user_id = ${helper.userId}`
  }
  // A few had alerts already this hour, and one a while ago that no longer counts.
  const [first, second] = [...caps.keys()]
  await app.sql`update push_alert_quota set recent = array[now() - interval '5 minutes'] where user_id = ${first!}`
  await app.sql`update push_alert_quota set recent = array[now() - interval '2 hours'] where user_id = ${second!}`
  await app.sql`
    insert into requests (owner_id, category, description, latitude, longitude)
    select ${owner.userId}, 'other', 'Parallel ' || g, ${HELSINKI.latitude}, ${HELSINKI.longitude}
    from generate_series(1, ${REQUESTS}::int) g`
  await app.sql`insert into push_waves (request_id) select request_id from requests`

  // Each connection is an instance's worker: all take due waves (SKIP LOCKED) and run them at the same moment.
  const workers = Array.from({ length: CONNECTIONS }, () => postgres(databaseUrl, { max: 1, onnotice: () => {} }))
  t.teardown(() => Promise.all(workers.map((sql) => sql.end())))
  await Promise.all(workers.map((sql) => sql`select 1`))
  const errors: unknown[] = []
  const queued = await Promise.all(workers.map((sql) => runDueWaves(sql, SETTINGS, (error) => errors.push(error))))
  t.same(errors, [], 'no wave failed (a deadlock between waves would show here)')

  const perUser = await app.sql<{ user_id: number; alerts: number; recent: number }[]>`
    select u.user_id,
      (select count(*)::int from push_alerts a where a.user_id = u.user_id) as alerts,
      (select count(*)::int from push_alert_quota q, unnest(q.recent) t
       where q.user_id = u.user_id and t > now() - interval '1 hour') as recent
    from users u where u.user_id in ${app.sql([...caps.keys()])}
    order by u.user_id`
  const over = perUser.filter((row) => row.recent > caps.get(row.user_id)! || row.alerts > caps.get(row.user_id)!)
  t.same(over, [], 'nobody got more alerts within the hour than their cap')
  const already = (userId: number) => (userId === first ? 1 : 0)
  t.same(
    perUser.filter((row) => row.recent !== row.alerts + already(row.user_id)),
    [],
    'the quota counts exactly the alerts recorded',
  )
  const supply = [...caps].reduce((sum, [userId, cap]) => sum + cap - already(userId), 0)
  const alerts = perUser.reduce((sum, row) => sum + row.alerts, 0)
  t.equal(
    queued.reduce((sum, n) => sum + n, 0),
    alerts,
    'each alert recorded is one push queued',
  )
  t.ok(alerts >= supply - CONNECTIONS, `the caps were used up (${alerts} of ${supply} alerts the caps allowed)`)
  const atCap = perUser.filter((row) => row.recent === caps.get(row.user_id)!).length
  t.ok(atCap >= HELPERS - CONNECTIONS, `the caps bound: ${atCap} of ${HELPERS} helpers reached theirs`)
  const [left] = await app.sql<{ n: number }[]>`select count(*)::int as n from push_waves`
  t.equal(left!.n, 0, 'every wave ran')
  t.comment(`${REQUESTS} waves over ${CONNECTIONS} connections: ${alerts} alerts of ${supply} allowed`)
})
