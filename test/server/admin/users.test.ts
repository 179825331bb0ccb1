import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, tempDir } from '../../helper.ts'
import { bearer } from '../../accounts.ts'
import { openEvents, type ServerEvent } from '../../event-client.ts'
import { type Actor } from '../../requests.ts'
import { ADMIN_USER_ERRORS } from '../../../server/domain/admin/errors.ts'
import { insertUser } from './helpers.ts'
import { helpedCount, recordHelp } from '../../../server/domain/requests/thanks.ts'
import { signedIn } from '../../signed-in.ts'

interface Listed {
  user_id: number
  user_name: string
  created_at: string
  is_admin: boolean
  requests_made: number
  requests_helped: number
  cyclists_helped: number
  reach_reveals_today: number
  reach_reveals_30d: number
  let_gos_30d: number
}
interface List {
  users: Listed[]
  total: number
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

const list = async (admin: Actor, query = '') => {
  const answer = await admin.get(`/api/admin/users${query}`)
  return { status: answer.status, body: answer.body as unknown as List }
}
const names = (body: List) => body.users.map((user) => user.user_name)

async function insertRequest(
  app: FastifyInstance,
  fields: {
    owner: number
    helper?: number
    status?: 'new' | 'in progress' | 'completed'
    test?: boolean
    deleted?: boolean
  },
): Promise<number> {
  const completed = fields.status === 'completed'
  const [row] = await app.sql<{ request_id: number }[]>`
    insert into requests (owner_id, category, status, description, responder_id, completed_at, got_help, is_test,
      deleted_at)
    values (${fields.owner}, 'other', ${fields.status ?? 'new'}, 'Known data', ${fields.helper ?? null},
      ${completed ? new Date() : null}, ${completed ? true : null}, ${fields.test ?? false},
      ${fields.deleted ? new Date() : null})
    returning request_id
  `
  // As the ready mark records it (in its transaction): the helped count is kept apart from the request.
  if (completed) await app.sql.begin((tx) => recordHelp(tx, row!.request_id))
  return row!.request_id
}

t.test('the list: newest first, counts of made and helped requests on known data, never a phone number', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  const owner = await insertUser(app, { user_name: 'Owner', created_at: '2026-01-02T10:00:00Z' })
  const helper = await insertUser(app, { user_name: 'Helper', created_at: '2026-01-03T10:00:00Z' })
  const idle = await insertUser(app, { user_name: 'Idle', created_at: '2026-01-01T10:00:00Z' })
  const o = owner.user_id
  const h = helper.user_id
  // Made: two real ones count; a test and a deleted one do not.
  await insertRequest(app, { owner: o })
  await insertRequest(app, { owner: o, status: 'in progress', helper: h })
  await insertRequest(app, { owner: o, test: true })
  await insertRequest(app, { owner: o, deleted: true })
  // Helped: in progress now (above) and completed with them as helper, also one deleted since its completion
  // (the help was given); not a test or a released one.
  await insertRequest(app, { owner: o, status: 'completed', helper: h })
  await insertRequest(app, { owner: o, status: 'in progress', helper: h, test: true })
  await insertRequest(app, { owner: o, status: 'completed', helper: h, deleted: true })
  const released = await insertRequest(app, { owner: o })
  await app.sql`
    insert into request_responses (request_id, responder_id, ended_at, outcome, let_go)
    values (${released}, ${h}, now(), 'released', true)
  `
  // Let-gos: the one above counts; one of 31 days ago does not.
  const longAgo = await insertRequest(app, { owner: o, status: 'completed' })
  await app.sql`
    insert into request_responses (request_id, responder_id, started_at, ended_at, outcome, let_go)
    values (${longAgo}, ${h}, now() - interval '31 days', now() - interval '31 days', 'released', true)
  `
  // The helper's own request, completed without anyone: made 1 for them.
  await insertRequest(app, { owner: h, status: 'completed' })

  const { status, body } = await list(admin)
  t.equal(status, 200)
  const adminRow = body.users[0]!
  t.strictSame(body, {
    total: 4,
    users: [
      {
        user_id: admin.user.user.user_id,
        user_name: 'Admin',
        created_at: adminRow.created_at,
        is_admin: true,
        requests_made: 0,
        requests_helped: 0,
        cyclists_helped: 0,
        reach_reveals_today: 0,
        reach_reveals_30d: 0,
        let_gos_30d: 0,
        suspension: null,
      },
      {
        user_id: h,
        user_name: 'Helper',
        created_at: '2026-01-03T10:00:00.000Z',
        is_admin: false,
        requests_made: 1,
        requests_helped: 3,
        cyclists_helped: 1,
        reach_reveals_today: 0,
        reach_reveals_30d: 0,
        let_gos_30d: 1,
        suspension: null,
      },
      {
        user_id: o,
        user_name: 'Owner',
        created_at: '2026-01-02T10:00:00.000Z',
        is_admin: false,
        // New, two in progress/completed with the helper, the released one, the one let go long ago.
        requests_made: 5,
        requests_helped: 0,
        cyclists_helped: 0,
        reach_reveals_today: 0,
        reach_reveals_30d: 0,
        let_gos_30d: 0,
        suspension: null,
      },
      {
        user_id: idle.user_id,
        user_name: 'Idle',
        created_at: '2026-01-01T10:00:00.000Z',
        is_admin: false,
        requests_made: 0,
        requests_helped: 0,
        cyclists_helped: 0,
        reach_reveals_today: 0,
        reach_reveals_30d: 0,
        let_gos_30d: 0,
        suspension: null,
      },
    ],
  })
  t.ok(Date.now() - Date.parse(adminRow.created_at) < 60_000, 'the admin registered just now')
  t.equal(
    body.users[1]!.cyclists_helped,
    await helpedCount(app.sql, h),
    'cyclists helped is the count the helper sees (three requests of one owner: one cyclist)',
  )
  const raw = JSON.stringify(body)
  for (const phone of [owner.phone, helper.phone, idle.phone, admin.user.user.phone])
    t.notOk(raw.includes(phone.slice(1)), 'no phone number in the list')
  t.notOk(raw.includes('phone'), 'no phone field either')
})

t.test('search: any case, trimmed, % and _ literal, at most 16 characters', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  // Names the API would refuse, written straight to the database: the search must take them literally.
  const stored = ['Anna_B', 'AnnaXB', 'Ännä', '100%', 'A100x', 'Sixteen_chars_16', 'Back\\slash']
  for (const [i, user_name] of stored.entries())
    await insertUser(app, { user_name, created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() })

  const search = async (q: string) => (await list(admin, `?q=${encodeURIComponent(q)}`)).body
  t.strictSame(names(await search('anna')), ['AnnaXB', 'Anna_B'], 'any case, newest first')
  t.strictSame(names(await search('  ANNA  ')), ['AnnaXB', 'Anna_B'], 'trimmed')
  t.strictSame(names(await search('_')), ['Sixteen_chars_16', 'Anna_B'], '_ is a plain character')
  t.strictSame(names(await search('a_b')), ['Anna_B'], '_ matches only itself')
  t.strictSame(names(await search('%')), ['100%'], '% is a plain character')
  t.strictSame(names(await search('100%')), ['100%'])
  t.strictSame(names(await search('ännä')), ['Ännä'], 'Finnish letters in any case')
  t.strictSame(names(await search('\\')), ['Back\\slash'], 'the escape character is a plain character too')
  t.strictSame(names(await search('k\\s')), ['Back\\slash'])
  t.strictSame(await search('nobody'), { users: [], total: 0 })
  t.equal((await search('   ')).total, 8, 'a blank search lists everyone')
  t.strictSame(names(await search('Sixteen_chars_16')), ['Sixteen_chars_16'], '16 characters are fine')

  const long = await list(admin, `?q=${'x'.repeat(17)}`)
  t.equal(long.status, 400)
  t.equal((long.body as unknown as { message: string }).message, ADMIN_USER_ERRORS.searchTooLong)
  t.equal(
    (await list(admin, `?q=${encodeURIComponent(` ${'ä'.repeat(16)} `)}`)).status,
    200,
    'counted trimmed, in characters',
  )
  t.equal((await list(admin, '?offset=-1')).status, 400, 'a negative offset is refused')
})

t.test('paging: 50 a page, newest first, the total on every page and past the end', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  await app.sql`
    insert into users (user_name, phone, password_hash, created_at)
    select 'Rider ' || i, '+35840' || lpad(i::text, 7, '0'), 'not a real hash', '2026-01-01'::timestamptz + i * interval '1 hour'
    from generate_series(1, 120) i
  `
  const first = (await list(admin)).body
  t.equal(first.total, 121)
  t.equal(first.users.length, 50)
  t.strictSame(names(first).slice(0, 3), ['Admin', 'Rider 120', 'Rider 119'])
  const second = (await list(admin, '?offset=50')).body
  t.strictSame([second.total, second.users[0]?.user_name, second.users.length], [121, 'Rider 71', 50])
  const last = (await list(admin, '?offset=100')).body
  t.strictSame([last.total, last.users.length, last.users.at(-1)?.user_name], [121, 21, 'Rider 1'])
  t.strictSame((await list(admin, '?offset=500')).body, { users: [], total: 121 }, 'past the end: the total still')
  const searched = (await list(admin, '?q=rider%201&offset=10')).body
  // "rider 1" matches Rider 1, 10-19 and 100-120: 32 names.
  t.strictSame([searched.total, searched.users.length], [32, 22], 'search and paging together')
})

t.test('the phone on demand: the number, one log row per look, no-store; 404 for an unknown user', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  const user = await insertUser(app, { user_name: 'Looked at', phone: '+358401112223' })
  const views = () =>
    app.sql<{ admin_id: number; user_id: number }[]>`select admin_id, user_id from admin_phone_views order by view_id`
  const look = (id: number) =>
    app.inject({ method: 'POST', url: `/api/admin/users/${id}/phone-view`, headers: bearer(admin.user.token) })

  const first = await look(user.user_id)
  t.equal(first.statusCode, 200)
  t.strictSame(first.json(), { phone: '+358401112223' })
  t.equal(first.headers['cache-control'], 'no-store')
  const adminId = admin.user.user.user_id
  t.strictSame([...(await views())], [{ admin_id: adminId, user_id: user.user_id }], 'one row for one look')
  await look(user.user_id)
  t.equal((await views()).length, 2, 'every look is a row')

  const unknown = await look(999_999)
  t.equal(unknown.statusCode, 404)
  t.equal(unknown.json<{ message: string }>().message, ADMIN_USER_ERRORS.userNotFound)
  t.equal((await views()).length, 2, 'nothing recorded for an unknown user')
})

t.test('grant and revoke: the list row answers, the user’s open app hears at once, never one’s own role', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const base = await listen(app)
  const admin = await signedIn(app, 'Admin', true)
  const user = await signedIn(app, 'Promoted')
  const userId = user.user.user.user_id
  const socket = await openEvents(base, user.user.token)
  t.teardown(() => socket.close())
  const setRole = (id: number, is_admin: boolean) => admin.send('PUT', `/api/admin/users/${id}/admin`, { is_admin })
  const roleIn = (isAdmin: boolean) => (event: ServerEvent) =>
    event.type === 'user.updated' && (event as { user?: { isAdmin?: boolean } }).user?.isAdmin === isAdmin

  const granted = await setRole(userId, true)
  t.equal(granted.status, 200)
  t.match(granted.body, {
    user_id: userId,
    user_name: 'Promoted',
    is_admin: true,
    requests_made: 0,
    requests_helped: 0,
    cyclists_helped: 0,
  })
  await socket.next(roleIn(true))
  t.pass('the user’s stream got user.updated with the admin role')
  t.equal((await user.get('/api/admin/users')).status, 200, 'and the API lets them in')

  const revoked = await setRole(userId, false)
  t.equal(revoked.status, 200)
  t.equal(revoked.body.is_admin, false)
  await socket.next(roleIn(false))
  t.equal((await user.get('/api/admin/users')).status, 403, 'revoked: out again')

  const own = await setRole(admin.user.user.user_id, false)
  t.strictSame([own.status, own.body.message], [400, ADMIN_USER_ERRORS.ownRole])
  const [stillAdmin] = await app.sql`select is_admin from users where user_id = ${admin.user.user.user_id}`
  t.equal(stillAdmin!.is_admin, true, 'the own role is unchanged')

  const unknown = await setRole(999_999, true)
  t.strictSame([unknown.status, unknown.body.message], [404, ADMIN_USER_ERRORS.userNotFound])
  t.equal((await admin.send('PUT', `/api/admin/users/${userId}/admin`, { is_admin: 'yes' })).status, 400)
})

t.test('every users route: 401 without a token, 403 for a non-admin', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const plain = await signedIn(app, 'Plain')
  const target = await insertUser(app, { user_name: 'Target' })
  const routes = [
    { method: 'GET', url: '/api/admin/users' },
    { method: 'POST', url: `/api/admin/users/${target.user_id}/phone-view` },
    { method: 'PUT', url: `/api/admin/users/${target.user_id}/admin`, payload: { is_admin: true } },
  ] as const
  for (const route of routes) {
    const anonymous = await app.inject({ ...route })
    t.equal(anonymous.statusCode, 401, `${route.method} ${route.url} without a token`)
    const refused = await app.inject({ ...route, headers: bearer(plain.user.token) })
    t.equal(refused.statusCode, 403, `${route.method} ${route.url} for a non-admin`)
  }
  const [views] = await app.sql`select count(*)::int as n from admin_phone_views`
  t.equal(views!.n, 0, 'no look recorded for a refused call')
  const [row] = await app.sql`select is_admin from users where user_id = ${target.user_id}`
  t.equal(row!.is_admin, false, 'no role changed by a refused call')
})
