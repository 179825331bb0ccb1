import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, tempDir, twoInstances } from '../../helper.ts'
import { openEvents } from '../../event-client.ts'
import { waitUntil } from '../../wait.ts'
import { helsinkiTodayStart, insertUser } from './helpers.ts'
import { signedIn } from '../../signed-in.ts'

const MINUTE = 60_000

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

interface RequestRow {
  owner: number
  status?: 'new' | 'in progress' | 'completed'
  helper?: number
  created: Date
  responded?: Date
  completed?: Date
  gotHelp?: boolean
  test?: boolean
  deleted?: boolean
}

async function insertRequest(app: FastifyInstance, row: RequestRow): Promise<void> {
  await app.sql`
    insert into requests (owner_id, category, status, description, responder_id, created_at, first_responded_at,
      completed_at, got_help, is_test, deleted_at)
    values (${row.owner}, 'other', ${row.status ?? 'new'}, 'Known data', ${row.helper ?? null}, ${row.created},
      ${row.responded ?? null}, ${row.completed ?? null}, ${row.gotHelp ?? null}, ${row.test ?? false},
      ${row.deleted ? row.created : null})
  `
}

const after = (time: Date, ms: number) => new Date(time.getTime() + ms)

t.test('every figure on known data: Helsinki days, test and deleted requests left out, exact medians', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  // The admin registers through the API: created now, with a location.
  const admin = await signedIn(app, 'Admin', true)
  const todayStart = await helsinkiTodayStart(app)
  const now = new Date()
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * MINUTE)

  const owner = await insertUser(app, {
    user_name: 'Today first',
    created_at: after(todayStart, 1000).toISOString(),
    located: true,
  })
  const helper = await insertUser(app, {
    user_name: 'Late yesterday',
    created_at: after(todayStart, -1000).toISOString(),
  })
  await insertUser(app, { user_name: 'Long ago', created_at: daysAgo(40).toISOString() })
  for (const [endpoint, user] of [
    ['https://push.example/a', owner],
    ['https://push.example/b', owner],
    ['https://push.example/c', helper],
  ] as const)
    await app.sql`insert into push_subscriptions (endpoint, user_id, p256dh, auth) values (${endpoint}, ${user.user_id}, 'k', 'a')`

  const o = owner.user_id
  const h = helper.user_id
  // Open requests.
  await insertRequest(app, { owner: o, created: after(todayStart, 1000) })
  await insertRequest(app, { owner: o, created: after(todayStart, -1000) })
  await insertRequest(app, {
    owner: o,
    status: 'in progress',
    helper: h,
    created: after(todayStart, 2000),
    responded: after(todayStart, 3000),
  })
  // Completed within 30 days: completion 60, 120, 30, 90 and 61 minutes; helper 10, 20, (none), 5, 15.
  const completed = (created: Date, helperMinutes: number | null, completionMinutes: number, gotHelp: boolean) =>
    insertRequest(app, {
      owner: o,
      status: 'completed',
      helper: helperMinutes === null ? undefined : h,
      created,
      responded: helperMinutes === null ? undefined : after(created, helperMinutes * MINUTE),
      completed: after(created, completionMinutes * MINUTE),
      gotHelp,
    })
  await completed(daysAgo(2), 10, 60, true)
  await completed(daysAgo(3), 20, 120, false)
  await completed(daysAgo(5), null, 30, true)
  // Completed exactly at the start of the Helsinki day: today. One second earlier: yesterday.
  await completed(after(todayStart, -90 * MINUTE), 5, 90, true)
  await completed(after(todayStart, -61 * MINUTE - 1000), 15, 61, true)
  // Completed 31 days ago: outside every 30-day figure.
  await completed(daysAgo(32), 1, 24 * 60, true)
  // Test requests and deleted requests count nowhere.
  await insertRequest(app, { owner: o, created: after(todayStart, 1000), test: true })
  await insertRequest(app, {
    owner: o,
    status: 'completed',
    created: after(todayStart, 1000),
    completed: after(todayStart, 2000),
    gotHelp: true,
    test: true,
  })
  await insertRequest(app, { owner: o, created: after(todayStart, 1000), deleted: true })
  await insertRequest(app, {
    owner: o,
    status: 'completed',
    created: daysAgo(1),
    completed: after(todayStart, 1000),
    gotHelp: true,
    deleted: true,
  })

  const answer = await admin.get('/api/admin/stats')
  t.equal(answer.status, 200)
  t.strictSame(answer.body, {
    users: { total: 4, new_today: 2, with_location: 2, push_subscribed: 2 },
    requests: {
      created_today: 2,
      new: 2,
      in_progress: 1,
      completed_today: 1,
      completed_30d: 5,
      got_help_30d: 4,
      median_minutes_to_responder_30d: 12.5,
      median_minutes_to_completion_30d: 61,
    },
    live: { connected_clients: 0, connected_users: 0 },
  })
})

t.test("the medians are null when nothing was completed; live counts this instance's sockets", async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  const other = await signedIn(app, 'Other')
  const base = await listen(app)
  const sockets = [
    await openEvents(base, admin.user.token),
    await openEvents(base, admin.user.token),
    await openEvents(base, other.user.token),
  ]
  t.teardown(() => sockets.forEach((socket) => socket.close()))
  const answer = (await admin.get('/api/admin/stats')).body as unknown as {
    requests: Record<string, unknown>
    live: object
  }
  t.equal(answer.requests.median_minutes_to_responder_30d, null)
  t.equal(answer.requests.median_minutes_to_completion_30d, null)
  t.strictSame(answer.live, { connected_clients: 3, connected_users: 2 })
})

t.test('first_responded_at: set by the first take-over, kept through a release and a second take-over', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const owner = await signedIn(app, 'Owner')
  const first = await signedIn(app, 'First')
  const second = await signedIn(app, 'Second')
  const id = (await owner.create()).body.request_id
  const respondedAt = async () =>
    (await app.sql<{ at: Date | null }[]>`select first_responded_at as at from requests where request_id = ${id}`)[0]!
      .at
  t.equal(await respondedAt(), null, 'null until someone takes it over')
  t.equal((await first.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  const firstTime = await respondedAt()
  t.ok(firstTime instanceof Date, 'set by the take-over')
  t.equal((await first.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
  t.equal((await second.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  t.same(await respondedAt(), firstTime, 'the second take-over keeps the first time')
})

t.test(
  'two instances on one PostgreSQL: live sums both, counts a user on both once, forgets a closed one',
  async (t) => {
    const { a, b } = await twoInstances(t, {}, { events: { liveReportMs: 50 } })
    const admin = await signedIn(a, 'Admin', true)
    const other = await signedIn(a, 'Other')
    const [baseA, baseB] = [await listen(a), await listen(b)]
    const sockets = [
      await openEvents(baseA, admin.user.token),
      await openEvents(baseB, admin.user.token),
      await openEvents(baseB, other.user.token),
    ]
    t.teardown(() => sockets.forEach((socket) => socket.close()))

    const liveUntil = async (expected: object) => {
      let live: unknown
      await waitUntil(async () => {
        live = (await admin.get('/api/admin/stats')).body.live
        return JSON.stringify(live) === JSON.stringify(expected)
      })
      return live
    }
    t.strictSame(
      await liveUntil({ connected_clients: 3, connected_users: 2 }),
      {
        connected_clients: 3,
        connected_users: 2,
      },
      'the admin on both instances is one user',
    )
    await b.close()
    t.strictSame(
      await liveUntil({ connected_clients: 1, connected_users: 1 }),
      {
        connected_clients: 1,
        connected_users: 1,
      },
      "a closed instance's row is gone",
    )
    const [stale] = await a.sql`select count(*)::int as n from live_instances`
    t.equal(stale!.n, 1, 'only the running instance has a row')
  },
)
