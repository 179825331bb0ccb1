import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp } from '../helper.ts'
import { away, HELSINKI, placeUser } from '../push-helpers.ts'
import type { Actor } from '../requests.ts'
import { signedIn } from '../signed-in.ts'

/**
 * The SQL of each change, kept in one readable place (docs/architecture.md, "Each change's SQL, in one place"):
 * every change of a request is made once through the API, the statements the server sends to PostgreSQL during that
 * one call are recorded through the pool's debug hook (buildServer's `databaseDebug`) and compared with
 * test/server/golden-sql/<change>.sql. A diff of those files shows what a change does to the database.
 * `UPDATE_GOLDEN=1` rewrites them instead (docs/testing.md, "Golden SQL").
 */
const GOLDEN_DIR = join(import.meta.dirname, 'golden-sql')
const UPDATE = process.env.UPDATE_GOLDEN === '1'

/**
 * Statements a call may or may not send depending on what the instance holds, not on the change: the session check
 * (server/domain/accounts/sessions.ts) is answered from the session cache while the bus is current
 * (docs/adr/0010-session-cache.md), which depends on heartbeat timing and on which user called before. It is the same
 * for every call, so it is left out of the golden copies.
 */
const NOT_THE_CHANGE: RegExp[] = [/ from sessions s join users u using \(user_id\) where s\.session_id = \$1 /]

/** One line per statement: whitespace collapsed; `$n` placeholders stay, so no id or time appears. */
function normalise(statement: string): string {
  return statement.replace(/\s+/g, ' ').trim()
}

t.test('the SQL of each change matches its golden copy', async (t) => {
  const recorded: string[] = []
  let recording = false
  // No push worker: its passes run on the same pool at any time, and a change only queues pushes for it. The
  // housekeeping and live-count timers run hourly and per minute; a test this short does not meet them, and if one
  // did, its statements would show in the diff as a statement not of the change (see NOT_THE_CHANGE).
  const app: FastifyInstance = await buildTestApp(
    t,
    { ALERT_FIRST_WAVE: 1, ALERT_MAX_RECIPIENTS: 50 },
    {
      pushWorker: { worker: false },
      databaseDebug: (_connection, query) => {
        if (recording) recorded.push(normalise(query))
      },
    },
  )
  const origin = 'https://push.example'
  // Alerted helpers nearby, so that a take-over, a completion and a deletion have someone to stand down and an
  // alert-more has someone left to alert.
  for (let km = 1; km <= 3; km++) await placeUser(app.sql, origin, { at: away(HELSINKI, km, 90), radius: 20 })
  const owner = await signedIn(app, 'Owner')
  const viewer = await signedIn(app, 'Viewer')
  const [aino, bertta, cecilia] = [
    await signedIn(app, 'Aino'),
    await signedIn(app, 'Bertta'),
    await signedIn(app, 'Cecilia'),
  ] as [Actor, Actor, Actor]

  const changes: Array<{ name: string; call: string; statements: string[] }> = []
  /** Records the statements of exactly one call, which must answer `status`. */
  const record = async <T extends { status: number }>(
    name: string,
    call: string,
    status: number,
    run: () => Promise<T>,
  ): Promise<T> => {
    recorded.length = 0
    recording = true
    let answer: T
    try {
      answer = await run()
    } finally {
      recording = false
    }
    t.equal(answer.status, status, `${name}: ${call} answers ${status}`)
    changes.push({ name, call, statements: recorded.filter((s) => !NOT_THE_CHANGE.some((re) => re.test(s))) })
    return answer
  }

  const created = await record('create', 'POST /api/requests', 201, () => owner.create())
  const id = created.body.request_id
  const url = `/api/requests/${id}`
  await record('add-view', 'PUT /api/requests/:id/add-view', 200, () => viewer.send('PUT', `${url}/add-view`))
  // As if the latest wave had gone out long ago: alert-more is refused within minutes of it.
  await app.sql`update push_waves set last_wave_at = now() - interval '1 hour' where request_id = ${id}`
  await record('alert-more', 'POST /api/requests/:id/alert-more', 202, () => owner.send('POST', `${url}/alert-more`))
  await record('take-over', 'PUT /api/requests/:id/addresponder', 200, () => aino.send('PUT', `${url}/addresponder`))
  await record('message', 'POST /api/requests/:id/messages', 201, () =>
    aino.send('POST', `${url}/messages`, { text: 'On my way' }),
  )
  await record('edit-description', 'PUT /api/requests/:id', 200, () =>
    owner.send('PUT', url, { description: 'Flat tyre, km 3' }),
  )
  await record('move', 'PUT /api/requests/:id/location', 200, () =>
    owner.send('PUT', `${url}/location`, { latitude: 60.18, longitude: 24.95, isApproximate: 0 }),
  )
  await record('release', 'PUT /api/requests/:id/removeresponder (by the helper)', 200, () =>
    aino.send('PUT', `${url}/removeresponder`, { removedBy: 'responder' }),
  )
  t.equal((await bertta.send('PUT', `${url}/addresponder`)).status, 200)
  await record('remove', 'PUT /api/requests/:id/removeresponder (by the owner)', 200, () =>
    owner.send('PUT', `${url}/removeresponder`, { removedBy: 'owner' }),
  )
  t.equal((await cecilia.send('PUT', `${url}/addresponder`)).status, 200)
  await record('set-ready', 'PUT /api/requests/:id/setready', 200, () =>
    owner.send('PUT', `${url}/setready`, { gotHelp: 1 }),
  )
  await record('thank', 'POST /api/requests/:id/thanks', 201, () =>
    owner.send('POST', `${url}/thanks`, { text: 'Thank you!' }),
  )
  await record('report', 'POST /api/requests/:id/reports', 201, () =>
    owner.send('POST', `${url}/reports`, { about: 'responder', reason: 'no_show' }),
  )
  await record('block', 'POST /api/requests/:id/block', 201, () =>
    owner.send('POST', `${url}/block`, { about: 'responder' }),
  )
  const doomed = (await owner.create({ description: 'Never mind' })).body.request_id
  await record('delete', 'DELETE /api/requests/:id', 204, () => owner.send('DELETE', `/api/requests/${doomed}`))

  if (UPDATE) mkdirSync(GOLDEN_DIR, { recursive: true })
  for (const { name, call, statements } of changes) {
    const file = join(GOLDEN_DIR, `${name}.sql`)
    const text = [`-- ${call}`, ...statements].join('\n\n') + '\n'
    if (UPDATE) {
      writeFileSync(file, text)
      continue
    }
    let golden = ''
    try {
      golden = readFileSync(file, 'utf8')
    } catch {
      // A missing file compares as empty: the failure below says how to write it.
    }
    t.equal(
      text,
      golden,
      `${name}: the SQL differs from test/server/golden-sql/${name}.sql; if the change is meant, rewrite the ` +
        'files with UPDATE_GOLDEN=1 npx tap test/server/golden-sql.test.ts and review their diff',
    )
  }
})
