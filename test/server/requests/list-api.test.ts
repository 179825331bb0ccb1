import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { purgeExpired } from '../../../server/domain/shared/housekeeping.ts'
import {
  PAGE_SIZE,
  signCursor,
  SYNC_CURSOR_KEY_PURPOSE,
  SYNC_CURSOR_MAX_AGE_DAYS,
} from '../../../server/domain/requests/list.ts'
import { bearer, type RegisteredUser } from '../../accounts.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { type RequestJson } from '../../requests.ts'
import { changedByHand, signedIn } from '../../signed-in.ts'

const HELSINKI = { latitude: 60.17, longitude: 24.94 }
const ESPOO = { latitude: 60.205, longitude: 24.655 } // ~16 km from Helsinki
const TAMPERE = { latitude: 61.4978, longitude: 23.761 } // ~161 km
const STOCKHOLM = { latitude: 59.3293, longitude: 18.0686 } // ~400 km
const BERLIN = { latitude: 52.52, longitude: 13.405 } // ~1100 km

interface Answer {
  status: number
  body: RequestJson[] & { requests: RequestJson[]; removed: number[]; message: string }
  syncCursor: string | undefined
  nextCursor: string | undefined
}

async function list(app: FastifyInstance, user: RegisteredUser, query = ''): Promise<Answer> {
  const response = await app.inject({ url: `/api/requests${query}`, headers: bearer(user.token) })
  return {
    status: response.statusCode,
    body: response.json(),
    syncCursor: response.headers['x-sync-cursor'] as string | undefined,
    nextCursor: response.headers['x-next-cursor'] as string | undefined,
  }
}

/** What a sync cursor says (its signed part). */
const cursorState = (cursor: string) =>
  JSON.parse(Buffer.from(cursor.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>

const ids = (requests: RequestJson[]) => requests.map((r) => r.request_id).sort((a, b) => a - b)

interface Row {
  owner_id: number
  latitude?: number | null
  longitude?: number | null
  status?: string
  responder_id?: number | null
  is_test?: boolean
  completed_at?: Date | null
  got_help?: boolean | null
  deleted_at?: Date | null
}

/** Rows straight into the table: the list's rule is under test here, not the limits of creating them. */
async function insert<T extends Row[]>(app: FastifyInstance, rows: [...T]): Promise<{ [K in keyof T]: number }> {
  const full = (rows as Row[]).map((row) => ({
    category: 'other',
    description: 'Needs a pump',
    latitude: null,
    longitude: null,
    status: 'new',
    responder_id: null,
    is_test: false,
    completed_at: null,
    got_help: null,
    deleted_at: null,
    ...row,
  }))
  const inserted = await app.sql<{ request_id: number }[]>`insert into requests ${app.sql(full)} returning request_id`
  return inserted.map((row) => row.request_id) as { [K in keyof T]: number }
}

async function place(
  app: FastifyInstance,
  user: RegisteredUser,
  at: { latitude: number | null; longitude: number | null },
  radius = 10,
) {
  await app.sql`
    update users set latitude = ${at.latitude}, longitude = ${at.longitude}, radius = ${radius}
    where user_id = ${user.user.user_id}
  `
  changedByHand(app, user.user.user_id)
}

t.test('GET /api/requests answers the visibility of the contract, decided on the server', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, REQUEST_HISTORY_DAYS: 7 })
  const viewer = (await signedIn(app, 'Viewer')).user
  const owner = (await signedIn(app, 'Owner')).user
  const admin = (await signedIn(app, 'Admin')).user
  await app.sql`update users set is_admin = true where user_id = ${admin.user.user_id}`
  changedByHand(app, admin.user.user_id)
  const me = viewer.user.user_id
  const them = owner.user.user_id
  const days = (n: number) => new Date(Date.now() - n * 86_400_000)
  const [near, far, farOwn, farHelping, noLocation, nearTest, recentDone, oldDone, deleted, stockholm, berlin] =
    await insert(app, [
      { owner_id: them, ...HELSINKI },
      { owner_id: them, ...TAMPERE },
      { owner_id: me, ...TAMPERE },
      { owner_id: them, ...TAMPERE, status: 'in progress', responder_id: me },
      { owner_id: them },
      { owner_id: admin.user.user_id, ...HELSINKI, is_test: true },
      { owner_id: them, ...HELSINKI, status: 'completed', completed_at: days(6), got_help: true },
      { owner_id: them, ...HELSINKI, status: 'completed', completed_at: days(8), got_help: true },
      { owner_id: them, ...HELSINKI, deleted_at: new Date() },
      { owner_id: them, ...STOCKHOLM },
      { owner_id: them, ...BERLIN },
    ])

  await place(app, viewer, HELSINKI)
  const answer = await list(app, viewer)
  t.equal(answer.status, 200)
  t.ok(Array.isArray(answer.body), 'still an array of requests (the contract)')
  t.same(
    ids(answer.body),
    [near, farOwn, farHelping, noLocation, recentDone],
    'own, responding, no location, within the radius, recent history; not far, test, old, deleted',
  )
  t.ok(answer.syncCursor, 'with a cursor for the changes that follow')
  t.equal(answer.nextCursor, undefined, 'and no page cursor: it is the whole list')
  t.match(
    answer.body.find((r) => r.request_id === farOwn),
    { isOwnRequest: true },
  )
  const everything = ids((await list(app, admin, '?all=1')).body)
  t.notOk(everything.includes(oldDone), 'older history is out of every list')
  t.notOk(everything.includes(deleted), 'and a deleted request too')

  await place(app, viewer, HELSINKI, 999)
  t.same(
    ids((await list(app, viewer)).body),
    [near, far, farOwn, farHelping, noLocation, recentDone, stockholm],
    '999 km reaches Stockholm, not Berlin',
  )
  await place(app, viewer, ESPOO, 10)
  t.same(ids((await list(app, viewer)).body), [farOwn, farHelping, noLocation], 'Helsinki is 16 km from Espoo')
  await place(app, viewer, { latitude: null, longitude: null })
  t.same(
    ids((await list(app, viewer)).body),
    [near, far, farOwn, farHelping, noLocation, recentDone, stockholm, berlin],
    'a viewer sharing no location sees everything but test requests',
  )
  await place(app, admin, ESPOO, 1)
  t.same(
    ids((await list(app, admin)).body),
    [near, far, farOwn, farHelping, noLocation, nearTest, recentDone, stockholm, berlin],
    'an admin sees every request, test ones too',
  )
})

t.test('show-all pages through everything, newest first, stable under inserts', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const viewer = (await signedIn(app, 'Viewer')).user
  const owner = (await signedIn(app, 'Owner')).user
  const spots = [HELSINKI, TAMPERE, BERLIN, { latitude: null, longitude: null }]
  const created = await insert(
    app,
    Array.from({ length: 2 * PAGE_SIZE + 50 }, (_, i) => ({ owner_id: owner.user.user_id, ...spots[i % 4] })),
  )
  await insert(app, [{ owner_id: owner.user.user_id, ...HELSINKI, deleted_at: new Date() }])

  const first = await list(app, viewer, '?all=1')
  t.equal(first.status, 200)
  t.equal(first.body.length, PAGE_SIZE)
  t.same(
    first.body.map((r) => r.request_id),
    [...created].reverse().slice(0, PAGE_SIZE),
    'the newest page first',
  )
  t.ok(first.nextCursor, 'a cursor to the next page')
  const newer = await insert(app, [{ owner_id: owner.user.user_id, ...BERLIN }])
  // A request changed meanwhile keeps its place: pages go by creation, not by the last change.
  await app.sql`update requests set description = 'Changed', updated_at = now() where request_id = ${created[10]!}`
  const second = await list(app, viewer, `?all=1&before=${first.nextCursor}`)
  const third = await list(app, viewer, `?all=1&before=${second.nextCursor}`)
  t.equal(second.body.length, PAGE_SIZE)
  t.equal(third.body.length, 50)
  t.equal(third.nextCursor, undefined, 'no cursor after the last page')
  t.same(
    ids([...first.body, ...second.body, ...third.body]),
    created,
    'every visible request exactly once, none skipped or repeated by the insert',
  )
  t.notOk(
    [...second.body, ...third.body].some((r) => r.request_id === newer[0]),
    'the new one belongs before the first page',
  )
  t.equal((await list(app, viewer, '?all=1')).body[0]!.request_id, newer[0], 'where a fresh first page has it')
})

t.test('since: only what changed, and what left the view', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir, REQUEST_HISTORY_DAYS: 7 })
  const viewerActor = await signedIn(app, 'Viewer')
  const viewer = viewerActor.user
  const ownerActor = await signedIn(app, 'Owner')
  const other = await signedIn(app, 'Other')
  const poster = await signedIn(app, 'Poster')
  const them = ownerActor.user.user.user_id
  await place(app, viewer, HELSINKI)
  // Completed well within the 7-day history; moved to its edge below, once the first list has shown it.
  const ageing = new Date(Date.now() - 7 * 86_400_000 + 3_600_000)
  const [edited, untouched, moved, deleted, far, aged, mine] = await insert(app, [
    { owner_id: them, ...HELSINKI },
    { owner_id: them, ...HELSINKI },
    { owner_id: other.user.user.user_id, ...HELSINKI },
    { owner_id: other.user.user.user_id, ...HELSINKI },
    { owner_id: them, ...TAMPERE },
    { owner_id: them, ...HELSINKI, status: 'completed', completed_at: ageing, got_help: false },
    { owner_id: viewer.user.user_id, ...HELSINKI },
  ])
  // Older than a cursor's overlap: only what happens from now on is a change.
  await app.sql`update requests set updated_at = now() - interval '1 hour', created_at = now() - interval '1 hour'`
  const full = await list(app, viewer)
  t.same(ids(full.body), [edited, untouched, moved, deleted, aged, mine])

  t.equal((await ownerActor.send('PUT', `/api/requests/${edited}`, { description: 'Two flat tyres now' })).status, 200)
  t.equal((await other.send('PUT', `/api/requests/${moved}/location`, { ...TAMPERE, isApproximate: 0 })).status, 200)
  t.equal((await other.send('DELETE', `/api/requests/${deleted}`)).status, 204)
  const created = (await poster.create({ ...HELSINKI })).body.request_id
  const elsewhere = (await poster.create({ ...BERLIN })).body.request_id
  // Time passes for the aged one instead of the test waiting for it: its completion is moved back to just after the
  // cursor's time less the history window, so it was in the window at the cursor's time and now() has left it behind.
  await app.sql`
    update requests
    set completed_at = to_timestamp(0) + (${String(cursorState(full.syncCursor!).t)}::bigint + 1) * interval '1 microsecond'
      - interval '7 days'
    where request_id = ${aged}`

  const delta = await list(app, viewer, `?since=${full.syncCursor}`)
  t.equal(delta.status, 200)
  t.same(
    ids(delta.body.requests),
    [edited, mine, created].sort((a, b) => a - b),
    'changed, new, and my own',
  )
  t.match(
    delta.body.requests.find((r) => r.request_id === edited),
    { description: 'Two flat tyres now' },
  )
  t.ok(delta.body.removed.includes(moved), 'moved out of reach: gone')
  t.ok(delta.body.removed.includes(deleted), 'deleted: gone')
  t.ok(delta.body.removed.includes(aged), 'past the history window: gone')
  t.ok(delta.body.removed.includes(elsewhere), 'a change out of reach is named as gone, in case it was held')
  t.notOk(delta.body.removed.includes(untouched), 'nothing about what did not change')
  t.notOk(delta.body.removed.includes(far), 'nor about what was never in the list')
  t.ok(delta.syncCursor && delta.syncCursor !== full.syncCursor, 'and a new cursor')

  // The viewer moves: requests that did not change come into and go out of reach.
  await app.sql`update requests set updated_at = now() - interval '1 hour'`
  const before = await list(app, viewer)
  await place(app, viewer, TAMPERE)
  const afterMove = await list(app, viewer, `?since=${before.syncCursor}`)
  t.same(
    ids(afterMove.body.requests),
    [far, moved, mine].sort((a, b) => a - b),
    'now within reach, and my own',
  )
  for (const id of [edited, untouched, created]) t.ok(afterMove.body.removed.includes(id), `${id} left the view`)
  for (const id of [far, moved, mine]) t.notOk(afterMove.body.removed.includes(id), `${id} did not`)
  t.same(ids(afterMove.body.requests), ids((await list(app, viewer)).body), 'the same as a full list from there')
  // A wider radius only adds.
  const cursor = afterMove.syncCursor
  await place(app, viewer, TAMPERE, 200)
  const wider = await list(app, viewer, `?since=${cursor}`)
  t.same(
    ids(wider.body.requests),
    [edited, untouched, created, mine].sort((a, b) => a - b),
  )
  t.notOk(
    wider.body.removed.some((id) => [edited, untouched, created, mine, far, moved].includes(id)),
    'nothing shown is removed',
  )
})

t.test("since: requests deleted with their owner's account are named too, test ones only to admins", async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const viewer = (await signedIn(app, 'Viewer')).user
  const admin = (await signedIn(app, 'Admin')).user
  await app.sql`update users set is_admin = true where user_id = ${admin.user.user_id}`
  changedByHand(app, admin.user.user_id)
  const leaver = await signedIn(app, 'Leaver')
  await place(app, viewer, HELSINKI)
  const [real, test] = await insert(app, [
    { owner_id: leaver.user.user.user_id, ...HELSINKI },
    { owner_id: leaver.user.user.user_id, ...HELSINKI, is_test: true },
  ])
  await app.sql`update requests set updated_at = now() - interval '1 hour'`
  const viewerList = await list(app, viewer)
  const adminList = await list(app, admin)
  t.same(ids(viewerList.body), [real])
  t.same(ids(adminList.body), [real, test])

  t.equal((await leaver.send('DELETE', '/api/user')).status, 204)
  const viewerDelta = await list(app, viewer, `?since=${viewerList.syncCursor}`)
  t.same(viewerDelta.body, { requests: [], removed: [real] }, 'gone, and the test request not even named')
  const adminDelta = await list(app, admin, `?since=${adminList.syncCursor}`)
  t.same(
    adminDelta.body.removed.sort((a, b) => a - b),
    [real, test],
    'an admin held both',
  )

  // A cursor reaches 30 s back (SYNC_OVERLAP); a deletion before that is older than the cursor's list.
  await app.sql`update request_tombstones set deleted_at = now() - interval '1 hour'`
  const later = await list(app, viewer, `?since=${viewerDelta.syncCursor}`)
  t.same(later.body.removed, [], 'named once: a later cursor is past it')
})

t.test('a sync cursor older than the tombstones kept is refused, and old tombstones are purged', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const viewer = (await signedIn(app, 'Viewer')).user
  const { syncCursor } = await list(app, viewer)
  const state = cursorState(syncCursor!)
  // Signed by the server's own key: only the age is under test here.
  const aged = (days: number) =>
    signCursor(
      { ...state, t: String(BigInt(state.t as string) - BigInt(days * 86_400) * 1_000_000n) },
      app.deriveKey(SYNC_CURSOR_KEY_PURPOSE),
    )
  t.equal(
    (await list(app, viewer, `?since=${aged(SYNC_CURSOR_MAX_AGE_DAYS - 1)}`)).status,
    200,
    'a month-old one works',
  )
  const tooOld = await list(app, viewer, `?since=${aged(SYNC_CURSOR_MAX_AGE_DAYS + 1)}`)
  t.equal(tooOld.status, 400)
  t.equal(tooOld.body.message, 'Invalid list cursor: fetch the list again without one.')

  await app.sql`
    insert into request_tombstones (request_id, is_test, deleted_at)
    values (900001, false, now() - make_interval(days => ${SYNC_CURSOR_MAX_AGE_DAYS + 2})),
           (900002, false, now() - make_interval(days => ${SYNC_CURSOR_MAX_AGE_DAYS - 1}))
  `
  t.equal((await purgeExpired(app.sql)).requestTombstones, 1)
  const left = await app.sql<{ request_id: number }[]>`
    select request_id from request_tombstones where request_id > 900000
  `
  t.same(
    left.map((row) => row.request_id),
    [900002],
    'what an accepted cursor may still need stays',
  )
})

t.test('a bad cursor is a 400 with a message', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const viewer = (await signedIn(app, 'Viewer')).user
  const nearbyCursor = (await list(app, viewer)).syncCursor!
  const allCursor = (await list(app, viewer, '?all=1')).syncCursor!
  const forged = Buffer.from(JSON.stringify({ t: 'yesterday', mode: 'nearby' })).toString('base64url')
  for (const query of [
    '?since=notacursor',
    `?since=${forged}`,
    `?since=${allCursor}`,
    `?all=1&since=${nearbyCursor}`,
    '?all=1&before=bm9wZQ',
    `?before=${Buffer.from('{"before":5}').toString('base64url')}`,
    '?since=%22%3B%20drop%20table',
  ]) {
    const answer = await list(app, viewer, query)
    t.equal(answer.status, 400, query)
    t.type(answer.body.message, 'string', `${query} says why`)
  }
  t.equal((await list(app, viewer, `?since=${nearbyCursor}`)).status, 200, 'a good one works')
})

t.test('every number a cursor carries is bounded: out of range is the 400, never a 500', async (t) => {
  const app = await buildTestApp(t, { DATA_DIR: tempDir(t) })
  const viewer = (await signedIn(app, 'Viewer')).user
  const page = (before: unknown) => Buffer.from(JSON.stringify({ before })).toString('base64url')
  // JSON.stringify writes 2^53 and 1e300 as the numbers they are; the text is written out for the biggest.
  const huge = Buffer.from('{"before":1e300}').toString('base64url')
  for (const [what, cursor] of [
    ['2^31', page(2_147_483_648)],
    ['2^53', page(2 ** 53)],
    ['1e300', huge],
    ['zero', page(0)],
  ] as const) {
    const answer = await list(app, viewer, `?all=1&before=${cursor}`)
    t.same(
      [answer.status, answer.body.message],
      [400, 'Invalid list cursor: fetch the list again without one.'],
      `a page cursor of ${what}`,
    )
  }
  t.equal((await list(app, viewer, `?all=1&before=${page(2_147_483_647)}`)).status, 200, 'the largest id is a page')

  // The sync cursor is signed, so only the server writes one; its numbers are bounded all the same.
  const state = cursorState((await list(app, viewer)).syncCursor!)
  const key = app.deriveKey(SYNC_CURSOR_KEY_PURPOSE)
  for (const [what, change] of [
    ['a latitude past the pole', { lat: 1e300, lon: 25 }],
    ['a longitude past the date line', { lat: 60, lon: -181 }],
    ['a radius past 2^31', { radius: 2 ** 53 }],
    ['a blocked id past 2^31', { blocked: [2_147_483_648] }],
  ] as const) {
    const answer = await list(app, viewer, `?since=${signCursor({ ...state, ...change }, key)}`)
    t.same(
      [answer.status, answer.body.message],
      [400, 'Invalid list cursor: fetch the list again without one.'],
      `a sync cursor with ${what}`,
    )
  }
})

t.test('a sync cursor is believed only as signed, for its own viewer and their role now', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const viewer = (await signedIn(app, 'Viewer')).user
  const other = (await signedIn(app, 'Other')).user
  const owner = await signedIn(app, 'Tester')
  const { syncCursor } = await list(app, viewer)
  // A test request changed after the cursor: what an admin's delta names, and a non-admin's must never.
  const [test] = await insert(app, [{ owner_id: owner.user.user.user_id, is_test: true }])
  const state = cursorState(syncCursor!)
  const testIds = (answer: Answer) => (answer.body.removed ?? []).concat(ids(answer.body.requests ?? []))
  const refused = (answer: Answer, what: string) => {
    t.equal(answer.status, 400, what)
    t.equal(answer.body.message, 'Invalid list cursor: fetch the list again without one.', `${what}: the message`)
    t.notOk(testIds(answer).includes(test), `${what}: no test request id`)
  }

  const asAdmin = { ...state, admin: true }
  const unsigned = Buffer.from(JSON.stringify(asAdmin)).toString('base64url')
  refused(await list(app, viewer, `?since=${unsigned}`), 'a made-up cursor claiming admin, unsigned')
  const [payload, signature] = syncCursor!.split('.')
  const reSigned = `${Buffer.from(JSON.stringify(asAdmin)).toString('base64url')}.${signature}`
  refused(await list(app, viewer, `?since=${reSigned}`), 'admin claimed under the signature of another content')
  refused(await list(app, viewer, `?since=${payload}.${'A'.repeat(43)}`), 'a wrong signature')
  refused(await list(app, viewer, `?since=${payload}`), 'no signature')
  const key = app.deriveKey(SYNC_CURSOR_KEY_PURPOSE)
  refused(
    await list(app, viewer, `?since=${signCursor(asAdmin, key)}`),
    'even signed, a cursor whose role is not the viewer’s',
  )
  refused(await list(app, other, `?since=${syncCursor}`), 'another user’s cursor')

  const own = await list(app, viewer, `?since=${syncCursor}`)
  t.equal(own.status, 200, 'the viewer’s own cursor works')
  t.notOk(testIds(own).includes(test), 'and names no test request to a non-admin')

  // A revoked admin's cursor is stale, so the app loads the whole list again (which drops the test requests).
  await app.sql`update users set is_admin = true where user_id = ${viewer.user.user_id}`
  changedByHand(app, viewer.user.user_id)
  const adminCursor = (await list(app, viewer)).syncCursor!
  await app.sql`update users set is_admin = false where user_id = ${viewer.user.user_id}`
  changedByHand(app, viewer.user.user_id)
  refused(await list(app, viewer, `?since=${adminCursor}`), 'an admin cursor after the role was revoked')
})
