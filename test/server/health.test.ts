import t from 'tap'
import { buildTestApp } from '../helper.ts'

t.test('healthz and readyz answer on a working database', async (t) => {
  const app = await buildTestApp(t)
  const live = await app.inject({ url: '/healthz' })
  t.equal(live.statusCode, 200)
  t.same(live.json(), { status: 'ok' })
  const ready = await app.inject({ url: '/readyz' })
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { status: 'ready' })
})
