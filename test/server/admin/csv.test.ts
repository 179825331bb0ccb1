import t from 'tap'
import { parse } from 'csv-parse/sync'
import { buildTestApp, tempDir } from '../../helper.ts'
import { bearer } from '../../accounts.ts'
import { insertUser } from './helpers.ts'
import { signedIn } from '../../signed-in.ts'

const HEADER =
  'request_id,created_at,category,status,is_test,is_approximate,latitude,longitude,owner,responder,' +
  'first_responded_at,completed_at,got_help,views'

t.test('the CSV export: header, Helsinki days, quoting, formulas neutralised, never a phone number', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  // Names the API would refuse, written straight to the database: the export must survive whatever is stored.
  const quoted = await insertUser(app, { user_name: 'Sm,"J"\nÄö' })
  const formula = await insertUser(app, { user_name: '=HYPERLINK(1)' })
  const minus = await insertUser(app, { user_name: '-Minus' })
  const at = await insertUser(app, { user_name: '@at', phone: '+358401234567' })
  const tab = await insertUser(app, { user_name: '\tTab' })

  const insert = async (fields: {
    owner: number
    created: string
    helper?: number
    status?: string
    deleted?: boolean
    test?: boolean
  }) => {
    const completed = fields.status === 'completed'
    const [row] = await app.sql<{ request_id: number }[]>`
      insert into requests (owner_id, category, status, description, latitude, longitude, is_approximate, is_test,
        responder_id, created_at, first_responded_at, completed_at, got_help, views, deleted_at)
      values (${fields.owner}, 'bicycle_maintenance', ${fields.status ?? 'new'}, 'Not exported, +358401234567',
        51.5, -0.1, true, ${fields.test ?? false}, ${fields.helper ?? null}, ${fields.created},
        ${fields.helper ? fields.created : null}, ${completed ? fields.created : null},
        ${completed ? false : null}, 3, ${fields.deleted ? fields.created : null})
      returning request_id
    `
    return row!.request_id
  }
  // March 2026 in Helsinki is UTC+2: the period 10-11 March runs from 9 March 22:00 UTC to 11 March 22:00 UTC.
  await insert({ owner: quoted.user_id, created: '2026-03-09T23:59:59+02:00' })
  const first = await insert({ owner: quoted.user_id, created: '2026-03-10T00:00:00+02:00' })
  const done = await insert({
    owner: formula.user_id,
    helper: minus.user_id,
    status: 'completed',
    created: '2026-03-10T12:00:00+02:00',
  })
  const test = await insert({ owner: at.user_id, created: '2026-03-11T10:00:00+02:00', test: true })
  await insert({ owner: at.user_id, created: '2026-03-11T11:00:00+02:00', deleted: true })
  const last = await insert({ owner: tab.user_id, created: '2026-03-11T23:59:59+02:00' })
  await insert({ owner: tab.user_id, created: '2026-03-12T00:00:00+02:00' })

  const answer = await app.inject({
    url: '/api/admin/requests.csv?from=2026-03-10&to=2026-03-11',
    headers: bearer(admin.user.token),
  })
  t.equal(answer.statusCode, 200)
  t.equal(answer.headers['content-type'], 'text/csv; charset=utf-8')
  t.equal(answer.headers['content-disposition'], 'attachment; filename="requests-2026-03-10-2026-03-11.csv"')
  t.ok(answer.body.startsWith(`\uFEFF${HEADER}\r\n`), 'a byte order mark, then the header row')
  t.ok(answer.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'the mark is UTF-8')

  const records = parse<Record<string, string>>(answer.body, { bom: true, columns: true })
  t.same(
    records.map((record) => Number(record.request_id)),
    [first, done, test, last],
    'only the requests created on those Helsinki days, deleted ones left out, oldest first',
  )
  t.strictSame(records[1], {
    request_id: String(done),
    created_at: '2026-03-10T10:00:00.000Z',
    category: 'bicycle_maintenance',
    status: 'completed',
    is_test: 'false',
    is_approximate: 'true',
    latitude: '51.5',
    longitude: '-0.1',
    owner: "'=HYPERLINK(1)",
    responder: "'-Minus",
    first_responded_at: '2026-03-10T10:00:00.000Z',
    completed_at: '2026-03-10T10:00:00.000Z',
    got_help: 'false',
    views: '3',
  })
  t.equal(records[0]!.owner, 'Sm,"J"\nÄö', 'commas, quotes, a newline and ä ö come through intact')
  t.match(answer.body, '"Sm,""J""\nÄö"', 'quoted per RFC 4180: the cell in quotes, its quotes doubled')
  t.equal(records[0]!.responder, '', 'no helper, an empty responder cell')
  t.equal(records[0]!.got_help, '', 'not completed: got_help empty')
  t.equal(records[2]!.is_test, 'true', 'a test request is included, marked')
  t.equal(records[2]!.owner, "'@at")
  t.equal(records[3]!.owner, "'\tTab")

  const phones = (await app.sql<{ phone: string }[]>`select phone from users`).map((row) => row.phone)
  t.equal(phones.length, 6)
  for (const phone of phones) {
    t.notOk(answer.body.includes(phone), `no phone number (${phone})`)
    t.notOk(answer.body.includes(phone.slice(4)), `not even without its country code (${phone})`)
  }
  t.notOk(answer.body.includes('Not exported'), 'descriptions are not exported')
})

t.test('the period: both dates, real dates, in order, at most 366 days', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  const csv = (query: string) =>
    app.inject({ url: `/api/admin/requests.csv${query}`, headers: bearer(admin.user.token) })
  const refusals: Array<[string, string]> = [
    ['', 'Give both dates, from and to, as YYYY-MM-DD'],
    ['?from=2026-01-01', 'Give both dates, from and to, as YYYY-MM-DD'],
    ['?to=2026-01-01', 'Give both dates, from and to, as YYYY-MM-DD'],
    ['?from=2026-02-30&to=2026-03-01', 'Dates must be real calendar dates written as YYYY-MM-DD'],
    ['?from=2026/01/01&to=2026-01-02', 'Dates must be real calendar dates written as YYYY-MM-DD'],
    ['?from=2026-1-1&to=2026-01-02', 'Dates must be real calendar dates written as YYYY-MM-DD'],
    ['?from=2026-01-02&to=2026-01-01', 'The start date must not be after the end date'],
    ['?from=2025-01-01&to=2026-01-02', 'The period can be at most 366 days'],
  ]
  for (const [query, message] of refusals) {
    const answer = await csv(query)
    t.equal(answer.statusCode, 400, query || 'no dates')
    t.equal(answer.json<{ message: string }>().message, message, `${query || 'no dates'} says why`)
  }
  const leapYear = await csv('?from=2024-01-01&to=2024-12-31')
  t.equal(leapYear.statusCode, 200, 'a leap year is 366 days: allowed')
  t.equal(leapYear.body, `\uFEFF${HEADER}\r\n`, 'no requests: the header alone')
  t.equal((await csv('?from=2026-01-01&to=2026-01-01')).statusCode, 200, 'a single day')
})

/** The body of each admin route that needs one, valid, so that an admin's call succeeds. */
const ADMIN_BODIES: Record<string, object> = {
  '/api/admin/users/{id}/admin': { is_admin: false },
  '/api/admin/reports/{id}/decision': { action: 'dismiss', reason: 'Nothing against the rules.' },
}
/** Calls about something this setup does not have (no report, no suspension): past the admin check, a 404. */
const NOTHING_THERE = new Set(['/api/admin/reports/{id}/decision', '/api/admin/users/{id}/suspension'])

t.test('every /api/admin route: 401 without a token, 403 for a non-admin, 2xx for an admin', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Admin', true)
  const user = await signedIn(app, 'Plain user')
  const document = (await app.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>
  }>()
  // Every operation of every admin path, its id filled in with the plain user's and a body where it takes one.
  const calls = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: path.endsWith('.csv')
          ? `${path}?from=2026-01-01&to=2026-01-31`
          : path.replace('{id}', String(user.user.user.user_id)),
        payload: method === 'put' || method === 'post' ? ADMIN_BODIES[path] : undefined,
        nothingThere: NOTHING_THERE.has(path),
      })),
    )
  t.ok(calls.length >= 6, `the admin routes are found in the API document (${calls.map((c) => c.url).join(', ')})`)
  for (const { method, url, payload, nothingThere } of calls) {
    const call = (headers = {}) => app.inject({ method, url, payload, headers })
    const name = `${method} ${url}`
    t.equal((await call()).statusCode, 401, `${name} without a token`)
    t.equal((await call(bearer(user.user.token))).statusCode, 403, `${name} non-admin`)
    const answer = await call(bearer(admin.user.token))
    const expected = (status: number) => (nothingThere ? status === 404 : status >= 200 && status < 300)
    t.ok(expected(answer.statusCode), `${name} admin: ${answer.statusCode}`)
  }
})
