import t from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildServer } from '../../server/server.ts'
import { createTestDatabase, testConfig } from '../helper.ts'

t.test('closing drains in-flight requests, refuses new ones, then ends the database pool', async (t) => {
  const app = buildServer(testConfig(t, { DATABASE_URL: await createTestDatabase(t) }))
  // Resolved when the slow request is inside its handler: only then is it in flight (a fixed wait is not enough on
  // a loaded machine, where the connection may not even be accepted yet).
  let started!: () => void
  const handlerStarted = new Promise<void>((resolve) => (started = resolve))
  app.get('/api/test/slow', async () => {
    started()
    await sleep(400)
    const [row] = await app.sql<{ n: number }[]>`select 7 as n`
    return { n: row?.n }
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }

  const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`)
  await handlerStarted
  const closing = app.close()
  await sleep(50)

  // Depending on how far the close got: the connection is refused, or Fastify answers 503 while closing.
  const late = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    (response) => response.status,
    () => 'refused',
  )
  t.ok(late === 'refused' || late === 503, `a new request is not served while draining (got ${late})`)
  const response = await inFlight
  t.equal(response.status, 200, 'the in-flight request finished')
  t.same(await response.json(), { n: 7 }, 'and could still use the database')

  const drainStarted = Date.now()
  await closing
  t.ok(Date.now() - drainStarted < 5000, 'closing does not wait for keep-alive timeouts')
  await t.rejects(app.sql`select 1`, 'the pool is ended after the drain')
})
