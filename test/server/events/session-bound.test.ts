import t from 'tap'
import WebSocket from 'ws'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, createTestDatabase, tempDir, twoInstances } from '../../helper.ts'
import { bearer, clientAddress, refreshCookie, verifiedPhoneToken, type RegisteredUser } from '../../accounts.ts'
import { openEvents, receivedBeforeMarker, type EventClient, type ServerEvent } from '../../event-client.ts'
import { craftJwt, decodeJwt } from '../../jwt.ts'
import { runScript } from '../../process.ts'
import { actorFor } from '../../requests.ts'
import { signedInUser, signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

/**
 * Live streams are bound to their session: whatever ends it, on whichever instance, closes them (docs/security.md,
 * docs/live-and-push.md).
 */

const JWT_SECRET = 'session-bound-test-secret-0123456789abcdef'
/**
 * Short timings so an expiry can be watched: a heartbeat (and expiry sweep) every 100 ms, 1 s of grace. The grace is
 * the time the re-auth test has to send its new token after the old one expired: the one real-time window left in
 * this file, as the expiry is the subject and the hub's sweep reads the system clock.
 */
const EVENTS = { heartbeatMs: 100, tokenExpiryGraceMs: 1000 }

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

/**
 * Whether the socket is still open once a change made after whatever might have closed it has reached it: a session
 * end travels the same way as that change, and in order, so a close would have come first (docs/testing.md, "Live
 * events": a marker instead of a guessed time).
 */
async function openAfter(client: EventClient, laterChange: () => Promise<number>): Promise<boolean> {
  const id = await laterChange()
  return Promise.race([
    client.next((event) => event.request?.request_id === id).then(() => client.socket.readyState === WebSocket.OPEN),
    client.closed.then(() => false),
  ])
}

/** Another login of the same user: a second session with its own tokens. */
async function login(app: FastifyInstance, user: RegisteredUser): Promise<{ token: string; cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { identifier: user.user.user_name, password: user.password },
    remoteAddress: clientAddress(),
  })
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`)
  return { token: response.json<{ token: string }>().token, cookie: refreshCookie(response)! }
}

const SESSION_ENDED = { code: 4401, reason: 'Session ended' }

t.test('one instance', async (t) => {
  const dataDir = tempDir(t)
  const databaseUrl = await createTestDatabase(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET }, { events: EVENTS })
  const base = await listen(app)
  const clients: EventClient[] = []
  t.teardown(() => clients.forEach((c) => c.close()))
  const connect = async (token: string) => {
    const client = await openEvents(base, token)
    clients.push(client)
    return client
  }
  let people = 0
  const person = (name: string) => signedInUser(app, { user_name: `${name} ${++people}` })
  /** A new request near everyone (Helsinki), by someone new: whoever still listens hears of it. */
  const somethingHappens = async () => (await (await signedIn(app, `Poster ${++people}`)).create()).body.request_id
  const about = (id: unknown) => (event: ServerEvent) => event.request?.request_id === id

  t.test('logout closes the sockets of that session only', async (t) => {
    const user = await person('Leaving')
    const other = await login(app, user)
    const mine = await connect(user.token)
    const otherTab = await connect(other.token)
    const logout = await app.inject({
      method: 'POST',
      url: '/api/user/logout',
      payload: {},
      headers: bearer(user.token),
      cookies: { refresh_token: user.cookie },
    })
    t.equal(logout.statusCode, 204)
    t.same(await mine.closed, SESSION_ENDED)
    const id = await somethingHappens()
    await otherTab.next(about(id))
    t.pass('the other session keeps listening')

    // With only the cookie (an expired access token), as the web client may log out.
    await app.inject({ method: 'POST', url: '/api/user/logout', payload: {}, cookies: { refresh_token: other.cookie } })
    t.same(await otherTab.closed, SESSION_ENDED)
  })

  t.test("a password change closes the other sessions' sockets, not the changer's", async (t) => {
    const user = await person('Changer')
    const changer = await login(app, user)
    const elsewhere = await connect(user.token)
    const own = await connect(changer.token)
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/user/password',
      headers: bearer(changer.token),
      payload: { oldPassword: user.password, newPassword: 'a brand new secret' },
      remoteAddress: clientAddress(),
    })
    t.equal(changed.statusCode, 200, changed.body)
    t.same(await elsewhere.closed, SESSION_ENDED)
    const id = await somethingHappens()
    await own.next(about(id))
    t.ok(own.socket.readyState === WebSocket.OPEN, "the changer's own socket stays open and hears events")
  })

  t.test('a password reset closes every socket of the user', async (t) => {
    const user = await person('Forgetful')
    const second = await login(app, user)
    const sockets = [await connect(user.token), await connect(second.token)]
    const idToken = await verifiedPhoneToken(app, dataDir, user.user.phone, 'reset')
    const reset = await app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(user.user.phone)}/newpassword`,
      payload: { newPassword: 'remembered now', idToken },
      remoteAddress: clientAddress(),
    })
    t.equal(reset.statusCode, 200, reset.body)
    for (const socket of sockets) t.same(await socket.closed, SESSION_ENDED)
  })

  t.test('deleting the account closes its sockets', async (t) => {
    const user = await person('Deleting')
    const socket = await connect(user.token)
    const deleted = await app.inject({ method: 'DELETE', url: '/api/user', headers: bearer(user.token) })
    t.equal(deleted.statusCode, 204)
    t.same(await socket.closed, { code: 4401, reason: 'Account deleted' })
  })

  t.test('a reused refresh token revokes the session and closes its sockets', async (t) => {
    const user = await person('Robbed')
    const socket = await connect(user.token)
    const refresh = (cookie: string) =>
      app.inject({ method: 'POST', url: '/api/user/refresh-token', payload: {}, cookies: { refresh_token: cookie } })
    t.equal((await refresh(user.cookie)).statusCode, 200)
    t.ok(await openAfter(socket, somethingHappens), 'a normal rotation leaves the socket alone')
    await app.sql`
      update refresh_tokens set rotated_at = rotated_at - interval '1 hour'
      where session_id in (select session_id from sessions where user_id = ${user.user.user_id})`
    t.equal((await refresh(user.cookie)).statusCode, 401, 'the old token again, after the grace window')
    t.same(await socket.closed, SESSION_ENDED)
  })

  /** A correctly signed access token of the user's live session that expires in about `seconds`. */
  const expiringToken = (user: RegisteredUser, seconds: number) => {
    const now = Math.floor(Date.now() / 1000)
    return craftJwt({ ...decodeJwt(user.token), iat: now, exp: now + seconds }, { secret: JWT_SECRET })
  }

  t.test('a socket that answers no ping is dropped; one that answers stays', async (t) => {
    const silent = new WebSocket(base.replace(/^http/, 'ws') + '/api/events', { autoPong: false })
    t.teardown(() => silent.terminate())
    const silentClosed = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)))
    await new Promise((resolve) => silent.once('open', resolve))
    silent.send(JSON.stringify({ type: 'auth', token: (await person('Silent')).token }))
    const answering = await connect((await person('Answering')).token)
    let pings = 0
    answering.socket.on('ping', () => pings++)
    t.equal(await silentClosed, 1006, 'the silent one is cut off without a close handshake')
    // Three pings: it answered at least two visits that would have dropped it had it not.
    await waitUntil(() => pings >= 3)
    t.equal(answering.socket.readyState, WebSocket.OPEN, 'the answering one is still open')
  })

  t.test('a socket whose token expires is closed after the grace unless it re-authenticates', async (t) => {
    const user = await person('Idle')
    const token = expiringToken(user, 1)
    const socket = await connect(token)
    const expiresAt = decodeJwt<{ exp: number }>(token).exp * 1000
    t.same(await socket.closed, { code: 4401, reason: 'Token expired' })
    t.ok(Date.now() >= expiresAt + EVENTS.tokenExpiryGraceMs - 50, 'not before the grace has passed')
  })

  t.test('a fresh token sent within the grace keeps the socket open', async (t) => {
    const user = await person('Refreshing')
    const token = expiringToken(user, 2)
    const socket = await connect(token)
    const expiresAt = decodeJwt<{ exp: number }>(token).exp * 1000
    let pings = 0
    socket.socket.on('ping', () => pings++)
    await waitUntil(() => Date.now() >= expiresAt)
    // Expired, but within the grace: the client refreshed and sends the new token.
    socket.socket.send(JSON.stringify({ type: 'auth', token: user.token }))
    await waitUntil(() => Date.now() >= expiresAt + EVENTS.tokenExpiryGraceMs)
    // A sweep past the old expiry plus grace would have closed it instead of pinging it: the second ping from now
    // on was sent after this point.
    const later = pings + 2
    await waitUntil(() => pings >= later || socket.socket.readyState !== WebSocket.OPEN)
    t.equal(socket.socket.readyState, WebSocket.OPEN, 'open after sweeps past the old expiry plus grace')
    const id = await somethingHappens()
    await socket.next(about(id))
    t.pass('and still hears events')
  })

  t.test('a re-auth with the token of an ended session closes the socket', async (t) => {
    const user = await person('Stale')
    const other = await login(app, user)
    const socket = await connect(user.token)
    await app.inject({ method: 'POST', url: '/api/user/logout', payload: {}, headers: bearer(other.token) })
    socket.socket.send(JSON.stringify({ type: 'auth', token: other.token }))
    t.equal((await socket.closed).code, 4401)
  })

  t.test('admin grant and revoke by the admin script reach open sockets without reconnecting', async (t) => {
    const owner = await signedIn(app, 'Tester')
    await app.sql`update users set is_admin = true where user_id = ${owner.user.user.user_id}`
    const user = await person('Promoted')
    const socket = await connect(user.token)
    // The owner's socket hears every change of the test request: once it has, the change went to every socket.
    const ownerSocket = await connect(owner.user.token)
    const testRequest = (await owner.create({ isTest: 1 })).body.request_id
    const edited = (description: string) => (event: ServerEvent) =>
      event.request?.request_id === testRequest && event.request?.description === description
    const marker = async () => about(await somethingHappens())
    const admin = async (action: 'grant' | 'revoke') => {
      const run = runScript('scripts/admin.ts', [action, user.user.user_name], {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
      })
      t.equal((await run.exited).code, 0, run.output())
      // The script's NOTIFY is handled asynchronously; the next change must be filtered with the new role.
      const isAdmin = action === 'grant'
      await waitUntil(() =>
        [...app.events.hub.clients].some((c) => c.user.user_id === user.user.user_id && c.user.is_admin === isAdmin),
      )
    }
    await ownerSocket.next(about(testRequest))
    t.notOk(
      await receivedBeforeMarker(socket, (e) => e.request?.request_id === testRequest, marker),
      'a test request is not for users',
    )

    await admin('grant')
    await owner.send('PUT', `/api/requests/${testRequest}`, { description: 'Testi kaksi' })
    await socket.next(edited('Testi kaksi'))
    t.pass('granted: the open socket hears of test requests')

    await admin('revoke')
    await owner.send('PUT', `/api/requests/${testRequest}`, { description: 'Testi kolme' })
    await ownerSocket.next(edited('Testi kolme'))
    t.notOk(await receivedBeforeMarker(socket, edited('Testi kolme'), marker), 'revoked: it no longer does')
    t.ok(socket.socket.readyState === WebSocket.OPEN, 'the same socket all along')
  })
})

t.test('two instances on one PostgreSQL: ending a session through A closes its socket on B', async (t) => {
  const { a, b } = await twoInstances(t, { JWT_SECRET })
  const baseB = await listen(b)
  const user = await signedInUser(a, { user_name: 'Two Places' })
  const changer = await login(a, user)
  const onB = await openEvents(baseB, user.token)
  const changerOnB = await openEvents(baseB, changer.token)
  t.teardown(() => [onB, changerOnB].forEach((c) => c.close()))

  const changed = await actorFor(a, { ...user, token: changer.token }).send('PUT', '/api/user/password', {
    oldPassword: user.password,
    newPassword: 'changed on instance A',
  })
  t.equal(changed.status, 200)
  t.same(await onB.closed, SESSION_ENDED, 'password change on A: the other session closes on B')
  const laterChange = async () => (await (await signedIn(a, 'Poster on A')).create()).body.request_id
  t.ok(await openAfter(changerOnB, laterChange), "the changer's socket on B stays")

  await a.inject({ method: 'POST', url: '/api/user/logout', payload: {}, headers: bearer(changer.token) })
  t.same(await changerOnB.closed, SESSION_ENDED, 'logout on A closes it on B')
})
