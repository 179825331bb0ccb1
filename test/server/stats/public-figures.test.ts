import t from 'tap'
import type { FastifyInstance } from 'fastify'
import {
  MIN_REQUESTS,
  PublicFiguresCache,
  hiddenParts,
  publicFigures,
} from '../../../server/domain/stats/public-figures.ts'
import { REQUEST_CATEGORIES, type RequestCategory } from '../../../server/domain/shared/categories.ts'
import { buildTestApp } from '../../helper.ts'
import { insertUser } from '../admin/helpers.ts'

const MINUTE = 60_000

interface RequestRow {
  owner: number
  category?: RequestCategory
  /** When it was created: this long before now (ms), or at this instant. */
  ago: number | Date
  /** Minutes from creation to the first take-over. */
  toHelper?: number
  /** Minutes from creation to completion. */
  toCompletion?: number
  gotHelp?: boolean
  test?: boolean
  deleted?: boolean
}

/** A request written straight to the table, at a known time (the API cannot backdate one). */
async function insertRequest(app: FastifyInstance, row: RequestRow): Promise<number> {
  const created = row.ago instanceof Date ? row.ago : new Date(Date.now() - row.ago)
  const at = (minutes: number | undefined) =>
    minutes === undefined ? null : new Date(created.getTime() + minutes * MINUTE)
  const completed = row.toCompletion !== undefined
  const [inserted] = await app.sql<{ request_id: number }[]>`
    insert into requests (owner_id, category, status, description, latitude, longitude, created_at,
      first_responded_at, completed_at, got_help, is_test, deleted_at)
    values (${row.owner}, ${row.category ?? 'other'}, ${completed ? 'completed' : 'new'}, 'Chain off near Pasila',
      60.198765, 24.933456, ${created}, ${at(row.toHelper)}, ${at(row.toCompletion)},
      ${completed ? (row.gotHelp ?? true) : null}, ${row.test ?? false}, ${row.deleted ? new Date() : null})
    returning request_id
  `
  return inserted!.request_id
}

/** The first instant of the window: the start of the Helsinki day 29 days before today's. */
async function windowStart(app: FastifyInstance): Promise<Date> {
  const [row] = await app.sql<{ start: Date }[]>`
    select ((now() at time zone 'Europe/Helsinki')::date - 29)::timestamp at time zone 'Europe/Helsinki' as start
  `
  return row!.start
}

async function helsinkiToday(app: FastifyInstance): Promise<string> {
  const [row] = await app.sql<{ today: string }[]>`
    select to_char((now() at time zone 'Europe/Helsinki')::date, 'YYYY-MM-DD') as today
  `
  return row!.today
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

t.test(
  'without a session: 200, cacheable, every category and day present, nothing shown of an empty window',
  async (t) => {
    const app = await buildTestApp(t)
    const answer = await app.inject({ method: 'GET', url: '/api/stats' })
    t.equal(answer.statusCode, 200)
    t.equal(answer.headers['cache-control'], 'public, max-age=300')
    const body = answer.json<Awaited<ReturnType<typeof publicFigures>>>()
    t.equal(body.days, 30)
    t.equal(body.min_requests, MIN_REQUESTS)
    t.equal(body.requests, 0)
    t.equal(body.helped, null)
    t.equal(body.median_minutes_to_helper, null)
    t.equal(body.median_minutes_to_completion, null)
    t.same(
      body.categories.map((c) => c.category),
      REQUEST_CATEGORIES,
      'every category, in the form order',
    )
    t.equal(body.days_series.length, 30)
    t.equal(body.days_series.at(-1)!.date, await helsinkiToday(app), 'today (Helsinki) last')
    const dates = body.days_series.map((d) => Date.parse(`${d.date}T00:00:00Z`))
    t.ok(
      dates.every((date, i) => i === 0 || date - dates[i - 1]! === 86_400_000),
      'consecutive days',
    )
    t.ok(body.days_series.every((d) => d.requests === null && d.helped === null))
  },
)

t.test('figures over real requests of the window: test, deleted and older requests left out', async (t) => {
  const app = await buildTestApp(t)
  const owner = (await insertUser(app, { user_name: 'Secretowner' })).user_id
  const start = await windowStart(app)

  // Twelve real bicycle requests: ten completed (seven with help), two still new, one of which had a helper.
  const toHelper = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 30]
  const toCompletion = [20, 30, 40, 50, 60, 70, 80, 90, 100, 110]
  for (let i = 0; i < 12; i++) {
    await insertRequest(app, {
      owner,
      category: 'bicycle_maintenance',
      // The oldest exactly at the window's first instant: inside.
      ago: i === 0 ? start : (i + 1) * 60 * MINUTE,
      ...(i < 11 ? { toHelper: toHelper[i]! } : {}),
      ...(i < 10 ? { toCompletion: toCompletion[i]!, gotHelp: i < 7 } : {}),
    })
  }
  // Left out: test requests, deleted ones (even completed with help), and one a millisecond before the window.
  for (let i = 0; i < 3; i++) {
    await insertRequest(app, { owner, ago: MINUTE, toHelper: 1, toCompletion: 2, test: true })
    await insertRequest(app, { owner, ago: MINUTE, toHelper: 1, toCompletion: 2, deleted: true })
  }
  await insertRequest(app, { owner, ago: new Date(start.getTime() - 1), toHelper: 1, toCompletion: 2 })
  await insertRequest(app, { owner, ago: 40 * 24 * 60 * MINUTE, toHelper: 1, toCompletion: 2 })

  const figures = await publicFigures(app.sql)
  t.equal(figures.requests, 12)
  t.equal(figures.helped, 7)
  t.equal(figures.median_minutes_to_helper, median(toHelper))
  t.equal(figures.median_minutes_to_completion, median(toCompletion))
  t.same(figures.categories[0], {
    category: 'bicycle_maintenance',
    requests: 12,
    helped: 7,
    median_minutes_to_helper: median(toHelper),
  })
  for (const other of figures.categories.slice(1)) {
    t.same(other, { category: other.category, requests: 0, helped: null, median_minutes_to_helper: null })
  }
  t.equal(
    figures.days_series.reduce((sum, d) => sum + d.requests!, 0),
    12,
    'the daily counts add up to the total',
  )
  t.equal(figures.days_series[0]!.requests, 1, 'the request at the first instant counts on the first day')
  t.ok(
    figures.days_series.every((d) => d.helped === null),
    'no day has ten requests: no daily helped count (the days together hold 12, so none can be told)',
  )

  // Nothing that names or places anyone: none of the stored words or coordinates, and only the documented keys (no
  // id of a request or a user).
  const text = JSON.stringify(figures)
  for (const secret of ['Secretowner', 'Pasila', '60.19', '24.93']) {
    t.notOk(text.includes(secret), `no ${secret}`)
  }
  const keys = new Set<string>()
  JSON.parse(text, (key: string, value: unknown) => (keys.add(key), value))
  keys.delete('')
  t.same([...keys].filter((key) => !/^\d+$/.test(key)).sort(), [
    'categories',
    'category',
    'date',
    'days',
    'days_series',
    'helped',
    'median_minutes_to_completion',
    'median_minutes_to_helper',
    'min_requests',
    'requests',
  ])
  t.notOk(keys.has('request_id'))
})

t.test('below ten requests only their number is shown', async (t) => {
  const app = await buildTestApp(t)
  const owner = (await insertUser(app, { user_name: 'Owner' })).user_id
  for (let i = 0; i < MIN_REQUESTS - 1; i++) {
    await insertRequest(app, { owner, ago: MINUTE, toHelper: 3, toCompletion: 10, gotHelp: true })
  }
  // Test and deleted requests do not lift it over the line.
  await insertRequest(app, { owner, ago: MINUTE, toHelper: 3, toCompletion: 10, test: true })
  await insertRequest(app, { owner, ago: MINUTE, toHelper: 3, toCompletion: 10, deleted: true })
  const answer = await app.inject({ method: 'GET', url: '/api/stats' })
  t.equal(answer.statusCode, 200)
  const figures = answer.json<Awaited<ReturnType<typeof publicFigures>>>()
  t.equal(figures.requests, MIN_REQUESTS - 1)
  t.equal(figures.helped, null)
  t.equal(figures.median_minutes_to_helper, null)
  t.equal(figures.median_minutes_to_completion, null)
  t.ok(figures.categories.every((c) => c.requests === null && c.helped === null && c.median_minutes_to_helper === null))
  t.ok(figures.days_series.every((d) => d.requests === null && d.helped === null))
})

t.test('a median needs ten measured requests, and a category too small hides one more', async (t) => {
  const app = await buildTestApp(t)
  const owner = (await insertUser(app, { user_name: 'Owner' })).user_id
  // 12 bicycle requests, all completed with help, 9 of them with a helper: the median to a helper is not shown.
  for (let i = 0; i < 12; i++) {
    await insertRequest(app, {
      owner,
      category: 'bicycle_maintenance',
      ago: MINUTE,
      ...(i < 9 ? { toHelper: 5 } : {}),
      toCompletion: 30,
    })
  }
  // 11 "other" requests, 5 helped; and 2 food requests, 1 helped: 40 - 28 would tell the food requests' outcome.
  for (let i = 0; i < 11; i++) {
    await insertRequest(app, { owner, ago: MINUTE, toHelper: 5, toCompletion: 30, gotHelp: i < 5 })
  }
  for (let i = 0; i < 2; i++) {
    await insertRequest(app, { owner, category: 'food_and_hydration', ago: MINUTE, toCompletion: 30, gotHelp: i < 1 })
  }
  const figures = await publicFigures(app.sql)
  t.equal(figures.requests, 25)
  t.equal(figures.helped, 18)
  t.equal(figures.median_minutes_to_helper, 5, '20 requests had a helper')
  t.equal(figures.median_minutes_to_completion, 30)
  const [bicycle, food, transport, other] = figures.categories
  t.same(bicycle, { category: 'bicycle_maintenance', requests: 12, helped: 12, median_minutes_to_helper: null })
  t.same(food, { category: 'food_and_hydration', requests: 2, helped: null, median_minutes_to_helper: null })
  t.same(transport, { category: 'transportation_need', requests: 0, helped: null, median_minutes_to_helper: null })
  t.same(
    other,
    { category: 'other', requests: 11, helped: null, median_minutes_to_helper: 5 },
    'hidden as well: the 2 food requests alone would be the difference',
  )
  // All 25 were created today: that day holds enough for its own helped count.
  const today = figures.days_series.at(-1)!
  t.same(today, { date: await helsinkiToday(app), requests: 25, helped: 18 })
})

t.test('hiddenParts: what is hidden together always holds none or at least ten requests', async (t) => {
  t.same([...hiddenParts([12, 2, 0, 11])].sort(), [1, 2, 3])
  t.same([...hiddenParts([12, 0, 0, 11])].sort(), [1, 2], 'empty parts tell nothing')
  t.same([...hiddenParts([12, 10, 0, 11])].sort(), [2])
  t.same([...hiddenParts([5, 5, 20])].sort(), [0, 1], 'two small parts together make ten')
  t.same([...hiddenParts([1, 30, 30])].sort(), [0, 1])
  t.same([...hiddenParts([3, 4])].sort(), [0, 1])
  // Randomised: the rule holds for any split.
  for (let round = 0; round < 500; round++) {
    const sizes = Array.from({ length: 1 + Math.floor(Math.random() * 30) }, () => Math.floor(Math.random() * 14))
    const hidden = hiddenParts(sizes)
    const hiddenSum = [...hidden].reduce((sum, i) => sum + sizes[i]!, 0)
    const ok =
      (hiddenSum === 0 || hiddenSum >= MIN_REQUESTS || hidden.size === sizes.length) &&
      sizes.every((size, i) => size >= MIN_REQUESTS || hidden.has(i))
    if (!ok) t.fail(`sizes ${sizes.join(',')} hid ${[...hidden].join(',')}`)
  }
})

t.test('each instance builds the figures at most once a minute', async (t) => {
  const app = await buildTestApp(t)
  const owner = (await insertUser(app, { user_name: 'Owner' })).user_id
  const first = await app.inject({ method: 'GET', url: '/api/stats' })
  t.equal(first.json<{ requests: number }>().requests, 0)
  await insertRequest(app, { owner, ago: MINUTE })
  const second = await app.inject({ method: 'GET', url: '/api/stats' })
  t.equal(second.json<{ requests: number }>().requests, 0, 'the copy of a moment ago')

  let now = 1_000_000
  const cache = new PublicFiguresCache(app.sql, 60_000, () => now)
  t.equal((await cache.get()).requests, 1)
  await insertRequest(app, { owner, ago: MINUTE })
  now += 59_999
  t.equal((await cache.get()).requests, 1, 'kept for a minute')
  now += 1
  t.equal((await cache.get()).requests, 2, 'built again after it')
})
