import t from 'tap'
import { buildServer } from '../../../server/server.ts'
import { tempDir, testConfig } from '../../helper.ts'
import { away, HELSINKI, placeUser } from '../../push-helpers.ts'
import { startPushService } from '../../push-service.ts'
import { signedIn } from '../../signed-in.ts'

t.test('with the embedded database (the default), waves are chosen by the index and sent', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const dataDir = tempDir(t)
  const config = testConfig(t, {
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
    ALERT_FIRST_WAVE: 2,
  })
  const app = buildServer(config, { pushCa: service.ca })
  t.teardown(() => app.close())
  await app.ready()
  t.equal(app.db.mode, 'embedded')

  const helpers = []
  for (const km of [3, 1, 2]) helpers.push(await placeUser(app.sql, service.origin, { at: away(HELSINKI, km, 90) }))
  const owner = await signedIn(app, 'Embedded Pusher')
  t.equal((await owner.create({ ...HELSINKI })).status, 201)
  await app.push.idle()
  t.same(
    service.received.map((p) => p.id).sort(),
    [helpers[1]!.id, helpers[2]!.id].sort(),
    'the 2 nearest of 3 got the first wave',
  )

  const [plan] = await app.sql<{ plan: string }[]>`
    explain (format text)
    select user_id from users where nearness is not null
    order by nearness <-> nearness_point(60.17, 24.94) limit 2
  `.then((rows) => [{ plan: rows.map((r) => Object.values(r)[0]).join('\n') }])
  t.comment(plan!.plan)
  t.match(plan!.plan, /users_nearness_idx/, 'PGlite orders by the GiST index too')
})
