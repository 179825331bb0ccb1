import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, tempDir } from '../../helper.ts'
import { bearer } from '../../accounts.ts'
import { helsinkiTodayStart, insertUser } from './helpers.ts'
import { signedIn } from '../../signed-in.ts'

interface Day {
  day: string
  created: number
  completed_with_help: number
  completed_without_help: number
}

interface RequestRow {
  owner: number
  created: Date | string
  completed?: Date | string
  gotHelp?: boolean
  test?: boolean
  deleted?: boolean
}

async function insertRequest(app: FastifyInstance, row: RequestRow): Promise<void> {
  const completed = row.completed !== undefined
  await app.sql`
    insert into requests (owner_id, category, status, description, created_at, completed_at, got_help, is_test,
      deleted_at)
    values (${row.owner}, 'other', ${completed ? 'completed' : 'new'}, 'Known data', ${row.created},
      ${row.completed ?? null}, ${completed ? (row.gotHelp ?? true) : null}, ${row.test ?? false},
      ${row.deleted ? row.created : null})
  `
}

/** Today's date in Helsinki as PostgreSQL sees it, so the test agrees with the server about "today". */
async function helsinkiToday(app: FastifyInstance): Promise<string> {
  const [row] = await app.sql<{ today: string }[]>`
    select to_char((now() at time zone 'Europe/Helsinki')::date, 'YYYY-MM-DD') as today
  `
  return row!.today
}

/** A calendar date `days` before `date` (both YYYY-MM-DD): plain date arithmetic, no time zone involved. */
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

const MINUTE = 60_000
const after = (time: Date, ms: number) => new Date(time.getTime() + ms)

t.test('30 Helsinki days, today last, zeros included; test and deleted requests left out', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  const owner = (await insertUser(app, { user_name: 'Owner' })).user_id
  const today = await helsinkiToday(app)
  const todayStart = await helsinkiTodayStart(app)
  const firstDay = daysBefore(today, 29)
  // The first day of the chart starts 29 Helsinki midnights before today's (whatever DST did in between).
  const [{ firstStart }] = (await app.sql`
    select ((now() at time zone 'Europe/Helsinki')::date - 29)::timestamp at time zone 'Europe/Helsinki'
      as "firstStart"
  `) as unknown as [{ firstStart: Date }]

  // Five days ago, D. 23:30 UTC the evening before is 01:30 or 02:30 on D in Helsinki (UTC+2 or +3): D, not the
  // UTC date. 20:30 UTC on D is 22:30 or 23:30 in Helsinki: still D, though it is the same UTC date as well.
  const d = daysBefore(today, 5)
  await insertRequest(app, { owner, created: `${daysBefore(d, 1)}T23:30:00Z` })
  await insertRequest(app, { owner, created: `${d}T20:30:00Z` })
  // Today's Helsinki midnight exactly is today; one millisecond before is yesterday.
  await insertRequest(app, { owner, created: todayStart })
  await insertRequest(app, { owner, created: after(todayStart, -1) })
  // Created on the chart's first day, completed today with help: counts on both days.
  await insertRequest(app, { owner, created: firstStart, completed: after(todayStart, 1000), gotHelp: true })
  // Created before the chart's first day, completed on D without help: only the completion counts.
  await insertRequest(app, {
    owner,
    created: after(firstStart, -1),
    completed: `${daysBefore(d, 1)}T23:30:00Z`,
    gotHelp: false,
  })
  // Completed a millisecond before today: yesterday, with help.
  await insertRequest(app, { owner, created: after(todayStart, -60 * MINUTE), completed: after(todayStart, -1) })
  // Test requests and deleted requests count nowhere.
  await insertRequest(app, { owner, created: after(todayStart, 1000), test: true })
  await insertRequest(app, { owner, created: after(todayStart, 1000), completed: after(todayStart, 2000), test: true })
  await insertRequest(app, { owner, created: after(todayStart, 1000), deleted: true })
  await insertRequest(app, {
    owner,
    created: `${d}T10:00:00Z`,
    completed: `${d}T11:00:00Z`,
    gotHelp: false,
    deleted: true,
  })

  const answer = await admin.get('/api/admin/requests-per-day')
  t.equal(answer.status, 200)
  const days = (answer.body as unknown as { days: Day[] }).days
  t.equal(days.length, 30, 'exactly 30 days')
  t.equal(days[0]!.day, firstDay, 'the first is 29 days before today')
  t.equal(days[29]!.day, today, 'today is last')
  t.same(
    days.map((day) => day.day),
    Array.from({ length: 30 }, (_, i) => daysBefore(today, 29 - i)),
    'every day, in order, none skipped or repeated',
  )

  const expected = new Map<string, Partial<Day>>([
    [firstDay, { created: 1 }],
    [d, { created: 2, completed_without_help: 1 }],
    [daysBefore(today, 1), { created: 2, completed_with_help: 1 }],
    [today, { created: 1, completed_with_help: 1 }],
  ])
  t.strictSame(
    days,
    days.map(({ day }) => ({
      day,
      created: 0,
      completed_with_help: 0,
      completed_without_help: 0,
      ...expected.get(day),
    })),
    'each figure on its Helsinki day, zeros elsewhere',
  )
})

t.test('no requests at all: 30 days of zeros', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  const days = ((await admin.get('/api/admin/requests-per-day')).body as unknown as { days: Day[] }).days
  t.equal(days.length, 30)
  t.ok(
    days.every((day) => day.created + day.completed_with_help + day.completed_without_help === 0),
    'all zeros',
  )
  t.equal(days[29]!.day, await helsinkiToday(app))
})

t.test('admins only: 401 without a token, 403 for another user', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const user = await signedIn(app, 'Plain user')
  const url = '/api/admin/requests-per-day'
  const anonymous = await app.inject({ url })
  t.equal(anonymous.statusCode, 401)
  t.ok(anonymous.json<{ message: string }>().message, 'says why')
  const refused = await app.inject({ url, headers: bearer(user.user.token) })
  t.equal(refused.statusCode, 403)
  t.ok(refused.json<{ message: string }>().message, 'says why')
})
