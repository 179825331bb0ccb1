import { connect } from 'node:net'
import { PassThrough } from 'node:stream'
import t from 'tap'
import postgres from 'postgres'
import { buildTestApp, createTestDatabase, tempDir } from '../helper.ts'
import { signedIn } from '../signed-in.ts'
import { waitUntil } from '../wait.ts'

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789'

interface LogLine {
  level: number
  msg: string
  reqId?: string
  req?: { url?: string }
}

/** Every JSON log line the server writes, parsed. */
function captureLogs(): { stream: PassThrough; lines(): LogLine[] } {
  const stream = new PassThrough()
  let text = ''
  stream.on('data', (chunk: Buffer) => (text += String(chunk)))
  return {
    stream,
    lines: () =>
      text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as LogLine),
  }
}

/**
 * A phone on a train: the upload starts, the network drops, and the connection is reset (TCP RST) before the body
 * is complete. That is the client's doing, not a database outage (docs/operating.md, "Observability").
 */
t.test('a client that resets its connection mid-upload is a client abort, not a database outage', async (t) => {
  const logs = captureLogs()
  // At debug the server logs each request as it arrives (docs/operating.md, "Access log"): the test's cue.
  const app = await buildTestApp(t, { LOG_LEVEL: 'debug', METRICS_TOKEN }, { logStream: logs.stream })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  // Signed in: the session is checked before the body is read (docs/security.md), so only then does the upload start.
  const rider = await signedIn(app, 'Rider')

  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  const declared = 60_000
  socket.write(
    'POST /api/requests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Authorization: Bearer ${rider.user.token}\r\n` +
      `Content-Length: ${declared}\r\n\r\n{"description":"${'x'.repeat(4000)}`,
  )
  // The server has the request and is reading its body once it logged it; then the connection goes.
  await waitUntil(() =>
    logs.lines().some((line) => line.msg === 'incoming request' && line.req?.url === '/api/requests'),
  )
  socket.resetAndDestroy()

  const reqId = logs.lines().find((line) => line.req?.url === '/api/requests')!.reqId!
  const ofRequest = () => logs.lines().filter((line) => line.reqId === reqId)
  // Whatever the server makes of it, it says so in the request's next line.
  await waitUntil(() => ofRequest().some((line) => line.msg !== 'incoming request'))

  const abort = ofRequest().find((line) => line.msg === 'client aborted the request')
  t.equal(abort?.level, 30, 'logged as a client abort, at info: nothing is wrong with the server')
  t.notOk(
    logs.lines().some((line) => line.msg === 'database unavailable'),
    'not logged as a database outage',
  )
  t.notOk(
    ofRequest().some((line) => line.level >= 40),
    'no warning or error for it',
  )

  const ready = await app.inject({ url: '/readyz' })
  t.equal(ready.statusCode, 200, 'the instance stays ready')
  const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  t.notMatch(metrics.body, /http_requests_total\{[^}]*status_code="5\d\d"/, 'no 5xx counted as a server fault')
})

/**
 * The same reset, come while the session is still being checked: the body stream has ended before anyone reads it,
 * and that must end the request too, not leave it waiting for a body that never comes. The check is held on a lock
 * of the sessions table (a token signed by another instance, so that this one's cache does not know the session)
 * until the server has seen the connection close.
 */
t.test('a reset that comes while the session is checked ends the request as a client abort', async (t) => {
  const databaseUrl = await createTestDatabase(t)
  const dataDir = tempDir(t)
  const signer = await buildTestApp(t, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir })
  const rider = await signedIn(signer, 'Rider')
  const logs = captureLogs()
  const app = await buildTestApp(
    t,
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'debug' },
    { logStream: logs.stream },
  )
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  const serverSockets: { closed: boolean }[] = []
  app.server.on('connection', (socket: import('node:net').Socket) => {
    const seen = { closed: false }
    serverSockets.push(seen)
    socket.once('close', () => (seen.closed = true))
  })

  const locker = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  t.teardown(() => locker.end())
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let locked!: () => void
  const lockHeld = new Promise<void>((resolve) => (locked = resolve))
  const holding = locker.begin(async (tx) => {
    await tx`lock table sessions in access exclusive mode`
    locked()
    await released
  })
  await lockHeld

  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  socket.write(
    'POST /api/requests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Authorization: Bearer ${rider.user.token}\r\n` +
      `Content-Length: 60000\r\n\r\n{"description":"${'x'.repeat(4000)}`,
  )
  await waitUntil(() =>
    logs.lines().some((line) => line.msg === 'incoming request' && line.req?.url === '/api/requests'),
  )
  socket.resetAndDestroy()
  await waitUntil(() => serverSockets.length === 1 && serverSockets[0]!.closed)
  release()
  await holding

  const reqId = logs.lines().find((line) => line.req?.url === '/api/requests')!.reqId!
  const ofRequest = () => logs.lines().filter((line) => line.reqId === reqId)
  await waitUntil(() => ofRequest().some((line) => line.msg !== 'incoming request'))
  const abort = ofRequest().find((line) => line.msg === 'client aborted the request')
  t.equal(abort?.level, 30, 'logged as a client abort, at info')
  t.notOk(
    ofRequest().some((line) => line.level >= 40),
    'no warning or error for it',
  )
})
