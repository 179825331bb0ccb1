import t from 'tap'
import { loadConfig } from '../../../server/config.ts'
import { bearer, registerUser } from '../../accounts.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { openEvents, type ServerEvent } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'

const TOKEN = 'metrics-token-for-the-test-0123456789'

/**
 * Prometheus text exposition format: `# HELP`/`# TYPE` comments and `name{label="value",...} number` samples
 * (Prometheus reads NaN and Inf in any case, as Go's ParseFloat does; an unobserved mean is `Nan`).
 */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|nan|[+-]inf)$/i

/** Every sample of a scrape by its series (`name{labels}`); fails on any line that is not valid exposition text. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue
    const match = SAMPLE.exec(line)
    if (!match) throw new Error(`not Prometheus text: ${line}`)
    samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]))
  }
  return samples
}

t.test('GET /metrics is off without METRICS_TOKEN', async (t) => {
  const app = await buildTestApp(t)
  const response = await app.inject({ url: '/metrics', headers: bearer(TOKEN) })
  t.equal(response.statusCode, 404)
  t.same(response.json(), { message: 'Not found' })
})

t.test('METRICS_TOKEN must be a real secret', async (t) => {
  t.throws(() => loadConfig({ METRICS_TOKEN: 'short' }), /METRICS_TOKEN/)
  t.equal(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN, TOKEN)
})

t.test('GET /metrics with METRICS_TOKEN', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, METRICS_TOKEN: TOKEN })
  const scrape = async () => {
    const response = await app.inject({ url: '/metrics', headers: { ...bearer(TOKEN), 'accept-encoding': 'gzip, br' } })
    t.equal(response.statusCode, 200)
    t.match(response.headers['content-type'], /^text\/plain; version=0\.0\.4/)
    t.equal(response.headers['cache-control'], 'no-store')
    t.notOk(response.headers['content-encoding'], 'plain text, whatever the client accepts')
    return parse(response.body)
  }

  t.test('refuses a missing or wrong token with 401', async (t) => {
    for (const headers of [{}, bearer('wrong-token-of-some-length'), bearer(TOKEN + 'x'), { authorization: TOKEN }]) {
      const response = await app.inject({ url: '/metrics', headers })
      t.equal(response.statusCode, 401)
      t.same(response.json(), { message: 'Unauthorized' })
    }
  })

  t.test('parseable text whose counters grow', async (t) => {
    const healthz = 'http_requests_total{method="GET",route="/healthz",status_code="200"}'
    const before = await scrape()
    await app.inject({ url: '/healthz' })
    await app.inject({ url: '/healthz' })
    const after = await scrape()
    t.equal((after.get(healthz) ?? 0) - (before.get(healthz) ?? 0), 2, 'two more GET /healthz')
    t.ok(after.get('http_request_duration_seconds_count{method="GET",route="/healthz"}')! >= 2, 'latency histogram')

    for (const series of [
      'events_clients_connected',
      'push_queue_waiting',
      'db_queries_in_flight',
      'db_pool_max',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      t.ok(after.has(series), series)
    }
    t.equal(after.get('db_pool_max'), 10)
  })

  t.test('events_delivered_total counts every socket written to', async (t) => {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    const owner = await signedIn(app, 'Counted Owner')
    const near = await signedIn(app, 'Counted Near')
    // The owner on two devices and a neighbour: one change, three sockets.
    const sockets = await Promise.all([owner, owner, near].map((who) => openEvents(base, who.user.token)))
    t.teardown(() => sockets.forEach((socket) => socket.close()))
    const series = 'events_delivered_total{type="request.upserted"}'
    const before = (await scrape()).get(series) ?? 0
    const created = await owner.create({ latitude: 60.1699, longitude: 24.9384, isApproximate: 0 })
    const about = (event: ServerEvent) => event.request?.request_id === created.body.request_id
    await Promise.all(sockets.map((socket) => socket.next(about)))
    t.equal(((await scrape()).get(series) ?? 0) - before, 3, 'three writes of one change')
  })

  t.test('routes are labelled by pattern, never by URL', async (t) => {
    const user = await registerUser(app, dataDir, { user_name: 'Metered' })
    await app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(user.user.phone)}/newpassword`,
      payload: {},
    })
    await app.inject({ url: '/no/such/path/0401234567.js' })
    const samples = await scrape()
    const series = [...samples.keys()]
    t.ok(
      series.some((s) => s.includes('route="/api/user/:phone/newpassword"')),
      'the pattern of a route with a phone in it',
    )
    t.ok(
      series.some((s) => s.includes('route="unmatched",status_code="404"')),
      'unknown paths as one label',
    )
    t.notOk(
      series.some((s) => s.includes(user.user.phone.slice(1)) || s.includes('0401234567')),
      'no URL in any label',
    )
    t.equal(samples.get('sms_sent_total'), 1, 'the registration SMS')
  })
})
