import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startSession } from '../../server/domain/accounts/sessions.ts'
import { userById } from '../../server/domain/accounts/users.ts'
import { buildTestApp, createTestDatabase, tempDir } from '../helper.ts'
import { runMain, type RunningMain } from '../process.ts'
import { away, HELSINKI, placeUser, type Helper } from '../push-helpers.ts'
import { readPush, startPushService } from '../push-service.ts'
import { waitUntil } from '../wait.ts'

/**
 * `kill -9` of the server in the middle of a mixed load (creates, description edits, take-overs, pushes being sent,
 * waves due): after a restart on the same database every acknowledged write is there, no queued push is lost,
 * a push is sent twice only if it was on its way when the process died (the phone then replaces it: same tag),
 * and the waves carry on.
 */

const OWNERS = 14
const HELPERS = 12
const ESCALATE_AFTER = 2

interface Person extends Helper {
  token: string
}

t.test('kill -9 in the middle of a mixed load: nothing acknowledged is lost', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const certificate = join(tempDir(t), 'push-ca.pem')
  writeFileSync(certificate, service.ca)
  const databaseUrl = await createTestDatabase(t)
  const dataDir = tempDir(t)

  // People are written straight to the database; an app on the same DATA_DIR (the same JWT secret) signs their
  // tokens. It sends nothing itself.
  const maker = await buildTestApp(
    t,
    { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    { pushWorker: { worker: false } },
  )
  const person = async (at: typeof HELSINKI, radius: number, name: string): Promise<Person> => {
    const placed = await placeUser(maker.sql, service.origin, { at, radius, name })
    const session = await startSession(maker.sql, placed.userId)
    const token = maker.accessTokenFor((await userById(maker.sql, placed.userId))!, session.sessionId)
    return { ...placed, token }
  }
  const helpers: Person[] = []
  for (let i = 0; i < HELPERS; i++) helpers.push(await person(away(HELSINKI, 1 + i, i * 30), 50, `crashhelp${i}`))
  // Owners live far away (out of every request's reach), so every alert goes to the helpers.
  const owners: Person[] = []
  for (let i = 0; i < OWNERS; i++) owners.push(await person(away(HELSINKI, 400, i * 20), 1, `crashowner${i}`))
  const devices = new Map([...helpers, ...owners].map((p) => [p.id, p]))
  // Up to 28 requests: each helper may be alerted of every one (the default cap is 6 an hour).
  await maker.sql`update users set hourly_alert_cap = 30`

  const start = (): RunningMain => {
    const main = runMain({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
      NODE_EXTRA_CA_CERTS: certificate,
      ALERT_FIRST_WAVE: '3',
      ALERT_ESCALATE_AFTER: String(ESCALATE_AFTER),
      ALERT_MAX_RECIPIENTS: String(HELPERS),
    })
    t.teardown(() => main.child.kill('SIGKILL'))
    return main
  }
  const listening = async (main: RunningMain) => {
    const [, port] = await main.waitFor(/listening at http:\/\/127\.0\.0\.1:(\d+)/)
    return `http://127.0.0.1:${port}`
  }
  const first = start()
  const base = await listening(first)

  const call = async (who: Person, method: string, path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${who.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    return { status: response.status, body: (await response.json().catch(() => ({}))) as { request_id?: number } }
  }

  // What the server acknowledged (a 2xx answer), and what was sent but never answered (in flight at the kill).
  const created = new Map<number, Person>()
  const takenBy = new Map<number, Person>()
  const lastEdit = new Map<number, string>()
  const unansweredEdits = new Map<number, Set<string>>()
  let stop = false
  const owner = async (who: Person, index: number) => {
    for (let n = 0; !stop && n < 2; n++) {
      const made = await call(who, 'POST', '/api/requests', {
        category: 'bicycle_maintenance',
        description: `Load ${index}.${n}`,
        ...away(HELSINKI, 2 + n, index * 20),
        isApproximate: 0,
      }).catch(() => undefined)
      if (made?.status !== 201) return
      const id = made.body.request_id!
      created.set(id, who)
      for (let edit = 0; !stop && edit < 20; edit++) {
        const description = `Load ${index}.${n} edit ${edit}`
        const sent = call(who, 'PUT', `/api/requests/${id}`, { description })
        const answer = await sent.catch(() => undefined)
        if (answer?.status === 200) lastEdit.set(id, description)
        else if (!answer) unansweredEdits.set(id, (unansweredEdits.get(id) ?? new Set()).add(description))
        else t.fail(`an edit answered ${answer.status}`)
      }
    }
  }
  const helper = async (who: Person, index: number) => {
    // Half the helpers take requests over; the others only receive pushes. Every third request is left open,
    // so its waves must carry on after the restart.
    if (index % 2 === 1) return
    // Each helper tries each request once: it waits for one it has not tried rather than for a guessed time.
    const tried = new Set<number>()
    const untried = () => [...created.keys()].filter((id) => !takenBy.has(id) && id % 3 !== 0 && !tried.has(id))
    while (!stop) {
      await waitUntil(() => stop || untried().length > 0)
      const open = untried()
      const id = open[Math.floor(Math.random() * open.length)]
      if (id === undefined) continue
      tried.add(id)
      const answer = await call(who, 'PUT', `/api/requests/${id}/addresponder`).catch(() => undefined)
      if (answer?.status === 200) takenBy.set(id, who)
    }
  }
  const load = Promise.all([...owners.map(owner), ...helpers.map(helper)])
  // Killed in the middle of the load, once it has done what the checks below need.
  await waitUntil(() => created.size >= 8 && takenBy.size >= 2)
  first.child.kill('SIGKILL')
  await first.exited
  stop = true
  await load
  const receivedBeforeKill = service.received.length
  t.ok(created.size >= 8, `requests were created before the kill (${created.size})`)
  t.ok(takenBy.size >= 2, `and taken over (${takenBy.size})`)

  // A push the dead process had claimed falls due again when its lease (60 s) is over; the lease itself is tested
  // in push/durable-queue.test.ts, so here its end is brought forward instead of waited for.
  await maker.sql`update push_jobs set not_before = now() where not_before > now()`
  const restartedAt = Date.now()
  const second = start()
  await listening(second)
  // Every wave falls due ESCALATE_AFTER seconds after the last; the queue is done when nothing is left or due (a
  // request taken over keeps its waves paused, with no due time, for a let-go to resume).
  await waitUntil(async () => {
    const [left] = await maker.sql<{ jobs: number; waves: number }[]>`
      select (select count(*)::int from push_jobs) as jobs,
        (select count(*)::int from push_waves where due_at is not null) as waves`
    return left!.jobs === 0 && left!.waves === 0
  })

  const rows = await maker.sql<
    {
      request_id: number
      owner_id: number
      description: string
      responder_id: number | null
      first_responded: boolean
    }[]
  >`
    select request_id, owner_id, description, responder_id, first_responded_at is not null as first_responded
    from requests where deleted_at is null`
  const stored = new Map(rows.map((row) => [row.request_id, row]))
  t.same(
    [...created.keys()].filter((id) => !stored.has(id)),
    [],
    `every acknowledged request is stored (${created.size})`,
  )
  t.same(
    [...takenBy].filter(([id, who]) => stored.get(id)?.responder_id !== who.userId).map(([id]) => id),
    [],
    `every acknowledged take-over is stored (${takenBy.size})`,
  )
  const lostEdits = [...lastEdit].filter(([id, description]) => {
    const now = stored.get(id)?.description
    return now !== description && !unansweredEdits.get(id)?.has(now ?? '')
  })
  t.same(lostEdits, [], `every request has its last acknowledged edit or one sent after it (${lastEdit.size})`)

  // Every push as its device decrypts it: who, what, about which request.
  const pushes = service.received.map((push, index) => {
    const device = devices.get(push.id)!
    const { title, tag } = readPush(push, device.browser).notification
    return { key: `${push.id} ${title} ${tag}`, beforeKill: index < receivedBeforeKill }
  })
  // Who was alerted of each request, taken over or not (a take-over stands them down and keeps who they were).
  const alerts = await maker.sql<{ request_id: number; user_id: number; wave: number; alerted_at: Date }[]>`
    select request_id, user_id, wave, alerted_at from push_alerts`
  const deviceOf = (userId: number) => [...helpers, ...owners].find((p) => p.userId === userId)!.id
  const alertKeys = alerts.map((a) => `${deviceOf(a.user_id)} Someone nearby needs help request-${a.request_id}`)
  // A take-over in flight at the kill may have committed unanswered: its push is owed as well.
  const taken = rows.filter((row) => row.responder_id !== null)
  const takeOverKeys = taken.map((row) => `${deviceOf(row.owner_id)} Help is on the way request-${row.request_id}`)
  const keys = pushes.map((p) => p.key)
  // Each helper alerted of a request taken over (not the taker) was stood down after the alert, under its tag.
  const standDownsOwed = taken.flatMap((row) =>
    helpers
      .filter((h) => h.userId !== row.responder_id)
      .filter((h) => keys.includes(`${h.id} Someone nearby needs help request-${row.request_id}`))
      .map((h) => ({
        alert: `${h.id} Someone nearby needs help request-${row.request_id}`,
        standDown: `${h.id} Someone is already helping request-${row.request_id}`,
      })),
  )
  const expected = new Set([...alertKeys, ...takeOverKeys, ...standDownsOwed.map((owed) => owed.standDown)])
  const received = new Set(keys)
  t.same(
    [...expected].filter((key) => !received.has(key)),
    [],
    `every queued push arrived: ${alertKeys.length} alerts of open requests, ${takeOverKeys.length} take-overs, ` +
      `${standDownsOwed.length} stand-downs`,
  )
  t.same(
    standDownsOwed.filter(({ alert, standDown }) => keys.lastIndexOf(standDown) < keys.indexOf(alert)),
    [],
    'every stand-down came after its alert',
  )
  const takenIds = new Set(taken.map((row) => `request-${row.request_id}`))
  t.same(
    [...received].filter(
      (key) =>
        !expected.has(key) && !(key.includes('Someone nearby needs help') && takenIds.has(key.split(' ').pop()!)),
    ),
    [],
    'nothing else arrived (besides the alerts of the requests taken over)',
  )
  const copies = new Map<string, typeof pushes>()
  for (const push of pushes) copies.set(push.key, [...(copies.get(push.key) ?? []), push])
  const twice = [...copies.values()].filter((same) => same.length > 1)
  t.ok(
    twice.every((same) => same.length === 2 && same[0]!.beforeKill && !same[1]!.beforeKill),
    `a push arrived twice only when it was on its way at the kill, then once more after the restart (${twice.length})`,
  )
  t.ok(twice.length <= 4, 'at most the 4 the worker sends at once')
  const neverTaken = rows.filter((row) => !row.first_responded).map((row) => row.request_id)
  t.same(
    neverTaken.filter((id) => alerts.filter((a) => a.request_id === id).length !== HELPERS),
    [],
    `every request nobody took (${neverTaken.length}) alerted all ${HELPERS} helpers in its waves`,
  )
  const laterWaves = alerts.filter((a) => a.wave >= 2 && a.alerted_at.getTime() >= restartedAt)
  t.ok(laterWaves.length > 0, `waves still fired after the restart (${laterWaves.length} alerts)`)
  t.comment(`${created.size} requests, ${pushes.length} pushes (${receivedBeforeKill} before the kill)`)
})
