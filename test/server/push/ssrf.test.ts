import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { createServer } from 'node:tls'
import { maskEndpoint } from '../../../server/logging.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { browserSubscription, startPushService } from '../../push-service.ts'
import { signedIn } from '../../signed-in.ts'

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }

/**
 * docs/security.md, "No SSRF through push": a push endpoint comes from any user, and the server connects to it. Only
 * real push services (PUSH_ENDPOINT_HOSTS) may be reached, never a loopback or private address, also not through an
 * allowed name.
 */
t.test('push endpoints cannot point the server at internal addresses', async (t) => {
  const dataDir = tempDir(t)
  const certDir = tempDir(t)
  const service = await startPushService(certDir)
  t.teardown(() => service.close())

  // An internal TLS service the pushes must never reach: it counts every connection made to it.
  let connections = 0
  const internal = createServer({
    key: readFileSync(join(certDir, 'key.pem')),
    cert: readFileSync(join(certDir, 'cert.pem')),
  })
  internal.on('connection', () => (connections += 1))
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => internal.close(() => resolve())))
  const internalPort = (internal.address() as { port: number }).port

  const logs = new PassThrough()
  const lines: Array<{ msg: string; reason?: string; endpoint?: string }> = []
  logs.on('data', (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as (typeof lines)[number]),
    ),
  )
  // `localhost` is allow-listed on purpose: an allowed name that resolves to 127.0.0.1 must still be refused.
  const app = await buildTestApp(
    t,
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,localhost,${service.allowlistEntry}`,
    },
    { pushCa: service.ca, logStream: logs },
  )
  const keys = browserSubscription(service.origin, 'keys').json.keys

  t.test(
    'subscribe refuses every endpoint that is not an allowed push service, with a 400 and a message',
    async (t) => {
      const who = await signedIn(app, 'Ssrf Subscriber')
      const refused = [
        ['another loopback address', `https://127.0.0.2:${internalPort}/push/a`],
        ['loopback address on 443', 'https://127.0.0.1/push/a'],
        ['IPv6 loopback', `https://[::1]:${internalPort}/push/a`],
        ['IPv4-mapped loopback', `https://[::ffff:127.0.0.1]:${internalPort}/push/a`],
        ['private address', 'https://10.0.0.5/push/a'],
        ['link-local metadata address', 'https://169.254.169.254/latest/meta-data/'],
        ['the database port', 'https://localhost:5432/'],
        ['wrong port on an allowed name', 'https://fcm.googleapis.com:8443/fcm/send/a'],
        ['the allowed address on another port', `https://127.0.0.1:${internalPort}/push/a`],
        ['a name not allow-listed', 'https://push.attacker.example/a'],
        ['an allowed name resolving to 127.0.0.1', 'https://localhost/push/a'],
      ]
      for (const [what, endpoint] of refused) {
        const answer = await who.send('POST', '/api/subscriptions/subscribe', { subscription: { endpoint, keys } })
        t.equal(answer.status, 400, `${what}: 400`)
        t.same(answer.body, { message: 'This push service is not supported' }, `${what}: the message`)
      }
      const insecure = await who.send('POST', '/api/subscriptions/subscribe', {
        endpoint: 'http://fcm.googleapis.com/fcm/send/a',
        keys,
      })
      t.equal(insecure.status, 400, 'http:// is refused')
      t.type(insecure.body.message, 'string')
      const [stored] = await app.sql<{ n: number }[]>`select count(*)::int as n from push_subscriptions`
      t.equal(stored!.n, 0, 'nothing refused was stored')

      const allowed = browserSubscription(service.origin, 'ssrf-allowed')
      t.equal(
        (await who.send('POST', '/api/subscriptions/subscribe', { subscription: allowed.json })).status,
        201,
        'the allowed service is accepted',
      )
    },
  )

  t.test('at send time, stored endpoints that are not allowed are never connected to', async (t) => {
    const owner = await signedIn(app, 'Ssrf Owner')
    const neighbour = await signedIn(app, 'Ssrf Neighbour')
    await neighbour.send('PUT', '/api/user/location', HELSINKI)
    // Rows as an older allowlist, or a direct database write, may have left them.
    const stored = {
      wrongPort: `https://localhost:${internalPort}/push/wrong-port`,
      notAllowed: `https://127.0.0.1:${internalPort}/push/not-allowed`,
      rebound: 'https://localhost/push/rebound',
    }
    for (const endpoint of Object.values(stored)) {
      await app.sql`
        insert into push_subscriptions (endpoint, user_id, p256dh, auth)
        values (${endpoint}, ${neighbour.user.user.user_id}, ${keys.p256dh}, ${keys.auth})`
    }
    const good = browserSubscription(service.origin, 'ssrf-good')
    t.equal((await neighbour.send('POST', '/api/subscriptions/subscribe', { subscription: good.json })).status, 201)

    t.equal((await owner.create(HELSINKI)).status, 201)
    await app.push.idle()

    t.equal(
      service.received.filter((push) => push.id === 'ssrf-good').length,
      1,
      'the allowed push service got its push',
    )
    t.equal(connections, 0, 'no connection was made to the internal service')
    const refusals = lines.filter((line) => line.msg.startsWith('push endpoint refused'))
    // Logged masked: origin and a hash, never the whole capability URL.
    t.same(
      refusals.map((line) => line.endpoint).sort(),
      Object.values(stored).map(maskEndpoint).sort(),
      'each one was skipped with a warning',
    )
    const rebound = refusals.find((line) => line.endpoint === maskEndpoint(stored.rebound))
    t.match(
      rebound?.reason,
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/,
      'the name was refused by what it resolved to',
    )
    const [left] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from push_subscriptions where endpoint in ${app.sql(Object.values(stored))}`
    t.equal(left!.n, 3, 'they are kept: the allowlist may be restored')
  })
})
