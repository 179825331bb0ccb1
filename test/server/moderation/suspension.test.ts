import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, twoInstances } from '../../helper.ts'
import { bearer, clientAddress, refreshCookie, type RegisteredUser } from '../../accounts.ts'
import { openEvents, type EventClient, type ServerEvent } from '../../event-client.ts'
import { actorFor, type Actor, type Json } from '../../requests.ts'
import { signedInUser } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'
import { suspendAccount, type Suspension } from '../../../server/domain/moderation/suspension.ts'
import { announceChanged } from '../../../server/plugins/suspensions.ts'

/**
 * Suspension and ban (docs/accounts.md, "Suspension and ban"), decided on one instance and felt on the other: every
 * session ends (sockets 4401, access tokens and refresh refused, logins 403 with the decision's words), the user's
 * running responses end as a removal, their open requests are shown to admins only (list, show-all, delta, detail,
 * events), and a lift or the end of the time shows them again.
 */

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

/** A decision as the report's decision endpoint makes it: suspendAccount in a transaction that announces its ids. */
async function suspend(app: FastifyInstance, suspension: Suspension): Promise<void> {
  await app.events.transaction(async (tx, announce) => announceChanged(announce, await suspendAccount(tx, suspension)))
  await app.events.publish({ type: 'user', userId: suspension.userId })
}

/** A whole second: the message names the end to the second. */
const daysAhead = (days: number) => new Date(Math.ceil(Date.now() / 1000) * 1000 + days * 86_400_000)
const isoSecond = (at: Date) => at.toISOString().replace('.000Z', 'Z')

interface Setup {
  a: FastifyInstance
  b: FastifyInstance
  baseA: string
  baseB: string
  clients: EventClient[]
}

async function setUp(t: Test): Promise<Setup> {
  const { a, b } = await twoInstances(t)
  const setup = { a, b, baseA: await listen(a), baseB: await listen(b), clients: [] as EventClient[] }
  t.teardown(() => setup.clients.forEach((client) => client.close()))
  return setup
}

let people = 0
const person = async (app: FastifyInstance, name: string, isAdmin = false) =>
  signedInUser(app, { user_name: `${name}${++people}`, isAdmin })

function connect(setup: Setup, base: string, user: RegisteredUser): Promise<EventClient> {
  return openEvents(base, user.token).then((client) => {
    setup.clients.push(client)
    return client
  })
}

const about = (type: string, id: number) => (event: ServerEvent) =>
  event.type === type && (event.request?.request_id ?? event.request_id) === id

const ids = (list: Json[]) => list.map((request) => request.request_id as number)

function login(app: FastifyInstance, user: RegisteredUser) {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { identifier: user.user.user_name, password: user.password },
    remoteAddress: clientAddress(),
  })
}

const refresh = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/user/refresh-token', payload: {}, cookies: { refresh_token: cookie } })

t.test('a suspension on one instance: everything it does, seen through the other', async (t) => {
  const setup = await setUp(t)
  const { a, b } = setup
  const admin = await person(a, 'Mod', true)
  const suspended = await person(a, 'Rude')
  const owner = await person(a, 'Owner')
  const helper = await person(a, 'Helper')
  const viewer = await person(a, 'Viewer')
  const [x, o, h, v, m] = [suspended, owner, helper, viewer, admin].map((user) => actorFor(b, user)) as [
    Actor,
    Actor,
    Actor,
    Actor,
    Actor,
  ]

  // The suspended user: a completed request, an open one waiting, one a helper is on, and a response of their own.
  const completed = (await x.create()).body.request_id
  t.equal((await x.send('PUT', `/api/requests/${completed}/setready`, { gotHelp: 0 })).status, 200)
  const waiting = (await x.create()).body.request_id
  const helped = (await x.create({ description: 'Chain off' })).body.request_id
  t.equal((await h.send('PUT', `/api/requests/${helped}/addresponder`)).status, 200)
  const ownersRequest = (await o.create()).body.request_id
  t.equal((await x.send('PUT', `/api/requests/${ownersRequest}/addresponder`)).status, 200)
  const secondLogin = await login(a, suspended)
  t.equal(secondLogin.statusCode, 200)
  const fullList = await b.inject({ url: '/api/requests', headers: bearer(viewer.token) })
  const cursor = fullList.headers['x-sync-cursor'] as string
  t.ok(ids(fullList.json<Json[]>()).includes(waiting), 'the open request is listed before')

  const socketOnA = await connect(setup, setup.baseA, suspended)
  const socketOnB = await connect(setup, setup.baseB, suspended)
  const ownerSocket = await connect(setup, setup.baseB, owner)
  const helperSocket = await connect(setup, setup.baseB, helper)
  const viewerSocket = await connect(setup, setup.baseB, viewer)
  const adminSocket = await connect(setup, setup.baseB, admin)

  const until = daysAhead(7)
  const reason = 'Threatening messages to a helper'
  await suspend(a, { userId: suspended.user.user_id, until, reason, decidedBy: admin.user.user_id })
  const refusal = `Account suspended until ${isoSecond(until)}: ${reason}`

  await t.test('every session ends on both instances', async (t) => {
    t.same(await socketOnA.closed, { code: 4401, reason: 'Session ended' }, 'the socket on the deciding instance')
    t.same(await socketOnB.closed, { code: 4401, reason: 'Session ended' }, 'the socket on the other instance')
    for (const token of [suspended.token, secondLogin.json<{ token: string }>().token]) {
      const me = await b.inject({ url: '/api/user/protected-route', headers: bearer(token) })
      t.equal(me.statusCode, 401, 'an access token is refused')
    }
    t.equal((await x.create()).status, 401, 'and so is every call')
    for (const cookie of [suspended.cookie, refreshCookie(secondLogin)!]) {
      const refused = await refresh(b, cookie)
      t.equal(refused.statusCode, 403)
      t.same(refused.json(), { message: refusal }, 'a refresh says why')
    }
    const again = await login(b, suspended)
    t.equal(again.statusCode, 403)
    t.same(again.json(), { message: refusal }, 'a login says why, with the end to the second')
    t.notOk(refreshCookie(again), 'and starts no session')
    const wrong = await b.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { identifier: suspended.user.user_name, password: 'not the password' },
      remoteAddress: clientAddress(),
    })
    t.equal(wrong.statusCode, 401, 'without the password nobody learns of the decision')
    const [sessions] = await a.sql<{ live: number }[]>`
      select count(*)::int as live from sessions where user_id = ${suspended.user.user_id} and revoked_at is null`
    t.equal(sessions!.live, 0, 'every session is revoked')
  })

  await t.test('the response ends as a removal, and the owner is told', async (t) => {
    const told = await ownerSocket.next(about('request.upserted', ownersRequest))
    t.match(told.request, { status: 'new', responder_id: null, responder_user_name: null })
    const seen = await o.get(`/api/requests/${ownersRequest}`)
    t.match(seen.body, { status: 'new', responder_id: null })
    const [response] = await a.sql<{ outcome: string }[]>`
      select outcome from request_responses where request_id = ${ownersRequest}`
    t.equal(response!.outcome, 'removed', 'final: that helper can never take it again')
  })

  await t.test('their open requests are hidden from everyone but admins', async (t) => {
    for (const id of [waiting, helped]) {
      await viewerSocket.next(about('request.hidden', id))
      t.match((await adminSocket.next(about('request.upserted', id))).request, { request_id: id })
      t.equal((await v.get(`/api/requests/${id}`)).status, 404, 'detail: 404')
      t.equal((await h.get(`/api/requests/${id}`)).status, 404, 'also for the helper who was on it')
      t.equal((await m.get(`/api/requests/${id}`)).status, 200, 'admins still open it')
    }
    await helperSocket.next(about('request.hidden', helped))
    const [helperResponse] = await a.sql<{ outcome: string }[]>`
      select outcome from request_responses where request_id = ${helped} and responder_id = ${helper.user.user_id}`
    t.equal(helperResponse!.outcome, 'removed', 'the helper on it is let go')
    const nearby = ids((await v.get('/api/requests')).body)
    const all = ids((await v.get('/api/requests?all=1')).body)
    for (const list of [nearby, all]) {
      t.notOk(list.includes(waiting) || list.includes(helped), 'not in the list nor show-all')
      t.ok(list.includes(completed), 'a completed one stays in the history')
    }
    const delta = (await v.get(`/api/requests?since=${cursor}`)).body as unknown as {
      removed: number[]
      requests: Json[]
    }
    t.ok(delta.removed.includes(waiting) && delta.removed.includes(helped), 'a delta drops them')
    t.notOk(ids(delta.requests).includes(waiting))
    const adminAll = ids((await m.get('/api/requests?all=1')).body)
    t.ok(adminAll.includes(waiting) && adminAll.includes(helped), 'admins list them')
    // Marked for admins, so the dashboard says why nobody else sees them (docs/admin.md, "Dashboard").
    const adminRows = (await m.get('/api/requests?all=1')).body as unknown as Json[]
    const flag = (id: number) => adminRows.find((r) => r.request_id === id)?.ownerSuspended
    t.equal(flag(waiting), true, 'an open request of the suspended owner: ownerSuspended')
    t.equal(flag(helped), true, 'the one that was being helped too')
    t.equal(flag(completed), undefined, 'not a completed one: it is history, shown to all')
    t.notOk(
      ((await v.get('/api/requests?all=1')).body as unknown as Json[]).some((r) => 'ownerSuspended' in r),
      'never in anyone else`s answer',
    )
    // A marker: a change the viewer hears of after the suspension; nothing about the hidden ones came before it.
    const marker = (await o.create({ description: 'Marker' })).body.request_id
    await viewerSocket.next(about('request.upserted', marker))
    const after = viewerSocket.events.slice(viewerSocket.events.findIndex(about('request.hidden', waiting)))
    t.notOk(
      after.some(
        (event) => event.type === 'request.upserted' && [waiting, helped].includes(event.request!.request_id as number),
      ),
      'no upsert of a hidden request reached the viewer',
    )
  })

  await t.test("the admin's user card shows it, without a phone number", async (t) => {
    const listed = await m.get(`/api/admin/users?q=${encodeURIComponent(suspended.user.user_name)}`)
    t.equal(listed.status, 200)
    t.match((listed.body as unknown as { users: Array<{ suspension: unknown }> }).users[0]!.suspension, {
      until: until.toISOString(),
      reason,
      decided_at: String,
    })
    t.notOk(JSON.stringify(listed.body).includes(suspended.user.phone), 'no phone number in the answer')
  })

  await t.test('a lift lets them in again and shows their requests', async (t) => {
    const visitor = await b.inject({ method: 'DELETE', url: `/api/admin/users/${suspended.user.user_id}/suspension` })
    t.equal(visitor.statusCode, 401)
    t.equal((await v.send('DELETE', `/api/admin/users/${suspended.user.user_id}/suspension`)).status, 403)
    const lifted = await m.send('DELETE', `/api/admin/users/${suspended.user.user_id}/suspension`)
    t.equal(lifted.status, 204)
    t.match(await viewerSocket.next(about('request.upserted', waiting)), { request: { status: 'new' } })
    t.ok(ids((await v.get('/api/requests')).body).includes(waiting), 'listed again')
    t.match((await v.get(`/api/requests/${helped}`)).body, { status: 'new', responder_id: null })
    t.equal((await login(b, suspended)).statusCode, 200, 'a login works again')
    t.equal((await refresh(b, suspended.cookie)).statusCode, 401, 'the sessions it ended stay ended')
    const twice = await m.send('DELETE', `/api/admin/users/${suspended.user.user_id}/suspension`)
    t.same(twice, { status: 404, body: { message: 'This user is not suspended' } })
  })
})

t.test('a ban, and a suspension that ends by time', async (t) => {
  const setup = await setUp(t)
  const { a, b } = setup
  const admin = await person(a, 'Mod', true)
  const banned = await person(a, 'Spammer')
  const viewer = await person(a, 'Viewer')
  const request = (await actorFor(a, banned).create()).body.request_id
  const viewerSocket = await connect(setup, setup.baseB, viewer)
  const bannedSocket = await connect(setup, setup.baseB, banned)

  await suspend(a, { userId: banned.user.user_id, until: null, reason: 'Fake requests', decidedBy: admin.user.user_id })
  t.same(await bannedSocket.closed, { code: 4401, reason: 'Session ended' })
  const refused = await login(b, banned)
  t.equal(refused.statusCode, 403)
  t.same(refused.json(), { message: 'Account banned: Fake requests' })
  await viewerSocket.next(about('request.hidden', request))

  // A new decision replaces the one in force: a suspension of a day, whose end then passes.
  await suspend(a, {
    userId: banned.user.user_id,
    until: daysAhead(1),
    reason: 'Reduced',
    decidedBy: admin.user.user_id,
  })
  t.equal((await login(b, banned)).statusCode, 403)
  await a.sql`
    update account_suspensions set decided_at = now() - interval '2 days', ends_at = now() - interval '1 second'
    where user_id = ${banned.user.user_id} and lifted_at is null`
  t.equal((await login(b, banned)).statusCode, 200, 'its end lets them in at once')
  const viewerActor = actorFor(b, viewer)
  t.equal((await viewerActor.get(`/api/requests/${request}`)).status, 200, 'and shows the request at once')
  await b.suspensions.endExpired()
  t.match(await viewerSocket.next(about('request.upserted', request)), { request: { request_id: request } })
  const history = await a.sql<{ lifted_by: number | null; ended_by_time: boolean }[]>`
    select lifted_by, coalesce(lifted_at = ends_at, false) as ended_by_time from account_suspensions
    where user_id = ${banned.user.user_id} order by suspension_id`
  t.same(history, [
    { lifted_by: admin.user.user_id, ended_by_time: false },
    { lifted_by: null, ended_by_time: true },
  ])
})

t.test('refused: yourself, an unknown user, no reason, an end in the past', async (t) => {
  const a = await buildTestApp(t)
  const admin = await person(a, 'Mod', true)
  const user = await person(a, 'Someone')
  const attempt = (suspension: Partial<Suspension>) =>
    a.sql
      .begin((tx) =>
        suspendAccount(tx, {
          userId: user.user.user_id,
          until: daysAhead(1),
          reason: 'Spam',
          decidedBy: admin.user.user_id,
          ...suspension,
        }),
      )
      .then(
        () => 'suspended',
        (error: { statusCode?: number; message: string }) => `${error.statusCode} ${error.message}`,
      )
  t.equal(await attempt({ userId: admin.user.user_id }), '400 You cannot suspend yourself')
  t.equal(await attempt({ userId: 2_000_000_000 }), '404 No such user')
  t.equal(await attempt({ reason: '   ' }), '400 The reason must be 1-500 characters')
  t.equal(await attempt({ reason: 'x'.repeat(501) }), '400 The reason must be 1-500 characters')
  t.equal(await attempt({ until: new Date(Date.now() - 1000) }), '400 A suspension must end in the future')
  const [rows] = await a.sql<{ n: number }[]>`select count(*)::int as n from account_suspensions`
  t.equal(rows!.n, 0, 'nothing stored')
})

t.test('a take-over racing the suspension is refused once it commits', async (t) => {
  const a = await buildTestApp(t)
  const admin = await person(a, 'Mod', true)
  const suspended = await person(a, 'Racer')
  const other = await person(a, 'Other')
  const [x, o] = [actorFor(a, suspended), actorFor(a, other)]
  const othersRequest = (await o.create()).body.request_id
  const ownRequest = (await x.create()).body.request_id

  let decided = false
  let commit!: () => void
  const held = new Promise<void>((resolve) => (commit = resolve))
  const suspending = a.sql.begin(async (tx) => {
    await suspendAccount(tx, {
      userId: suspended.user.user_id,
      until: null,
      reason: 'Race',
      decidedBy: admin.user.user_id,
    })
    decided = true
    await held
  })
  await waitUntil(() => decided)
  // Both pass the session check (the suspension is not committed) and wait for its row locks.
  const takeOver = x.send('PUT', `/api/requests/${othersRequest}/addresponder`)
  const takeOwn = o.send('PUT', `/api/requests/${ownRequest}/addresponder`)
  await waitUntil(async () => {
    const [waiting] = await a.sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`
    return waiting!.n === 2
  })
  commit()
  await suspending
  t.same(await takeOver, { status: 403, body: { message: 'Account banned: Race' } }, 'the suspended user takes nothing')
  t.same(await takeOwn, { status: 404, body: { message: 'Request not found' } }, 'nobody takes a hidden request')
  const [responses] = await a.sql<{ n: number }[]>`select count(*)::int as n from request_responses`
  t.equal(responses!.n, 0)
})
