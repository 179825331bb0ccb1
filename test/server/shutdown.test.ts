import t from 'tap'
import { request, Agent } from 'node:http'
import { buildServer } from '../../server/server.ts'
import { createTestDatabase, testConfig } from '../helper.ts'
import { waitUntil } from '../wait.ts'

/** A GET over `agent`, answered with its status and body. */
const get = (port: number, path: string, agent: Agent) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })

t.test('closing drains in-flight requests, refuses new ones, then ends the database pool', async (t) => {
  const app = buildServer(testConfig(t, { DATABASE_URL: await createTestDatabase(t) }))
  // The slow request is in flight from its handler's start until the test lets it finish, after the close began.
  let started!: () => void
  const handlerStarted = new Promise<void>((resolve) => (started = resolve))
  let finish!: () => void
  const finished = new Promise<void>((resolve) => (finish = resolve))
  app.get('/api/test/slow', async () => {
    started()
    await finished
    const [row] = await app.sql<{ n: number }[]>`select 7 as n`
    return { n: row?.n }
  })
  // Connections kept alive longer than the file may run, by both ends: a close that waited for keep-alive
  // connections to time out would never end.
  app.server.keepAliveTimeout = 10 * 60_000
  const idle = new Agent({ keepAlive: true })
  const busy = new Agent({ keepAlive: true })
  t.teardown(() => [idle, busy].forEach((agent) => agent.destroy()))
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  t.equal((await get(port, '/healthz', idle)).status, 200, 'an idle keep-alive connection is open')

  const inFlight = get(port, '/api/test/slow', busy)
  await handlerStarted
  const closing = app.close()
  await waitUntil(() => !app.server.listening)

  // Depending on how far the close got: the connection is refused, or Fastify answers 503 while closing.
  const late = await get(port, '/healthz', new Agent()).then(
    (response) => response.status,
    () => 'refused',
  )
  t.ok(late === 'refused' || late === 503, `a new request is not served while draining (got ${late})`)
  finish()
  const response = await inFlight
  t.equal(response.status, 200, 'the in-flight request finished')
  t.same(JSON.parse(response.body), { n: 7 }, 'and could still use the database')

  await closing
  t.pass('closing does not wait for keep-alive timeouts')
  await t.rejects(app.sql`select 1`, 'the pool is ended after the drain')
})
