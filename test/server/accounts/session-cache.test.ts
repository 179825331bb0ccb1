import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { SessionCache, type LiveSession } from '../../../server/domain/accounts/session-cache.ts'
import { startSession } from '../../../server/domain/accounts/sessions.ts'
import { userById } from '../../../server/domain/accounts/users.ts'
import { BUS_LEASE_MS, type BusOptions } from '../../../server/events/bus.ts'
import { buildTestApp, createTestDatabase, listenEmbedded, tempDir } from '../../helper.ts'
import { bearer, clientAddress, type RegisteredUser, verifiedPhoneToken } from '../../accounts.ts'
import { decodeJwt } from '../../jwt.ts'
import { startRoundTripProxy } from '../../round-trip-proxy.ts'
import { proxiedDatabase } from '../../tcp-proxy.ts'
import { signedInUser } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'
import type { UserRow } from '../../../server/domain/accounts/rows.ts'

/*
 * The session cache (docs/adr/0010-session-cache.md): a live session costs no round trip, and a session ended or a
 * user changed on one instance is refused or seen changed on every instance by the time the change has answered.
 */

const sessionOf = (user: RegisteredUser) => decodeJwt<{ sid: string }>(user.token).sid
const me = (app: FastifyInstance, user: RegisteredUser) =>
  app.inject({ url: '/api/user/protected-route', headers: bearer(user.token) })
/** Whether `app` would answer this user's session from its copy, without asking the database. */
const servedFromCopy = (app: FastifyInstance, user: RegisteredUser) =>
  app.sessionCache.get(sessionOf(user), user.user.user_id) !== undefined

/** A bus hold: while held, what the bus hears waits, in order, as on a slow network; released, it is heard. */
function busHold(): { options: BusOptions; hold(): void; release(): void } {
  let held: Array<() => void> | undefined
  return {
    options: { hear: (handle) => (held ? void held.push(handle) : handle()) },
    hold: () => void (held = []),
    release() {
      const waiting = held ?? []
      held = undefined
      waiting.forEach((handle) => handle())
    },
  }
}

t.test('the cache itself: bounded, short-lived, trusted when told, not filled by a read a drop overtook', async (t) => {
  let now = 0
  const cache = new SessionCache({ ttlMs: 1000, maxEntries: 3, now: () => now })
  let trusted = false
  cache.trustWhile(() => trusted)
  const row = (userId: number) => ({ user_id: userId, blocked_either_way: [] }) as unknown as UserRow
  const live = (userId: number, expiresInMs = 60_000): LiveSession => ({ user: row(userId), expiresInMs })

  t.equal((await cache.load('s1', 1, async () => live(1)))?.user_id, 1)
  t.equal(cache.get('s1', 1), undefined, 'not trusted: the database is asked')
  trusted = true
  t.equal(cache.get('s1', 1)?.user_id, 1)
  t.equal(cache.get('s1', 2), undefined, 'another user id with the same session id is not this session')
  t.throws(() => {
    ;(cache.get('s1', 1) as { radius: number }).radius = 99
  }, 'a copy cannot be changed by a handler')

  for (const [session, user] of [
    ['s2', 2],
    ['s3', 3],
    ['s4', 4],
  ] as const)
    await cache.load(session, user, async () => live(user))
  t.equal(cache.size, 3, 'bounded')
  t.notOk(cache.has('s1'), 'the oldest went first')

  now += 1000
  t.equal(cache.get('s2', 2), undefined, 'a copy is used for the TTL at most')
  await cache.load('s5', 5, async () => live(5, 10))
  now += 10
  t.equal(cache.get('s5', 5), undefined, 'nor past the session’s own end')

  await cache.load('s6', 6, async () => {
    cache.dropUser(99)
    return live(6)
  })
  t.notOk(cache.has('s6'), 'a read overtaken by a drop may hold the row from before the change: not kept')
  await cache.load('s6', 6, async () => live(6))
  await cache.load('s7', 6, async () => live(6))
  cache.dropUser(6)
  t.notOk(cache.has('s6') || cache.has('s7'), 'a user message drops every session of the user')
  await cache.load('s8', 8, async () => live(8))
  cache.clear()
  t.equal(cache.size, 0)
})

t.test('a session known live costs no round trip', async (t) => {
  const databaseUrl = await createTestDatabase(t)
  const counter = await startRoundTripProxy(databaseUrl)
  t.teardown(() => counter.close())
  const dataDir = tempDir(t)
  // A lease as long as the test: a slow heartbeat on a busy machine must not turn this count into a flaky one.
  const app = await buildTestApp(
    t,
    { DATABASE_URL: counter.url, DATA_DIR: dataDir },
    { events: { bus: { leaseMs: 600_000 } } },
  )
  const user = await signedInUser(app, { user_name: 'Frequent' })
  // The session checks only: the app's background work (housekeeping, live counts, heartbeats) runs when it will.
  // The route itself reads nothing else, so a call without a check is a call without a round trip.
  const checks = () =>
    counter
      .since()
      .flatMap((trip) => trip.statements)
      .filter((text) => /from sessions s join users u/.test(text))

  t.equal((await me(app, user)).statusCode, 200)
  t.equal(checks().length, 1, 'the first call checks the session in the database')
  await waitUntil(() => app.sessionCache.isTrusted())
  const before = checks().length
  for (let call = 0; call < 5; call++)
    t.equal((await me(app, user)).json<{ user: { user_name: string } }>().user.user_name, 'Frequent')
  t.same(checks().slice(before), [], 'the next calls check nothing in the database: no round trip')
})

t.test('two instances: a change on one is in force on the other by the time it answers', async (t) => {
  const dataDir = tempDir(t)
  const databaseUrl = await createTestDatabase(t)
  const settings = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }
  const a = await buildTestApp(t, settings)
  const held = busHold()
  const b = await buildTestApp(t, settings, { events: { bus: held.options } })

  /** B checks the session (a copy is not kept when a drop overtook the check), until it answers from a copy. */
  const copiedOnB = (user: RegisteredUser) =>
    waitUntil(async () => (await me(b, user)).statusCode === 200 && servedFromCopy(b, user))
  /** Signed in on A, its session checked and copied on B, and B answering from the copy. */
  const cachedOnB = async (name: string, fields: { isAdmin?: boolean; phone?: string } = {}) => {
    const user = await signedInUser(a, { user_name: name, ...fields })
    await copiedOnB(user)
    return user
  }
  const send = (
    app: FastifyInstance,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    user: RegisteredUser,
    payload?: object,
  ) => app.inject({ method, url, headers: bearer(user.token), payload: payload ?? {}, remoteAddress: clientAddress() })
  /** Right after A answered: B refuses at once, whether or not its bus has heard yet; and it does hear. */
  const refusedOnB = async (t: Test, user: RegisteredUser, status = 401) => {
    t.notOk(servedFromCopy(b, user), 'B holds no copy it would answer from')
    t.equal((await me(b, user)).statusCode, status)
    await waitUntil(() => !b.sessionCache.has(sessionOf(user)))
  }

  t.test('logout', async (t) => {
    const user = await cachedOnB('Leaver')
    t.equal((await send(a, 'POST', '/api/user/logout', user)).statusCode, 204)
    await refusedOnB(t, user)
  })

  t.test('a password change ends the other sessions, not the one that changed it', async (t) => {
    const user = await cachedOnB('Changer')
    const other = await signedInUser(a, { user_name: 'Changer2' })
    const row = (await userById(a.sql, user.user.user_id))!
    const second = { ...user, token: a.accessTokenFor(row, (await startSession(a.sql, row.user_id)).sessionId) }
    await copiedOnB(second)
    const changed = await send(a, 'PUT', '/api/user/password', user, {
      oldPassword: user.password,
      newPassword: 'another-pass',
    })
    t.equal(changed.statusCode, 200)
    await refusedOnB(t, second)
    t.equal((await me(b, user)).statusCode, 200, 'the session that changed it goes on')
    t.equal((await me(b, other)).statusCode, 200, 'other users are not touched')
  })

  t.test('a password reset ends every session', async (t) => {
    const phone = '+358401231234'
    const user = await cachedOnB('Forgetful', { phone })
    const idToken = await verifiedPhoneToken(a, dataDir, phone, 'reset')
    const reset = await a.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(phone)}/newpassword`,
      payload: { newPassword: 'remembered', idToken },
    })
    t.equal(reset.statusCode, 200)
    await refusedOnB(t, user)
  })

  t.test('a suspension', async (t) => {
    const admin = await signedInUser(a, { user_name: 'Moderator', isAdmin: true })
    const user = await cachedOnB('Suspended')
    await a.suspensions.suspend({
      userId: user.user.user_id,
      until: null,
      reason: 'Spam',
      decidedBy: admin.user.user_id,
    })
    await refusedOnB(t, user)
  })

  t.test('an account deletion', async (t) => {
    const user = await cachedOnB('Departing')
    t.equal((await send(a, 'DELETE', '/api/user', user)).statusCode, 204)
    await refusedOnB(t, user)
  })

  t.test('a revoked admin role: 403 on the admin API at once', async (t) => {
    const granter = await signedInUser(a, { user_name: 'Granter', isAdmin: true })
    const user = await cachedOnB('Demoted', { isAdmin: true })
    t.equal((await b.inject({ url: '/api/admin/stats', headers: bearer(user.token) })).statusCode, 200)
    const revoked = await send(a, 'PUT', `/api/admin/users/${user.user.user_id}/admin`, granter, { is_admin: false })
    t.equal(revoked.statusCode, 200)
    t.equal((await b.inject({ url: '/api/admin/stats', headers: bearer(user.token) })).statusCode, 403)
  })

  t.test('the user’s own settings are seen at once on the other instance', async (t) => {
    const user = await cachedOnB('Settler')
    t.equal((await send(a, 'PUT', '/api/user/radius', user, { radius: 42 })).statusCode, 200)
    t.equal((await me(b, user)).json<{ user: { radius: number } }>().user.radius, 42)
    t.equal((await send(a, 'PUT', '/api/user/username', user, { user_name: 'Renamed' })).statusCode, 200)
    t.equal((await me(b, user)).json<{ user: { user_name: string } }>().user.user_name, 'Renamed')
    t.equal((await send(a, 'PUT', '/api/user/language', user, { language: 'swedish' })).statusCode, 200)
    t.equal((await me(b, user)).json<{ user: { language: string } }>().user.language, 'swedish')
  })

  t.test('no window: B refuses an ended session even while its bus has not heard of the end yet', async (t) => {
    const user = await cachedOnB('Racer')
    const settler = await cachedOnB('Settler2')
    // From here B hears nothing: neither the logout nor its own heartbeats, as if the network were slow.
    held.hold()
    const started = performance.now()
    t.equal((await send(a, 'POST', '/api/user/logout', user)).statusCode, 204)
    t.ok(performance.now() - started >= BUS_LEASE_MS, 'the logout answered only once the lease had passed')
    t.ok(b.sessionCache.has(sessionOf(user)), 'B still holds the copy: it has not heard of the logout')
    t.equal((await me(b, user)).statusCode, 401, 'and does not answer from it')
    t.equal((await send(a, 'PUT', '/api/user/radius', settler, { radius: 7 })).statusCode, 200)
    t.equal((await me(b, settler)).json<{ user: { radius: number } }>().user.radius, 7, 'a change is seen too')
    held.release()
    await waitUntil(() => !b.sessionCache.has(sessionOf(user)))
    await copiedOnB(settler)
    t.equal((await me(b, settler)).json<{ user: { radius: number } }>().user.radius, 7, 'the new copy is the new row')
  })
})

t.test('a bus that reconnected may have missed messages: the whole cache goes', async (t) => {
  const { proxy, url: viaProxy } = await proxiedDatabase(t, await createTestDatabase(t))
  const app = await buildTestApp(t, { DATABASE_URL: viaProxy })
  const users = [await signedInUser(app, { user_name: 'One' }), await signedInUser(app, { user_name: 'Two' })]
  for (const user of users) t.equal((await me(app, user)).statusCode, 200)
  t.equal(app.sessionCache.size, 2)
  let sizeAtResync: number | undefined
  app.events.onResync(() => (sizeAtResync ??= app.sessionCache.size))
  await proxy.cut()
  await proxy.restore()
  await waitUntil(() => sizeAtResync !== undefined)
  t.equal(sizeAtResync, 0, 'cleared before anything else heard of the resync')
  for (const user of users) t.equal((await me(app, user)).statusCode, 200, 'and filled again from the database')
})

t.test('the embedded database: the in-process bus drops copies before the change answers', async (t) => {
  const { app } = await listenEmbedded(t)
  const user = await signedInUser(app, { user_name: 'Embedded' })
  t.equal((await me(app, user)).statusCode, 200)
  t.ok(servedFromCopy(app, user), 'one process: its bus is always current')
  const rename = await app.inject({
    method: 'PUT',
    url: '/api/user/username',
    headers: bearer(user.token),
    payload: { user_name: 'Renamed' },
  })
  t.equal(rename.statusCode, 200)
  t.equal((await me(app, user)).json<{ user: { user_name: string } }>().user.user_name, 'Renamed')
  const out = await app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(user.token), payload: {} })
  t.equal(out.statusCode, 204)
  t.notOk(app.sessionCache.has(sessionOf(user)))
  t.equal((await me(app, user)).statusCode, 401)
})
