/**
 * Live sockets are bounded (docs/security.md, docs/live-and-push.md; docs/adr/0003-live-socket-caps-per-instance.md):
 * a user's sockets per instance, the sockets one address holds open before authenticating, and the frames one
 * socket may send. Real sockets, opened in parallel where the limit is about parallel connections.
 */
import t, { type Test } from 'tap'
import WebSocket from 'ws'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, createTestDatabase, tempDir } from '../../helper.ts'
import { openEvents, type EventClient, type ServerEvent } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

/** Counts the session checks (each one a database query) that sockets' auth messages cause. */
function countSessionChecks(t: Test, app: FastifyInstance): { calls: number } {
  const counter = { calls: 0 }
  const check = app.userForAccessToken
  app.userForAccessToken = (token) => {
    counter.calls++
    return check(token)
  }
  t.teardown(() => {
    app.userForAccessToken = check
  })
  return counter
}

const about = (id: number) => (event: ServerEvent) => event.request?.request_id === id

const REPLACED = 4409
const TOO_MANY = 4429

/** Sockets of this user the hub holds (other subtests' sockets may still be closing). */
const socketsOf = (app: FastifyInstance, userId: number) =>
  [...app.events.hub.clients].filter((client) => client.user.user_id === userId).length

// Two instances on one database, so that each subtest does not pay for its own. `defaults` has the default limits,
// believes 127.0.0.1 about the client address (the tests pick theirs in X-Forwarded-For) and gives a socket no new
// message tokens during the test however slow the machine: its budget is exactly the burst. `small` (and `smallB`,
// another instance on the same database) allows two sockets per user.
const defaults = await buildTestApp(t, { TRUST_PROXY: '127.0.0.1' }, { events: { messageRefillMs: 3_600_000 } })
const defaultsBase = await listen(defaults)
const smallDatabase = await createTestDatabase(t)
const smallSettings = { DATABASE_URL: smallDatabase, DATA_DIR: tempDir(t), LIVE_SOCKETS_PER_USER: 2 }
const small = await buildTestApp(t, smallSettings)
const smallBase = await listen(small)

t.test('a user has at most LIVE_SOCKETS_PER_USER sockets (default 10): a new one closes the oldest', async (t) => {
  const [app, base] = [defaults, defaultsBase]
  const clients: EventClient[] = []
  t.teardown(() => clients.forEach((client) => client.close()))
  const open = async (token: string) => {
    const client = await openEvents(base, token)
    clients.push(client)
    return client
  }
  const tabs = await signedIn(app, 'Many Tabs')
  const neighbour = await signedIn(app, 'Neighbour')
  const poster = await signedIn(app, 'Switch Poster')
  const neighbourEvents = await open(neighbour.user.token)

  const oldest = await open(tabs.user.token)
  // Nine more at once: ten in all, the limit, and nobody is closed.
  const nine = await Promise.all(Array.from({ length: 9 }, () => open(tabs.user.token)))
  const first = (await poster.create()).body.request_id
  await Promise.all([oldest, ...nine].map((client) => client.next(about(first))))
  t.pass('ten sockets of one user all hear of a change')

  const eleventh = await open(tabs.user.token)
  const closed = await oldest.closed
  t.equal(closed.code, REPLACED, 'the oldest is closed with 4409')
  t.equal(closed.reason, 'Replaced by a newer connection')

  const second = (await poster.create()).body.request_id
  await Promise.all([...nine, eleventh, neighbourEvents].map((client) => client.next(about(second))))
  t.equal(socketsOf(app, tabs.user.user.user_id), 10, 'the other ten are still listening')
  t.notOk(oldest.events.some(about(second)), 'the closed one heard nothing more (it was closed before the change)')
})

t.test('sockets of one user opened in parallel beyond the limit: exactly the surplus is closed', async (t) => {
  const [app, base] = [small, smallBase]
  const tabs = await signedIn(app, 'Parallel Tabs')
  const poster = await signedIn(app, 'Parallel Poster')
  const clients = await Promise.all(Array.from({ length: 12 }, () => openEvents(base, tabs.user.token)))
  t.teardown(() => clients.forEach((client) => client.close()))
  // Every one got `ready` (openEvents waited for it); the server has decided about each, and closed 10 at once.
  const closes: number[] = []
  for (const client of clients) void client.closed.then(({ code }) => closes.push(code))
  await waitUntil(() => closes.length === 10)
  t.same(new Set(closes), new Set([REPLACED]), 'all with 4409')
  const open = clients.filter((client) => client.socket.readyState === WebSocket.OPEN)
  t.equal(open.length, 2, 'two are left')
  const id = (await poster.create()).body.request_id
  await Promise.all(open.map((client) => client.next(about(id))))
  t.equal(socketsOf(app, tabs.user.user.user_id), 2, 'and only they are in the hub')
})

t.test("a socket that re-authenticates as another user counts as that user's newest", async (t) => {
  const [app, base] = [small, smallBase]
  const owner = await signedIn(app, 'Two Sockets')
  const other = await signedIn(app, 'Switcher')
  const first = await openEvents(base, owner.user.token)
  const second = await openEvents(base, owner.user.token)
  const switching = await openEvents(base, other.user.token)
  t.teardown(() => [first, second, switching].forEach((client) => client.close()))
  switching.socket.send(JSON.stringify({ type: 'auth', token: owner.user.token }))
  t.equal((await first.closed).code, REPLACED, "the user's oldest is closed")
  const id = (await (await signedIn(app, 'Switch Poster')).create()).body.request_id
  await Promise.all([second, switching].map((client) => client.next(about(id))))
  t.equal(socketsOf(app, owner.user.user.user_id), 2)
  t.equal(socketsOf(app, other.user.user.user_id), 0)
})

t.test('the cap is per instance: each instance keeps its own newest sockets of a user', async (t) => {
  const [a, baseA] = [small, smallBase]
  const b = await buildTestApp(t, smallSettings)
  const baseB = await listen(b)
  const user = await signedIn(a, 'Two Instances')
  const onA = [await openEvents(baseA, user.user.token), await openEvents(baseA, user.user.token)]
  const onB = [await openEvents(baseB, user.user.token), await openEvents(baseB, user.user.token)]
  const third = await openEvents(baseA, user.user.token)
  const all = [...onA, ...onB, third]
  t.teardown(() => all.forEach((client) => client.close()))
  t.equal((await onA[0]!.closed).code, REPLACED, "A's oldest is closed")
  const id = (await (await signedIn(a, 'Instance Poster')).create()).body.request_id
  await Promise.all([onA[1]!, third, ...onB].map((client) => client.next(about(id))))
  t.pass("B's two, and A's other two, still listen")
})

/** Opens a socket of GET /api/events from `address` (as the proxy reports it), without authenticating. */
function openFrom(base: string, address: string): Promise<{ socket: WebSocket; refused?: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(base.replace(/^http/, 'ws') + '/api/events', {
      headers: { 'x-forwarded-for': address },
    })
    socket.once('open', () => resolve({ socket }))
    socket.once('unexpected-response', (_request, response) => {
      resolve({ socket, refused: response.statusCode })
      response.resume()
      socket.terminate()
    })
    socket.once('error', reject)
  })
}

/**
 * Whether the server kept this open socket: a ping is answered with a pong by a socket the server accepted, while
 * one it closed at once sent its close frame first, and answers no ping after it.
 */
function kept(socket: WebSocket): Promise<boolean> {
  return new Promise((resolve) => {
    socket.once('pong', () => resolve(true))
    socket.once('close', () => resolve(false))
    socket.ping()
  })
}

t.test('at most LIVE_UNAUTHENTICATED_SOCKETS_PER_ADDRESS (default 20) sockets wait to authenticate', async (t) => {
  const [app, base] = [defaults, defaultsBase]
  const sessionChecks = countSessionChecks(t, app)
  const sockets: WebSocket[] = []
  t.teardown(() => sockets.forEach((socket) => socket.terminate()))
  const from = async (address: string) => {
    const opened = await openFrom(base, address)
    sockets.push(opened.socket)
    return opened
  }

  const twenty = await Promise.all(Array.from({ length: 20 }, () => from('203.0.113.7')))
  t.same(
    twenty.map((opened) => opened.refused),
    Array(20).fill(undefined),
    'twenty are accepted',
  )
  t.ok((await Promise.all(twenty.map(({ socket }) => kept(socket)))).every(Boolean), 'and kept')
  t.equal((await from('203.0.113.7')).refused, 429, 'the 21st from that address is refused with 429')
  const other = await from('198.51.100.9')
  t.equal(other.refused, undefined, 'another address is accepted')
  t.ok(await kept(other.socket))
  t.equal(sessionChecks.calls, 0, 'refusing looked nothing up')

  // An IPv6 client counts by its /64.
  const v6 = await Promise.all(Array.from({ length: 20 }, (_, i) => from(`2001:db8:1:2::${(i + 1).toString(16)}`)))
  t.ok(v6.every((opened) => opened.refused === undefined))
  t.equal((await from('2001:db8:1:2:ffff::1')).refused, 429, 'another address in the same /64 is refused')
  t.equal((await from('2001:db8:1:3::1')).refused, undefined, 'the next /64 is accepted')

  // A socket that authenticates, or closes, makes room for the next one.
  const user = await signedIn(app, 'Room Maker')
  const ready = new Promise((resolve) => twenty[0]!.socket.once('message', resolve))
  twenty[0]!.socket.send(JSON.stringify({ type: 'auth', token: user.user.token }))
  await ready
  t.equal((await from('203.0.113.7')).refused, undefined, 'authenticated: no longer counted as waiting')
  const closing = twenty[1]!.socket
  closing.close()
  await new Promise((resolve) => closing.once('close', resolve))
  await waitUntil(() => app.events.limits.waiting.hasRoom('203.0.113.7'))
  t.equal((await from('203.0.113.7')).refused, undefined, 'closed: room for another')
  t.equal((await from('203.0.113.7')).refused, 429, 'and again full')
})

t.test('sockets opened in parallel from one address: exactly the limit is kept', async (t) => {
  const burst = await Promise.all(Array.from({ length: 60 }, () => openFrom(defaultsBase, '192.0.2.44')))
  t.teardown(() => burst.forEach(({ socket }) => socket.terminate()))
  const keptOnes = await Promise.all(
    burst.map((opened) => (opened.refused === undefined ? kept(opened.socket) : Promise.resolve(false))),
  )
  t.equal(keptOnes.filter(Boolean).length, 20, 'twenty of sixty')
  const refusedOnes = burst.filter((opened, i) => !keptOnes[i])
  t.ok(
    refusedOnes.every((opened) => opened.refused === 429 || opened.socket.readyState !== WebSocket.OPEN),
    'the rest refused (429) or closed at once',
  )
})

t.test('one socket may send only a few messages: a flood of re-auths is closed with 4429', async (t) => {
  const [app, base] = [defaults, defaultsBase]
  const user = await signedIn(app, 'Flooder')
  const bystander = await signedIn(app, 'Bystander')
  const client = await openEvents(base, user.user.token)
  const calm = await openEvents(base, user.user.token)
  const sessionChecks = countSessionChecks(t, app)
  let closed: { code: number; reason: string } | undefined
  void client.closed.then((close) => (closed = close))
  const FLOOD = 1000
  const auth = JSON.stringify({ type: 'auth', token: user.user.token })
  for (let i = 0; i < FLOOD; i++) client.socket.send(auth)
  // Before the fix every frame was checked against the database: the count reaching FLOOD shows it at once.
  await waitUntil(() => closed !== undefined || sessionChecks.calls === FLOOD)
  t.ok(sessionChecks.calls < FLOOD, `not every frame was checked (${sessionChecks.calls})`)
  await waitUntil(() => closed !== undefined)
  t.same(closed, { code: TOO_MANY, reason: 'Too many messages' })
  // The first auth was the connection's own; the flood got the rest of the burst, then nothing.
  t.ok(sessionChecks.calls <= 4, `at most the burst's rest was checked (${sessionChecks.calls})`)

  const id = (await bystander.create()).body.request_id
  await calm.next(about(id))
  t.pass("the user's other socket still listens")
  calm.close()
})

t.test('junk frames count too: a flood of them is closed with 4429, nothing looked up', async (t) => {
  const [app, base] = [defaults, defaultsBase]
  const user = await signedIn(app, 'Junk Sender')
  const client = await openEvents(base, user.user.token)
  const sessionChecks = countSessionChecks(t, app)
  let closed: { code: number; reason: string } | undefined
  void client.closed.then((close) => (closed = close))
  // Well-formed messages of no known type, text and binary: each one alone is ignored (a malformed one ends the
  // socket with 4401 anyway).
  const noise = '{"type":"noise"}'
  for (let i = 0; i < 500; i++) client.socket.send(i % 2 ? noise : Buffer.from(noise))
  // One auth after the junk: before the fix it was checked (the junk ignored), now the socket is closed before it.
  client.socket.send(JSON.stringify({ type: 'auth', token: user.user.token }))
  await waitUntil(() => closed !== undefined || sessionChecks.calls > 0)
  await waitUntil(() => closed !== undefined)
  t.same(closed, { code: TOO_MANY, reason: 'Too many messages' })
  t.equal(sessionChecks.calls, 0)
})
