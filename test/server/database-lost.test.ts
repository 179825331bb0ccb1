import t from 'tap'
import { buildServer } from '../../server/server.ts'
import { createTestDatabase, testConfig } from '../helper.ts'
import { proxiedDatabase } from '../tcp-proxy.ts'
import { waitUntil } from '../wait.ts'

t.test('losing the database answers 503 and recovers when it returns', async (t) => {
  const { proxy, url: viaProxy } = await proxiedDatabase(t, await createTestDatabase(t))

  const app = buildServer(testConfig(t, { DATABASE_URL: viaProxy }))
  app.get('/api/test/now', async () => {
    const [row] = await app.sql<{ now: Date }[]>`select now()`
    return { now: row?.now }
  })
  t.teardown(() => app.close())
  await app.ready()

  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200)
  t.equal((await app.inject({ url: '/api/test/now' })).statusCode, 200)

  await proxy.cut()

  const live = await app.inject({ url: '/healthz' })
  t.equal(live.statusCode, 200, 'the process stays alive')
  const ready = await app.inject({ url: '/readyz' })
  t.equal(ready.statusCode, 503)
  t.same(ready.json(), { message: 'Database unavailable' })
  const api = await app.inject({ url: '/api/test/now' })
  t.equal(api.statusCode, 503)
  t.same(api.json(), { message: 'Service temporarily unavailable, try again later' })
  t.equal(api.headers['retry-after'], '5')
  await proxy.restore()

  // Never ready again would be ended by the file's timeout.
  await waitUntil(async () => (await app.inject({ url: '/readyz' })).statusCode === 200)
  t.pass('/readyz is ready again')
  const again = await app.inject({ url: '/api/test/now' })
  t.equal(again.statusCode, 200, 'API calls work again')
})
